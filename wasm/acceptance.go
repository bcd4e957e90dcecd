package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// acceptancePage is the acceptance page. It will show what gpuverify checks
// and render its reports; for now it holds the heading.
type acceptancePage struct {
	app.Compo
	pageState
}

func newAcceptancePage() app.Composer { return &acceptancePage{} }

// OnInit reads the state before the first render.
func (p *acceptancePage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *acceptancePage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeAcceptance)) }

// Render draws the page.
func (p *acceptancePage) Render() app.UI {
	return p.layout(routeByID(routeAcceptance), func() app.UI {
		m := p.st.Lang.M()
		return textPage(m.AcceptanceTitle, m.AcceptanceIntro, m.ComingSoon)
	})
}
