package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// operationsPage follows the rental month by month with ops.Review, the
// code gpuverify plan runs: the bill lines against the budget (rule O2),
// the cost of a useful GPU-hour, the under-60% flag with its right-sizing
// suggestion (rule O1) and the quarterly scorecard (rule O3). A
// `gpuverify monitor` CSV loaded from a file sets the months' utilisation
// (ops.ParseMonitor).
type operationsPage struct {
	app.Compo
	pageState
	monitor *ops.Monitor // the last CSV read, shown until another is
	csvName string
	csvErr  string // the CSV refused, with the line and column
}

func newOperationsPage() app.Composer {
	return &operationsPage{pageState: pageState{page: routeOperations}}
}

// Render draws the page: the review first, then the records.
func (p *operationsPage) Render() app.UI {
	return p.layout(routeByID(routeOperations), func() app.UI {
		l := p.st.Lang
		return app.Div().Class("proc-page", "operations-page").Body(
			heading(1, p.st.Lang.Text("site.proc.nav_operations")),
			para("intro", l.Text("site.journey.ops_intro")),
			opsAnswer(p.st.Lang, p.st.Proc),
			p.opsForm(),
		)
	})
}

// maxMonitorSite bounds the CSV the browser reads: it holds the file in
// memory twice. A week of samples every 10 s on 8 GPUs is about 40 MB.
const maxMonitorSite = 64 << 20

var opsSettingFields = []pfield{{Path: "alert_pct"}, {Path: "target_utilisation_pct"}}

var opsMonthFields = []pfield{
	{Path: "month", Kind: pText}, {Path: "vendor", Kind: pText}, {Path: "cards"}, {Path: "hours"},
	{Path: "utilisation_pct"}, {Path: "vendor_score"},
}

// opsLineFields is one bill or budget line: the item and its amount.
func opsLineFields() []pfield {
	return []pfield{{Path: "item", Kind: pChoice, Choices: choices(ops.Items...), Labels: "choice:item"}, {Path: "amount"}}
}

// opsForm is the settings, the budgets, the monitor CSV and the months.
func (p *operationsPage) opsForm() app.UI {
	r := routeByID(routeOperations)
	l := p.st.Lang
	d := p.draft("operations")
	kids := []app.UI{
		heading(2, l.Text("site.proc.inputs_title")),
		p.errSlot("operations"),
		p.fields(r, "operations", "", opsSettingFields),
		heading(3, l.Text("site.journey.budgets_title")),
	}
	for i := range d.Rows("budgets") {
		prefix := fmt.Sprintf("budgets[%d]", i)
		kids = append(kids, app.FieldSet().ID("budget-%d", i).Class("prow").Body(
			app.Legend().Text(l.Text("site.journey.budget_row", msg.Int(i+1))),
			p.fields(r, "operations", prefix+".", []pfield{{Path: "vendor", Kind: pText}}),
			p.lines(r, prefix+".lines"),
			p.removeRow(r, "operations", "budgets", i),
		))
	}
	kids = append(kids,
		p.addRow(r, "operations", "budgets", l.Text("site.journey.add_budget"), func(int) map[string]string { return map[string]string{} }, nil),
		heading(3, l.Text("site.journey.monitor_title")), p.monitorInput(),
		heading(3, l.Text("site.journey.months_title")))
	for i := range d.Rows("months") {
		prefix := fmt.Sprintf("months[%d]", i)
		kids = append(kids, app.FieldSet().ID("month-%d", i).Class("prow").Body(
			app.Legend().Text(l.Text("site.journey.month_row", msg.Int(i+1))),
			p.fields(r, "operations", prefix+".", opsMonthFields),
			p.lines(r, prefix+".lines"),
			p.removeRow(r, "operations", "months", i),
		))
	}
	kids = append(kids, p.addRow(r, "operations", "months", l.Text("site.journey.add_month"), func(int) map[string]string { return map[string]string{} }, nil))
	return app.Section().ID("operations-form").Class("block", "proc-form").Body(kids...)
}

// lines is the item lines of a budget or a month at list.
func (p *operationsPage) lines(r route, list string) app.UI {
	l := p.st.Lang
	d := p.draft("operations")
	kids := []app.UI{}
	for k := range d.Rows(list) {
		kids = append(kids, app.Div().Class("pline").Body(
			p.fields(r, "operations", fmt.Sprintf("%s[%d].", list, k), opsLineFields()),
			p.removeRow(r, "operations", list, k),
		))
	}
	kids = append(kids, p.addRow(r, "operations", list, l.Text("site.journey.add_line"), func(int) map[string]string {
		return map[string]string{"item": unusedItem(d, list)}
	}, nil))
	return app.Div().Class("plines").Body(kids...)
}

