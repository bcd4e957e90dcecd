package main

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// rentBuildPage compares renting the plan's cards with owning them (rules
// D1, D2): the self-build inputs, the cumulative cost of renting, building
// and the 40/60 hybrid over 36 months with the break-even month, and rule
// D1's table evaluated on the sheet.
type rentBuildPage struct {
	app.Compo
	pageState
}

func newRentBuildPage() app.Composer {
	return &rentBuildPage{pageState: pageState{page: routeRentBuild}}
}

// Render draws the page.
func (p *rentBuildPage) Render() app.UI {
	return p.layout(routeByID(routeRentBuild), p.body)
}

func (p *rentBuildPage) body() app.UI {
	l := p.st.Lang
	kids := []app.UI{heading(1, l.Text("site.page.rent_build_title")), para("intro", l.Text("site.page.rent_build_intro"))}
	pl := p.out.Plan
	var res rentbuild.Result
	var in rentbuild.Input
	ok := false
	if pl != nil {
		in = rentBuildInput(pl)
		res, ok = rentBuildFor(pl)
	}
	switch {
	case len(p.out.Errors) > 0:
		kids = append(kids, app.P().ID("result-pending").Class("pending").Text(l.Text("site.page.result_pending")))
	case pl == nil || !ok:
		kids = append(kids, app.P().ID("plan-error").Class("plan-error").Text(l.Text("site.page.rb_unavailable")))
	default:
		kids = append(kids, p.verdict(res), p.chart(res), p.figures(res, in))
	}
	grid := app.Div().Class("rb-grid").Body(p.selfBuild(in, ok))
	if ok {
		grid = app.Div().Class("rb-grid").Body(p.selfBuild(in, ok), d1Table(l, res))
	}
	return app.Div().Class("rentbuild-page").Body(append(kids, grid,
		app.If(ok, func() app.UI { return reasonList("rb-reasons", msg.Strings(l, append(res.Reasons, res.Hybrid.Note))) }))...)
}

// verdict is the decision with the break-even figures.
func (p *rentBuildPage) verdict(res rentbuild.Result) app.UI {
	l := p.st.Lang
	months := l.Text("site.page.breakeven_never")
	if res.BreakEvenMonths != nil {
		months = l.Text("site.page.breakeven_months", msg.Text(res.BreakEvenMonths.StringFixed(1)))
	}
	month := ""
	if res.BreakEvenMonth != nil {
		month = l.Text("site.page.rb_break_even_month", msg.Int(*res.BreakEvenMonth))
	}
	be := app.Output().ID("break-even").Text(months)
	if res.BreakEvenMonth != nil {
		be = be.Attr("data-month", *res.BreakEvenMonth)
	}
	return app.Div().Class("kpis").Body(
		kpi(l.Text("site.page.k_verdict"), app.Output().ID("verdict").Attr("data-decision", string(res.Decision)).
			Text(l.Enum("decision", string(res.Decision))), ""),
		kpi(l.Text("site.page.rb_rent_monthly"), app.Output().ID("rent-monthly").Text(l.Money(res.RentMonthly)), ""),
		kpi(l.Text("site.page.rb_self_monthly"), app.Output().ID("self-monthly").Text(l.Money(res.SelfBuildMonthly)), ""),
		kpi(l.Text("site.page.rb_break_even_mark"), be, month),
	)
}

// chart draws the cumulative cost of the three options.
func (p *rentBuildPage) chart(res rentbuild.Result) app.UI {
	l := p.st.Lang
	var rent, build, hybrid []decimal.Decimal
	for _, pt := range res.Series {
		rent = append(rent, pt.Rent)
		build = append(build, pt.Build)
		hybrid = append(hybrid, pt.Hybrid)
	}
	var mark *marker
	if res.BreakEvenMonth != nil && *res.BreakEvenMonth < len(res.Series) {
		mark = &marker{At: decimal.NewFromInt(int64(*res.BreakEvenMonth)), Label: l.Text("site.page.rb_break_even_mark")}
	}
	return block(
		heading(2, l.Text("site.page.rb_chart_title")),
		lineChart("rb-chart", l.Text("site.page.rb_chart_title"), l.Text("site.page.rb_month_axis"), []series{
			{Label: l.Enum("series", "rent"), Class: "s-rent", Y: rent},
			{Label: l.Enum("series", "build"), Class: "s-build", Y: build},
			{Label: l.Enum("series", "hybrid"), Class: "s-hybrid", Y: hybrid},
		}, 6, l.Money, mark),
	)
}

