package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// checklistsPage is a placeholder for the checklists stage of the journey: its title and
// one sentence. The page itself is built on branch p14b, which replaces
// this file.
type checklistsPage struct {
	app.Compo
	pageState
}

func newChecklistsPage() app.Composer { return &checklistsPage{} }

// OnInit reads the state before the first render.
func (p *checklistsPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *checklistsPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeChecklists)) }

// Render draws the page.
func (p *checklistsPage) Render() app.UI {
	return p.layout(routeByID(routeChecklists), func() app.UI {
		t := p.st.Lang.P()
		return app.Div().Class("stub-page").Body(
			app.H1().Text(t.NavChecklists),
			app.P().Class("intro").Text(t.StubList),
		)
	})
}
