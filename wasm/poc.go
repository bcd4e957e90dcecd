package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// pocPage is a placeholder for the poc stage of the journey: its title and
// one sentence. The page itself is built on branch p14b, which replaces
// this file.
type pocPage struct {
	app.Compo
	pageState
}

func newPOCPage() app.Composer { return &pocPage{} }

// OnInit reads the state before the first render.
func (p *pocPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *pocPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routePOC)) }

// Render draws the page.
func (p *pocPage) Render() app.UI {
	return p.layout(routeByID(routePOC), func() app.UI {
		t := p.st.Lang.P()
		return app.Div().Class("stub-page").Body(
			app.H1().Text(t.NavPOC),
			app.P().Class("intro").Text(t.StubPOC),
		)
	})
}
