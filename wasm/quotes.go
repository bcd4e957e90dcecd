package main

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/costitem"
	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// quotesPage compares the vendors' quotes for the plan's need: each quote
// split into its items, normalised by quote.Compare (the code gpuverify
// plan runs) to the all-in monthly cost without VAT, with the spread, the
// flags and a stacked bar per quote (rules C1, C3, C5).
type quotesPage struct {
	app.Compo
	pageState
}

func newQuotesPage() app.Composer { return &quotesPage{pageState: pageState{page: routeQuotes}} }

// Render draws the page.
func (p *quotesPage) Render() app.UI {
	l := p.st.Lang
	return p.procPage(routeByID(routeQuotes), "quotes-page", l.Text("site.proc.quotes_title"), l.Text("site.proc.quotes_intro"),
		func() app.UI { return quotesAnswer(p.st.Lang, p.st.Proc, false) }, p.quotesForm)
}

// quoteFields are the items of one quote, in the order a quote lists them.
var quoteFields = []pfield{
	{Path: "vendor", Kind: pText},
	{Path: "gpu_per_card"},
	{Path: "bundled"},
	{Path: "egress.included"},
	{Path: "egress.unit_price"},
	{Path: "storage.included"},
	{Path: "storage.unit_price"},
	{Path: "ips.included"},
	{Path: "ips.unit_price"},
	{Path: "support_monthly"},
	{Path: "migration"},
	{Path: "vat.included", Kind: pChoice, Choices: boolChoices, Labels: "choice:vat"},
	{Path: "vat.rate_pct"},
	{Path: "billing_start", Kind: pChoice, Choices: choices(quote.OnOrder, quote.OnReady), Labels: "choice:billing"},
	{Path: "delivery_days"},
}

// needFields are the need every quote is priced for.
var needFields = []pfield{{Path: "cards"}, {Path: "egress_tb"}, {Path: "storage_gb"}, {Path: "ips"}, {Path: "term_months"}}

// quotesForm is the need and one block per quote.
func (p *quotesPage) quotesForm() app.UI {
	r := routeByID(routeQuotes)
	l := p.st.Lang
	d := p.draft("quotes")
	kids := []app.UI{
		heading(2, l.Text("site.proc.inputs_title")),
		p.sectionErr("quotes"),
		heading(3, l.Text("site.proc.need_title")),
		p.fields(r, "quotes", "need.", needFields),
		app.Button().ID("quotes-from-plan").Type("button").Class("btn", "small").Text(l.Text("site.proc.from_plan")).OnClick(p.needFromPlan),
	}
	for i := range d.Rows("quotes") {
		prefix := fmt.Sprintf("quotes[%d].", i)
		kids = append(kids, app.FieldSet().ID("quote-%d", i).Class("prow").Body(
			app.Legend().Text(l.Text("site.proc.quote_row", msg.Int(i+1))),
			p.fields(r, "quotes", prefix, quoteFields),
			p.removeRow(r, "quotes", "quotes", i),
		))
	}
	kids = append(kids, p.addRow(r, "quotes", "quotes", l.Text("site.proc.add_quote"), p.newQuote, p.needIfEmpty))
	return app.Section().ID("quotes-form").Class("block", "proc-form").Body(kids...)
}

// needIfEmpty takes the need from the plan when none was entered.
func (p *quotesPage) needIfEmpty(d form.Draft) form.Draft {
	if d.Get("need.cards") != "" {
		return d
	}
	return withPlanNeed(d, p.out)
}

// newQuote seeds quote n (0-based) with a vendor name.
func (p *quotesPage) newQuote(n int) map[string]string {
	return map[string]string{"vendor": fmt.Sprintf("%s %c", p.st.Lang.Text("site.proc.q_vendor"), 'A'+rune(n%26))}
}

// needFromPlan fills the need from the plan: cards, egress, storage, IPs
// and the project's months.
func (p *quotesPage) needFromPlan(ctx app.Context, e app.Event) {
	p.fail = guard("need from the plan", func() {
		p.editSection(ctx, routeByID(routeQuotes), "quotes", withPlanNeed(p.draft("quotes"), p.out))
	})
}

// withPlanNeed sets the need fields of a quotes draft from the plan.
func withPlanNeed(d form.Draft, o form.Outcome) form.Draft {
	req, cards := o.Req, 0
	if o.Plan != nil {
		cards = o.Plan.GPU.Count
	}
	n := quote.NeedFor(cards, req.EgressTBMonth, req.StorageTB, req.ExtraIPs, req.ProjectMonths)
	return d.With("need.cards", strconv.Itoa(n.Cards)).
		With("need.egress_tb", n.EgressTB.String()).
		With("need.storage_gb", n.StorageGB.String()).
		With("need.ips", strconv.Itoa(n.IPs)).
		With("need.term_months", strconv.Itoa(n.TermMonths))
}

