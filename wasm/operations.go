package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// operationsPage is a placeholder for the operations stage of the journey: its title and
// one sentence. The page itself is built on branch p14b, which replaces
// this file.
type operationsPage struct {
	app.Compo
	pageState
}

func newOperationsPage() app.Composer { return &operationsPage{} }

// OnInit reads the state before the first render.
func (p *operationsPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *operationsPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeOperations)) }

// Render draws the page.
func (p *operationsPage) Render() app.UI {
	return p.layout(routeByID(routeOperations), func() app.UI {
		t := p.st.Lang.P()
		return app.Div().Class("stub-page").Body(
			app.H1().Text(t.NavOperations),
			app.P().Class("intro").Text(t.StubOperations),
		)
	})
}
