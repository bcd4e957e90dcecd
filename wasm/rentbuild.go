package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// rentBuildPage is the rent-or-build page. It will compare renting with
// owning; for now it holds the heading.
type rentBuildPage struct {
	app.Compo
	pageState
}

func newRentBuildPage() app.Composer { return &rentBuildPage{} }

// OnInit reads the state before the first render.
func (p *rentBuildPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *rentBuildPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeRentBuild)) }

// Render draws the page.
func (p *rentBuildPage) Render() app.UI {
	return p.layout(routeByID(routeRentBuild), func() app.UI {
		m := p.st.Lang.M()
		return textPage(m.RentBuildTitle, m.RentBuildIntro, m.ComingSoon)
	})
}
