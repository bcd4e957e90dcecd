package main

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// plannerPage is the home page: the planner form and its live result. Until
// the planner is wired to shared/plan it computes one thing, the billing mode
// of rule B1, so the whole chain (input → URL → storage → output) is real.
type plannerPage struct {
	app.Compo
	pageState
	embed bool // rendered without the site chrome, for iframes (embed.go)
}

func newPlannerPage() app.Composer { return &plannerPage{} }

// OnInit reads the state before the first render.
func (p *plannerPage) OnInit() { p.preload() }

// OnNav reloads the state from the URL each time the page is entered.
func (p *plannerPage) OnNav(ctx app.Context) {
	p.enter(ctx, p.route())
	if p.embed {
		ctx.Defer(postHeight)
	}
}

func (p *plannerPage) route() route {
	if p.embed {
		return routeByID(routeEmbed)
	}
	return routeByID(routePlanner)
}

// Render draws the page.
func (p *plannerPage) Render() app.UI {
	return p.layout(p.route(), p.body)
}

// setField stores the text of one field, then saves the state when every
// field is valid. It is the only way the input changes.
func (p *plannerPage) setField(ctx app.Context, key, value string) {
	p.st.Input = p.st.Input.With(key, value)
	p.problems = nil
	saveState(ctx, p.st, true)
	if p.embed {
		ctx.Defer(postHeight)
	}
}

// onField returns the input handler of one field.
func (p *plannerPage) onField(key string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("input "+key, func() {
			p.setField(ctx, key, ctx.JSSrc().Get("value").String())
		})
	}
}

// body is the planner itself, shared by the home page and /embed.
func (p *plannerPage) body() app.UI {
	m := p.st.Lang.M()
	res := Compute(p.st.Input)
	fields := make([]app.UI, len(inputFields))
	for i, f := range inputFields {
		fields[i] = numberInput(f, m, p.st.Input.Get(f.Key), res.ErrorFor(f.Key), p.onField(f.Key))
	}
	return app.Div().Class("planner").Body(
		app.H1().Text(m.PlannerTitle),
		app.P().Class("intro").Text(m.PlannerIntro),
		app.Div().Class("planner-grid").Body(
			app.Form().Class("plan-form").OnSubmit(preventSubmit).Body(
				// Disabled in the prerender: typing there would be lost when
				// the wasm render replaces it.
				app.FieldSet().Disabled(!p.wasmRendered()).Body(fields...),
			),
			p.result(m, res),
		),
	)
}

// result shows the billing mode (rule B1), why, and the same numbers as a
// chart and a table.
func (p *plannerPage) result(m *Messages, res Result) app.UI {
	why := ""
	if res.Billing != "" {
		f := m.BillingWhyHourlyF
		if res.Billing == Monthly {
			f = m.BillingWhyMonthlyF
		}
		why = fmt.Sprintf(f, res.Hours.String(), "B1")
	}
	hours, _ := fieldByKey("hours")
	return app.Section().Class("result").Aria("live", "polite").Body(
		app.H2().Text(m.BillingLabel),
		app.Output().ID("breakeven").For("hours").Class("big", string(res.Billing)).
			Attr("data-billing", string(res.Billing)).
			Text(res.Billing.Label(m)),
		app.P().ID("breakeven-why").Class("why").Text(why),
		app.If(res.Billing != "", func() app.UI {
			return barChart("hours-chart", m.ChartTitle, []bar{{
				Label: hours.Label(m),
				Value: res.Hours,
				Text:  res.Hours.String() + " " + hours.Unit(m),
				Class: string(res.Billing),
			}}, hours.Max, &marker{At: decimal.NewFromInt(10), Label: "10 (" + m.Rule + " B1)"})
		}),
		dataTable("plan-table", m.PlannerTitle, []string{m.TableInput, m.TableValue}, [][]string{
			{hours.Label(m), p.st.Input.HoursPerDay + " " + hours.Unit(m)},
			{m.BillingLabel, res.Billing.Label(m)},
		}),
		app.P().Class("share").Body(
			app.A().ID("share").Href("%s", link(p.route().Path, p.st.Query())).Text(m.ShareLink),
		),
	)
}

// preventSubmit keeps Enter in a field from reloading the page.
func preventSubmit(ctx app.Context, e app.Event) {
	e.PreventDefault()
}
