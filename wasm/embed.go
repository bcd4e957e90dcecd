package main

import (
	"fmt"
	"sync"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// embedPage is a widget for an <iframe> on another site: the planner
// (?view=plan, the default), the quote comparison (?view=quotes) or the
// contract review (?view=contract), without the site chrome. Each answers
// first (the verdict, the chart, the few inputs that matter), then links
// to the full page in a new tab, carrying the state. The figures come from
// the link: the query carries the sheet, the fragment the procurement
// sections (form.State.ShareFragment), so a blog author sets them once. An embed showing a
// link's figures writes nothing to the reader's storage. It is its own
// type so that go-app remounts it rather than reusing a home-page
// component when the route changes.
type embedPage struct {
	plannerPage
	view string // "plan", "quotes" or "contract"
}

// The embed views.
const (
	viewPlan     = "plan"
	viewQuotes   = "quotes"
	viewContract = "contract"
)

func newEmbedPage() app.Composer {
	return &embedPage{plannerPage: plannerPage{embed: true, pageState: pageState{inEmbed: true}}}
}

// OnInit reads the state and the view before the first render.
func (p *embedPage) OnInit() {
	p.plannerPage.OnInit()
	if app.IsClient {
		p.view = embedView(app.Window().URL().Query().Get("view"))
	}
}

// OnMount makes every link of the frame open a new tab (newTabLinks).
func (p *embedPage) OnMount(ctx app.Context) { newTabLinks() }

// newTabLinks makes every link clicked inside the embed open a new tab,
// outside the host page: the planner view's own links (rule references,
// the share link) do not say so themselves. A click listener on the
// window's capture phase runs before go-app's own link handler (which
// navigates in place unless the link's target is _blank) and before the
// browser follows the link, and sets the target then. It is added once
// per frame.
var newTabLinks = sync.OnceFunc(func() {
	if !app.IsClient {
		return
	}
	_ = guard("new-tab links", func() {
		onClick := app.FuncOf(func(this app.Value, args []app.Value) any {
			a := args[0].Get("target")
			if a.Truthy() && !a.Get("closest").IsUndefined() {
				a = a.Call("closest", "a[href]")
			}
			if a.Truthy() && a.Get("target").String() != "_blank" {
				a.Set("target", "_blank")
				a.Set("rel", "noopener")
			}
			return nil
		})
		app.Window().Call("addEventListener", "click", onClick, true)
	})
})

// OnNav reads the view, then loads the state as the planner does.
func (p *embedPage) OnNav(ctx app.Context) {
	p.view = embedView(ctx.Page().URL().Query().Get("view"))
	p.plannerPage.OnNav(ctx)
}

// embedView is the view a link asks for; anything else is the plan.
func embedView(v string) string {
	switch v {
	case viewQuotes, viewContract:
		return v
	}
	return viewPlan
}

// Render draws the view with a one-line footer instead of the header,
// menu and site footer.
func (p *embedPage) Render() app.UI {
	r := routeByID(routeEmbed)
	l := p.st.Lang
	body, full := p.body, routeByID(routePlanner)
	switch p.view {
	case viewQuotes:
		body, full = func() app.UI { return quotesEmbed(l, p.st.Proc) }, routeByID(routeQuotes)
	case viewContract:
		body, full = func() app.UI { return contractEmbed(l, p.st.Proc) }, routeByID(routeContract)
	}
	open, openText := p.pageLink(full, l), l.Text("site.page.open_full")
	if p.view != viewPlan {
		openText = l.Text("site.proc.embed_open")
	}
	if f := frag(p); f != "" && full.ID != routePlanner {
		open += "#" + f
	}
	return app.Div().Class("embed").Attr("data-view", p.view).Body(
		app.Main().ID("%s", r.ID).Class("page").Attr("data-wasm", p.wasmRendered()).Body(
			p.savedWork(r),
			p.notices(),
			app.If(p.fail != nil, func() app.UI { return failureBox(l, p.fail) }),
			safeRender(l, r.ID, body),
		),
		app.Footer().Class("embed-footer").Body(
			// target=_blank: the full site opens outside the host page.
			app.A().ID("open-full").Href("%s", open).Target("_blank").Rel("noopener").Text(openText),
			p.embedLangSwitch(r, frag(p)),
		),
	)
}

// frag is the share fragment of the embed's sections, "" when none.
func frag(p *embedPage) string {
	f, err := p.shareFrag()
	if err != nil {
		return ""
	}
	return f
}

// embedLangSwitch is the language switch of the embed: the same view and
// figures in the other language.
func (p *embedPage) embedLangSwitch(r route, frag string) app.UI {
	other := p.st.Lang.Other()
	h := p.pageLink(r, other)
	if p.view != viewPlan {
		h += "&view=" + p.view
	}
	if frag != "" {
		h += "#" + frag
	}
	return app.A().ID("lang-switch").Class("lang-switch").Href("%s", h).
		Attr("hreflang", other.HTMLLang()).Attr("lang", other.HTMLLang()).Text(p.st.Lang.Text("site.page.switch_to"))
}

// quotesEmbed is the quote comparison's answer and the need it prices.
func quotesEmbed(l Lang, proc *form.Procurement) app.UI {
	var summary string
	if q := proc.PlanSections(); q != nil && q.Quotes != nil {
		n := q.Quotes.Need
		summary = fmt.Sprintf("%s %d · %s %s · %s %s · %s %d · %s %d",
			label(l, "need.cards"), n.Cards, label(l, "need.egress_tb"), n.EgressTB, label(l, "need.storage_gb"),
			n.StorageGB, label(l, "need.ips"), n.IPs, label(l, "need.term_months"), n.TermMonths)
	}
	return procEmbed(l, l.Text("site.proc.quotes_title"), summary, func() app.UI { return quotesAnswer(l, proc, true) })
}

// contractEmbed is the contract review's answer and its key terms.
func contractEmbed(l Lang, proc *form.Procurement) app.UI {
	var summary string
	if s := proc.PlanSections(); s != nil && s.Contract != nil {
		c := s.Contract
		summary = fmt.Sprintf("%s %s · %s %s · %s %d", label(l, "availability_pct"), c.AvailabilityPct,
			label(l, "monthly_fee"), l.Money(c.MonthlyFee), label(l, "term_months"), c.TermMonths)
	}
	return procEmbed(l, l.Text("site.proc.contract_title"), summary, func() app.UI { return contractAnswer(l, proc, true) })
}

// procEmbed is a widget: its title, the inputs that matter in one line,
// then the answer; without a section, a line saying the link has none.
func procEmbed(l Lang, title, summary string, answer func() app.UI) app.UI {
	if summary == "" {
		return app.Div().Class("proc-embed").Body(heading(1, title),
			app.P().ID("embed-empty").Text(l.Text("site.proc.embed_no_data")))
	}
	return app.Div().Class("proc-embed").Body(heading(1, title),
		app.P().ID("embed-need").Class("need").Text(summary), answer())
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