// figures are the monthly amounts behind the curves.
func (p *rentBuildPage) figures(res rentbuild.Result, in rentbuild.Input) app.UI {
	l := p.st.Lang
	// One column: every amount in one unit (msg.MoneyColumn).
	v := l.MoneyColumn([]decimal.Decimal{in.Build.Capex, res.Depreciation, res.Electricity,
		res.RunningCost, res.SelfBuildMonthly, res.RentMonthly, res.Hybrid.Monthly})
	return block(
		heading(2, l.Text("site.page.rb_figures_title")),
		dataTable("rb-figures", l.Text("site.page.rb_figures_title"), []string{l.Text("site.page.table_input"), l.Text("site.page.table_value")}, [][]string{
			{l.Text("site.page.rb_capex"), v[0]},
			{l.Text("site.page.rb_depreciation"), v[1]},
			{l.Text("site.page.rb_electricity"), v[2] + " (" + l.Num(res.EnergyKWh.InexactFloat64(), 0) + " kWh)"},
			{l.Text("site.page.rb_running"), v[3]},
			{l.Text("site.page.rb_self_monthly"), v[4]},
			{l.Text("site.page.rb_rent_monthly"), v[5]},
			{l.Text("site.page.rb_hybrid_monthly"), v[6]},
			{l.Text("site.page.rb_hybrid_saving"), l.Percent(res.Hybrid.SavingVsBuild)},
		}),
	)
}

// selfBuild is the form of the own-hardware figures; an empty field shows
// the reference value the comparison used.
func (p *rentBuildPage) selfBuild(in rentbuild.Input, ok bool) app.UI {
	l := p.st.Lang
	r := routeByID(routeRentBuild)
	used := map[string]string{}
	if ok {
		b := in.Build
		used = map[string]string{
			"cost.self_build.capex_per_card":     b.CapexPerCard().StringFixed(0),
			"cost.self_build.residual_fraction":  b.ResidualFraction.String(),
			"cost.self_build.life_months":        fmt.Sprint(b.DepreciationMonths),
			"cost.self_build.pue":                b.PUE.String(),
			"cost.self_build.price_per_kwh":      b.PricePerKWh.String(),
			"cost.self_build.colocation_monthly": b.ColocationMonthly.StringFixed(0),
			"cost.self_build.ops_staff_monthly":  b.StaffMonthly.StringFixed(0),
		}
	}
	fields := []app.UI{app.Legend().Text(l.Text("site.page.self_build_title")), para("help", l.Text("site.page.self_build_help"))}
	for _, f := range form.SelfBuildFields {
		fields = append(fields, p.input(r, f, used[f.Key]))
	}
	return app.Form().Class("plan-form").OnSubmit(preventSubmit).Body(
		app.FieldSet().Body(fields...))
}

// d1Table is rule D1 evaluated on the sheet.
func d1Table(l Lang, res rentbuild.Result) app.UI {
	rows := make([][]string, len(res.D1))
	for i, r := range res.D1 {
		rows[i] = []string{l.Enum("d1", r.Dimension), r.Input.In(l), l.Enum("side", string(r.Points))}
	}
	return block(
		app.H2().Body(app.Text(l.Text("site.page.d1_title")+" "), ruleRef(l, "D1")),
		dataTable("d1-table", l.Text("site.page.d1_title"), []string{l.Text("site.page.d1_dimension"), l.Text("site.page.d1_value"), l.Text("site.page.d1_points")}, rows),
	)
}

// rbSeriesMonths is the length of the rent-or-build page's cost curves.
const rbSeriesMonths = 36

// rentBuildInput is the comparison behind the plan, with the series the
// plan file does not carry switched on.
func rentBuildInput(p *plan.Plan) rentbuild.Input { return plan.RentBuildInput(p, rbSeriesMonths) }

// rentBuildFor runs the comparison with its series; ok is false when the
// plan's figures cannot be compared (Decide refused them).
func rentBuildFor(p *plan.Plan) (rentbuild.Result, bool) {
	r, err := rentbuild.Decide(rentBuildInput(p))
	return r, err == nil
}