// unusedItem is the first bill item the list at list has no line for.
func unusedItem(d form.Draft, list string) string {
	used := map[string]bool{}
	for k := range d.Rows(list) {
		used[d.Get(fmt.Sprintf("%s[%d].item", list, k))] = true
	}
	for _, it := range ops.Items {
		if !used[it] {
			return it
		}
	}
	return ops.Items[len(ops.Items)-1]
}

// monitorInput loads a `gpuverify monitor` CSV for one vendor's months.
func (p *operationsPage) monitorInput() app.UI {
	l := p.st.Lang
	kids := []app.UI{
		para("help", l.Text("site.journey.monitor_help")),
		app.Label().Class("btn", "file-btn").For("ops-csv").Body(
			app.Text(l.Text("site.journey.load_monitor")),
			app.Input().ID("ops-csv").Type("file").Accept(".csv,text/csv").OnChange(p.onMonitor),
		),
	}
	switch {
	case p.csvErr != "":
		kids = append(kids, app.P().ID("ops-csv-error").Class("field-error").Attr("role", "alert").Text(p.csvErr))
	case p.monitor != nil:
		kids = append(kids, monitorSummary(l, p.csvName, p.monitor))
	}
	return app.Div().ID("ops-monitor").Class("monitor-file").Body(kids...)
}

// onMonitor reads the CSV, summarises it by month and sets the
// utilisation of the vendor's months from it.
func (p *operationsPage) onMonitor(ctx app.Context, e app.Event) {
	p.fail = guard("loading the monitor CSV", func() {
		readFirstFile(ctx, maxMonitorSite, func(ctx app.Context, name string, data []byte, err error) {
			p.fail = guard("reading the monitor CSV", func() {
				p.csvName, p.csvErr, p.monitor = name, "", nil
				var m ops.Monitor
				if err == nil {
					m, err = ops.ParseMonitor(bytes.NewReader(data))
				}
				if err != nil {
					p.csvErr = p.st.Lang.Text("site.journey.monitor_refused", msg.Text(name), msg.Text(p.st.Lang.Err(err)))
					return
				}
				p.monitor = &m
				d := p.draft("operations")
				p.editSection(ctx, routeByID(routeOperations), "operations", applyMonitor(d, d.Get("budgets[0].vendor"), m))
			})
		})
	})
}

// applyMonitor sets the utilisation of vendor's records to each month's
// mean from the CSV (rule O1). A record keeps its cards and lines; a month
// not yet recorded is added with the GPUs seen as its cards, for the bill
// to be entered. Months without a reading are left alone.
func applyMonitor(d form.Draft, vendor string, m ops.Monitor) form.Draft {
	for _, mm := range m.Months {
		if mm.MeanUtilPct == nil {
			continue
		}
		row := -1
		for i := range d.Rows("months") {
			if d.Get(fmt.Sprintf("months[%d].month", i)) == mm.Month && d.Get(fmt.Sprintf("months[%d].vendor", i)) == vendor {
				row = i
			}
		}
		if row < 0 {
			row = d.Rows("months")
			d = d.AddRow("months", map[string]string{"month": mm.Month, "vendor": vendor, "cards": strconv.Itoa(max(mm.GPUs, 1))})
		}
		d = d.With(fmt.Sprintf("months[%d].utilisation_pct", row), mm.MeanUtilPct.String())
	}
	return d
}

// monitorSummary is what the CSV held: the mean utilisation by month and
// rule O1's flag.
func monitorSummary(l Lang, name string, m *ops.Monitor) app.UI {
	months := make([]string, len(m.Months))
	for i, mm := range m.Months {
		months[i] = mm.Month + " " + pctText(mm.MeanUtilPct)
	}
	flag := "site.journey.monitor_ok"
	if m.UnderUsed {
		flag = "site.journey.monitor_under"
	}
	return app.P().ID("ops-csv-summary").Class("verdict").Attr("data-under", m.UnderUsed).
		Text(l.Text("site.journey.monitor_read", msg.Text(name), msg.Text(l.JoinList(months))) + " " + l.Text(flag, msg.Text(pctText(m.MeanUtilPct))))
}

// pctText writes a percentage; "–" when unknown.
func pctText(v *decimal.Decimal) string {
	if v == nil {
		return "–"
	}
	return money.Round2(*v).String() + "%"
}

