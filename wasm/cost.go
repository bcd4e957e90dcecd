package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// costPage is the full-cost (TCO) page. It will list every cost line (the C
// rules); for now it holds the heading.
type costPage struct {
	app.Compo
	pageState
}

func newCostPage() app.Composer { return &costPage{} }

// OnInit reads the state before the first render.
func (p *costPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *costPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeCost)) }

// Render draws the page.
func (p *costPage) Render() app.UI {
	return p.layout(routeByID(routeCost), func() app.UI {
		m := p.st.Lang.M()
		return textPage(m.CostTitle, m.CostIntro, m.ComingSoon)
	})
}
