package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// aboutPage is the about page. It says what the site is and that it runs
// offline and keeps no data.
type aboutPage struct {
	app.Compo
	pageState
}

func newAboutPage() app.Composer { return &aboutPage{} }

// OnInit reads the state before the first render.
func (p *aboutPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *aboutPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeAbout)) }

// Render draws the page.
func (p *aboutPage) Render() app.UI {
	return p.layout(routeByID(routeAbout), func() app.UI {
		m := p.st.Lang.M()
		return textPage(m.AboutTitle, m.AboutIntro, m.AboutOffline, m.AboutPrivacy)
	})
}