// opsAnswer is the review of the saved records by ops.Review.
func opsAnswer(l Lang, proc *form.Procurement) app.UI {
	in := proc.Valid().Operations
	if in == nil {
		return resultMsg("operations-result", "empty", l.Text("site.journey.no_ops"))
	}
	res, err := ops.Review(*in)
	if err != nil {
		return resultMsg("operations-result", "error", l.Err(err))
	}
	return resultOK(l, proc, "operations", "data-rightsizing", strconv.Itoa(len(res.RightSizing)),
		rightSizing(l, res.RightSizing),
		opsMonths(l, res.Months),
		opsQuarters(l, res.Quarters),
	)
}

// rightSizing is rule O1's suggestion for each vendor whose cards idle.
func rightSizing(l Lang, rs []ops.RightSizing) app.UI {
	if len(rs) == 0 {
		return nil
	}
	items := make([]string, len(rs))
	for i, r := range rs {
		items[i] = l.Text("site.journey.right_size", msg.Text(vendorName(l, r.Vendor)), msg.Int(r.Cards), msg.Int(r.Suggested), msg.Text(l.Money(r.Saving))) + l.Gap() + r.In(l)
	}
	return app.Div().ID("ops-rightsizing").Class("warn-block").Body(
		heading(3, l.Text("site.journey.right_size_title")), reasons(l, "ops-rightsizing-list", items))
}

// vendorName is a vendor's name, or "the vendor" for the only one.
func vendorName(l Lang, v string) string {
	if v == "" {
		return l.Text("site.journey.the_vendor")
	}
	return v
}

// opsMonths is each month against its budget.
func opsMonths(l Lang, ms []ops.MonthReview) app.UI {
	rows := make([][]string, len(ms))
	actual, budget := make([]decimal.Decimal, len(ms)), make([]decimal.Decimal, len(ms))
	for i, m := range ms {
		actual[i], budget[i] = m.Total.Actual, m.Total.Budget
	}
	// Each money column in one unit (msg.MoneyColumn).
	actualText, budgetText := l.MoneyColumn(actual), l.MoneyColumn(budget)
	for i, m := range ms {
		var flags []string
		for _, f := range m.Flags {
			flags = append(flags, fmt.Sprintf("[%s %s] %s", label(l, "choice:level:"+string(f.Level)), f.Rule, f.In(l)))
		}
		rows[i] = []string{m.Month, vendorName(l, m.Vendor), actualText[i], budgetText[i],
			pctText(m.Total.VariancePct), m.UtilisationPct.String() + "%", usefulHour(l, m.UsefulHourCost), strings.Join(flags, " ")}
	}
	return table(l, "ops-months", l.Text("site.journey.ops_months_title"),
		[]string{l.Text("site.journey.col_month"), l.Text("site.journey.col_vendor"), l.Text("site.journey.col_actual"), l.Text("site.journey.col_budget"), l.Text("site.journey.col_variance"), l.Text("site.journey.col_util"), l.Text("site.journey.col_useful"), l.Text("site.journey.col_flags")}, rows)
}

// usefulHour is the cost of a busy GPU-hour, cost ÷ (cards × hours ×
// utilisation); "–" at 0%.
func usefulHour(l Lang, v *decimal.Decimal) string {
	if v == nil {
		return "–"
	}
	return l.Money(*v)
}

// opsQuarters is rule O3's scorecard, each grade in words.
func opsQuarters(l Lang, qs []ops.Quarter) app.UI {
	rows := make([][]string, len(qs))
	for i, q := range qs {
		score := "–"
		if q.VendorScore != nil {
			score = money.Round2(*q.VendorScore).String()
		}
		rows[i] = []string{q.Quarter, vendorName(l, q.Vendor), strconv.Itoa(q.Months),
			q.UtilisationPct.StringFixed(1) + "% · " + label(l, "choice:level:"+string(q.Grades.Utilisation)),
			l.Money(q.Cost.Actual) + " / " + l.Money(q.Cost.Budget) + " · " + label(l, "choice:level:"+string(q.Grades.Cost)),
			usefulHour(l, q.UsefulHourCost), score + " · " + label(l, "choice:level:"+string(q.Grades.Vendor))}
	}
	return table(l, "ops-quarters", l.Text("site.journey.quarters_title"),
		[]string{l.Text("site.journey.col_quarter"), l.Text("site.journey.col_vendor"), l.Text("site.journey.col_months"), l.Text("site.journey.col_util"), l.Text("site.journey.col_cost"), l.Text("site.journey.col_useful"), l.Text("site.journey.col_score")}, rows)
}

// operationsStage: done once a month is reviewed against a budget; in
// progress while a field is refused.
func operationsStage(st form.State) stage { return sectionStage(st.Proc, "operations") }
