package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// renewalPage is a placeholder for the renewal stage of the journey: its title and
// one sentence. The page itself is built on branch p14b, which replaces
// this file.
type renewalPage struct {
	app.Compo
	pageState
}

func newRenewalPage() app.Composer { return &renewalPage{} }

// OnInit reads the state before the first render.
func (p *renewalPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *renewalPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeRenewal)) }

// Render draws the page.
func (p *renewalPage) Render() app.UI {
	return p.layout(routeByID(routeRenewal), func() app.UI {
		t := p.st.Lang.P()
		return app.Div().Class("stub-page").Body(
			app.H1().Text(t.NavRenewal),
			app.P().Class("intro").Text(t.StubRenewal),
		)
	})
}
