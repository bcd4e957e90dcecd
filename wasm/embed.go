package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// embedPage is the planner without the site chrome, for an <iframe> on
// another site. It is its own type so that go-app remounts it rather than
// reusing a home-page component when the route changes.
type embedPage struct {
	plannerPage
}

func newEmbedPage() app.Composer {
	return &embedPage{plannerPage{embed: true}}
}

// Render draws the planner with a one-line footer instead of the header,
// menu and site footer.
func (p *embedPage) Render() app.UI {
	r := routeByID(routeEmbed)
	l := p.st.Lang
	m := l.M()
	return app.Div().Class("embed").Body(
		app.Main().ID("%s", r.ID).Class("page").Attr("data-wasm", p.wasmRendered()).Body(
			p.savedWork(r),
			p.notices(),
			app.If(p.fail != nil, func() app.UI { return failureBox(l, p.fail) }),
			safeRender(l, r.ID, p.body),
		),
		app.Footer().Class("embed-footer").Body(
			// target=_blank: the full site opens outside the host page.
			app.A().ID("open-full").Href("%s", p.pageLink(routeByID(routePlanner), p.st.Lang)).
				Target("_blank").Rel("noopener").Text(m.OpenFull),
			p.langSwitch(r),
		),
	)
}

// postHeight tells the host page how tall the embed is, so it can size the
// iframe: window.parent receives {source:"gpuplan", type:"height", height}.
// Only the height leaves the frame, never the plan.
func postHeight(ctx app.Context) {
	if !app.IsClient {
		return
	}
	_ = guard("posting height", func() {
		w := app.Window()
		parent := w.Get("parent")
		if parent.IsUndefined() || parent.IsNull() || parent.Equal(w.JSValue()) {
			return
		}
		h := w.Get("document").Get("documentElement").Get("scrollHeight").Int()
		msg := map[string]any{"source": "gpuplan", "type": "height", "height": h}
		parent.Call("postMessage", msg, "*")
	})
}