// quotesAnswer is the verdict: the cheapest, the spread, the table, the
// chart and the flags, by quote.Compare on the saved section.
func quotesAnswer(l Lang, proc *form.Procurement, embed bool) app.UI {
	in := proc.Valid().Quotes
	if in == nil {
		return app.Section().ID("quotes-result").Class("block", "result").Attr("data-state", "empty").Body(
			para("", l.Text("site.proc.no_quotes")))
	}
	res, err := quote.Compare(*in)
	if err != nil {
		return app.Section().ID("quotes-result").Class("block", "result").Attr("data-state", "error").Body(
			para("warn-line", l.Err(err)))
	}
	best := res.Quotes[0]
	spread := ""
	if res.Spread != nil {
		spread = l.Percent(*res.Spread)
	}
	return app.Section().ID("quotes-result").Class("block", "result").Attr("data-state", "ok").
		Attr("data-cheapest", best.Vendor).Attr("data-spread", spread).Body(
		heading(2, l.Text("site.proc.result_title")),
		app.If(!embed && proc.Held("quotes"), func() app.UI { return para("note", l.Text("site.proc.last_valid_note")) }),
		leftNote(l, proc, "quotes"),
		app.P().ID("quotes-verdict").Class("verdict").Body(
			app.Text(l.Text("site.proc.cheapest", msg.Text(best.Vendor), msg.Text(l.MoneyRange(best.ExVAT.Low, best.ExVAT.High)))),
			app.If(spread != "", func() app.UI { return app.Text(" " + l.Text("site.proc.spread", msg.Text(spread))) }),
		),
		quotesTable(l, res),
		quotesChart(l, res),
		quoteFlags(l, res, embed),
	)
}

// quoteColumns writes the money columns of the quotes table, each in one
// unit (msg.MoneyColumn).
func quoteColumns(l Lang, qs []quote.Priced) (asQuoted, exVAT, wait []string) {
	n := len(qs)
	quoted, lo, hi, waits := make([]decimal.Decimal, n), make([]decimal.Decimal, n), make([]decimal.Decimal, n), make([]decimal.Decimal, n)
	for i, q := range qs {
		quoted[i], lo[i], hi[i], waits[i] = q.AsQuoted, q.ExVAT.Low, q.ExVAT.High, q.WaitCost
	}
	return l.MoneyColumn(quoted), l.MoneyRangeColumn(lo, hi), l.MoneyColumn(waits)
}

// quotesTable lists the priced quotes, cheapest first.
func quotesTable(l Lang, res quote.Result) app.UI {
	rows := make([][]string, len(res.Quotes))
	asQuoted, exVAT, wait := quoteColumns(l, res.Quotes)
	for i, q := range res.Quotes {
		extras := "—"
		if q.ExtrasShare != nil {
			extras = l.Percent(*q.ExtrasShare)
		}
		complete := l.Text("site.proc.yes")
		if !q.Complete {
			complete = l.Text("site.proc.incomplete")
		}
		rows[i] = []string{strconv.Itoa(q.Rank), q.Vendor, asQuoted[i], exVAT[i], extras, complete, wait[i]}
	}
	return table(l, "quotes-table", l.Text("site.proc.quotes_title"),
		[]string{l.Text("site.proc.q_rank"), l.Text("site.proc.q_vendor"), l.Text("site.proc.q_as_quoted"), l.Text("site.proc.q_ex_vat"), l.Text("site.proc.q_extras"), l.Text("site.proc.q_complete"), l.Text("site.proc.q_wait")}, rows)
}

// quotesChart is one stacked bar per quote: its items as quoted. Every
// bar lists every item any quote has (zero where it has none), so the
// legend, which stackChart takes from the first bar, names them all.
func quotesChart(l Lang, res quote.Result) app.UI {
	var items []string
	for _, q := range res.Quotes {
		for _, ln := range q.Lines {
			if !slices.Contains(items, ln.Item) {
				items = append(items, ln.Item)
			}
		}
	}
	top := decimal.Zero
	rows := make([]stackRow, len(res.Quotes))
	for i, q := range res.Quotes {
		segs := make([]segment, len(items))
		for j, item := range items {
			name := l.Enum("item", item)
			if item == costitem.Bundled {
				name = label(l, "item:bundled")
			}
			segs[j] = segment{Label: name, Class: "item-" + item}
			for _, ln := range q.Lines {
				if ln.Item == item {
					segs[j].Value = ln.Amount
				}
			}
		}
		rows[i] = stackRow{Label: q.Vendor, Segments: segs, Text: l.Money(q.AsQuoted)}
		top = decimal.Max(top, q.AsQuoted)
	}
	return stackChart("quotes-chart", l.Text("site.proc.quotes_chart"), rows, top, nil)
}

// quoteFlags lists what to ask, across quotes and per vendor, with rules.
func quoteFlags(l Lang, res quote.Result, embed bool) app.UI {
	var items []app.UI
	add := func(who string, f finding.Flag) {
		text := f.In(l)
		if who != "" {
			text = l.Text("quote.who", msg.Text(who), msg.Text(text))
		}
		items = append(items, app.Li().Class("flag", "flag-"+string(f.Level)).Attr("data-rule", f.Rule).Body(
			app.Span().Class("level").Text(label(l, "choice:level:"+string(f.Level))),
			app.Text(" "+text+" "),
			procRuleRef(l, f.Rule, embed),
		))
	}
	for _, f := range res.Flags {
		add("", f)
	}
	for _, q := range res.Quotes {
		for _, f := range q.Flags {
			add(q.Vendor, f)
		}
	}
	return app.Div().ID("quotes-flags").Class("flags").Body(
		heading(3, l.Text("site.proc.flags_title")),
		app.Ul().Body(items...),
	)
}
