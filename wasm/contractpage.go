package main

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// contractPage reviews the contract clause by clause with contract.Check,
// the code gpuverify plan runs: credit tiers (presets or custom) and cap,
// compensation, data deletion, early termination, term, billing start and
// payment; the allowed downtime per month on each basis; the credit for a
// 48-hour outage; the early-exit cost by month against min(20% of the
// remaining rent, 3 months); red, amber or green per clause with the
// reason (rules K1–K6, B3).
type contractPage struct {
	app.Compo
	pageState
}

func newContractPage() app.Composer { return &contractPage{pageState: pageState{page: routeContract}} }

// Render draws the page.
func (p *contractPage) Render() app.UI {
	l := p.st.Lang
	return p.procPage(routeByID(routeContract), "contract-page", l.Text("site.proc.contract_title"), l.Text("site.proc.contract_intro"),
		func() app.UI { return contractAnswer(p.st.Lang, p.st.Proc, false) }, p.contractForm)
}

var presetChoicesList = choices(string(contract.PresetArticles), string(contract.PresetAWSEC2),
	string(contract.PresetAlibabaECS), string(contract.PresetAlibabaDataHub), string(contract.PresetCustom))

var slaFields = []pfield{
	{Path: "availability_pct"},
	{Path: "monthly_fee"},
	{Path: "month_basis", Kind: pChoice, Choices: choices("28d", "29d", "30d", "31d", "730h"), Labels: "choice:basis"},
	{Path: "credits.preset", Kind: pChoice, Choices: presetChoicesList, Labels: "choice:preset"},
	{Path: "credits.cap_pct"},
	{Path: "compensation", Kind: pChoice, Choices: choices("money", "voucher", "hours"), Labels: "choice:comp"},
	{Path: "outage_hours"},
	{Path: "survives_outage", Kind: pChoice, Choices: boolChoices, Labels: "choice:bool"},
}

var tierFields = []pfield{{Path: "below_pct"}, {Path: "credit_pct"}, {Path: "inclusive", Kind: pCheck}}

var dataFields = []pfield{
	{Path: "owner", Kind: pChoice, Choices: choices("customer", "vendor"), Labels: "choice:owner"},
	{Path: "no_vendor_access", Kind: pCheck},
	{Path: "deletion_working_days"},
	{Path: "certificate", Kind: pCheck},
}

var termFields = []pfield{
	{Path: "term_months"},
	{Path: "payment_period", Kind: pChoice, Choices: choices("monthly", "quarterly", "annual"), Labels: "choice:period"},
	{Path: "first_contract", Kind: pCheck},
	{Path: "billing_start", Kind: pChoice, Choices: choices("on_order", "on_ready"), Labels: "choice:billing"},
	{Path: "document", Kind: pChoice, Choices: choices("service_contract", "user_agreement"), Labels: "choice:document"},
}

var nameFields = []pfield{{Path: "model", Kind: pCheck}, {Path: "memory", Kind: pCheck}, {Path: "card_count", Kind: pCheck},
	{Path: "virtualisation", Kind: pCheck}, {Path: "delivery_time", Kind: pCheck}, {Path: "ready_condition", Kind: pCheck},
	{Path: "billing_period", Kind: pCheck}, {Path: "separate_items", Kind: pCheck}, {Path: "fault_response", Kind: pCheck},
	{Path: "exit_process", Kind: pCheck}, {Path: "invoice_tax", Kind: pCheck}}

// contractForm is the contract's clauses, grouped as a contract reads.
func (p *contractPage) contractForm() app.UI {
	r := routeByID(routeContract)
	l := p.st.Lang
	d := p.draft("contract")
	kids := []app.UI{
		heading(2, l.Text("site.proc.inputs_title")),
		p.sectionErr("contract"),
		heading(3, l.Text("site.proc.sla_title")),
		p.feeFromPlan(r),
		p.fields(r, "contract", "", slaFields),
	}
	if d.Get("credits.preset") == string(contract.PresetCustom) || d.Rows("credits.tiers") > 0 {
		kids = append(kids, heading(3, l.Text("site.proc.tiers_title")))
		for i := range d.Rows("credits.tiers") {
			kids = append(kids, app.FieldSet().ID("tier-%d", i).Class("prow").Body(
				app.Legend().Text(l.Text("site.proc.tier_row", msg.Int(i+1))),
				p.fields(r, "contract", fmt.Sprintf("credits.tiers[%d].", i), tierFields),
				p.removeRow(r, "contract", "credits.tiers", i),
			))
		}
		kids = append(kids, p.addRow(r, "contract", "credits.tiers", l.Text("site.proc.add_tier"),
			func(int) map[string]string { return map[string]string{"below_pct": "99.9", "credit_pct": "10"} }, nil))
	}
	kids = append(kids,
		heading(3, l.Text("site.proc.data_title")), p.fields(r, "contract", "data.", dataFields),
		heading(3, l.Text("site.proc.exit_title")), p.fields(r, "contract", "termination.",
			[]pfield{{Path: "remaining_pct"}, {Path: "cap_months"}}),
		heading(3, l.Text("site.proc.terms_title")), p.fields(r, "contract", "", termFields),
		heading(3, l.Text("site.proc.names_title")), p.fields(r, "contract", "names.", nameFields),
	)
	return app.Section().ID("contract-form").Class("block", "proc-form").Body(kids...)
}

// feeFromPlan offers the plan's monthly GPU rent, at the offer it takes,
// as the contract's monthly fee: the credits and the exit cost are then
// shares of the same rent the plan chose.
func (p *contractPage) feeFromPlan(r route) app.UI {
	pl := p.out.Plan
	if pl == nil || pl.GPU.Offer == nil {
		return nil
	}
	fee := money.Round2(pl.GPU.Monthly.Low.Add(pl.GPU.Monthly.High).Div(decimal.NewFromInt(2)))
	l := p.st.Lang
	label := msg.New("site.contract.fee_from_plan", msg.Money(fee), msg.Text(provName(l, pl.GPU.Offer.Provider, pl.GPU.Offer.ProviderName))).In(l)
	return app.Button().ID("contract-fee-from-plan").Type("button").Class("btn", "small").Text(label).
		OnClick(func(ctx app.Context, e app.Event) {
			p.fail = guard("the fee from the plan", func() {
				p.editSection(ctx, r, "contract", p.draft("contract").With("monthly_fee", fee.String()))
			})
		})
}

// contractAnswer is the overall grade, each clause with its reasons, the
// downtime table, the outage credit and the exit-cost chart, by
// contract.Check on the saved section.
func contractAnswer(l Lang, proc *form.Procurement, embed bool) app.UI {
	in := proc.Valid().Contract
	if in == nil {
		return app.Section().ID("contract-result").Class("block", "result").Attr("data-state", "empty").Body(
			para("", l.Text("site.proc.no_contract")))
	}
	res, err := contract.Check(*in)
	if err != nil {
		return app.Section().ID("contract-result").Class("block", "result").Attr("data-state", "error").Body(
			para("warn-line", l.Err(err)))
	}
	level := res.Level()
	return app.Section().ID("contract-result").Class("block", "result").Attr("data-state", "ok").
		Attr("data-level", string(level)).Body(
		heading(2, l.Text("site.proc.result_title")),
		app.If(!embed && proc.Held("contract"), func() app.UI { return para("note", l.Text("site.proc.last_valid_note")) }),
		leftNote(l, proc, "contract"),
		app.P().ID("contract-verdict").Class("verdict", "level-"+string(level)).
			Text(l.Text("site.proc.level", msg.Text(label(l, "choice:level:"+string(level))))),
		clausesList(l, res.Clauses, embed),
		outageLine(l, res),
		creditTable(l, res.Table),
		downtimeTable(l, res),
		exitChart(l, *in, res.Exit),
	)
}

// clausesList is every clause with its grade and reasons.
func clausesList(l Lang, cs []contract.Clause, embed bool) app.UI {
	items := make([]app.UI, len(cs))
	for i, c := range cs {
		items[i] = app.Li().Class("clause", "level-"+string(c.Level)).Attr("data-rule", c.Rule).
			Attr("data-level", string(c.Level)).Body(
			app.Span().Class("level").Text(label(l, "choice:level:"+string(c.Level))),
			app.Strong().Text(" "+c.TitleIn(l)+" "),
			procRuleRef(l, c.Rule, embed),
			app.Span().Text(" "+strings.Join(c.ReasonsIn(l), l.Gap())),
		)
	}
	return app.Div().ID("contract-clauses").Class("clauses").Body(
		heading(3, l.Text("site.proc.clauses_title")), app.Ul().Body(items...))
}

// outageLine prices rule K6's outage.
func outageLine(l Lang, res contract.Result) app.UI {
	o := res.Outage
	capped := ""
	if o.Credit.Capped {
		capped = l.Text("site.proc.outage_capped")
	}
	return app.P().ID("contract-outage").Attr("data-credit", o.Credit.Amount.StringFixed(2)).Text(
		l.Text("site.proc.outage", msg.Text(o.Hours.String()), msg.Text(o.Credit.UptimePct.StringFixed(3)+"%"), msg.Text(o.Credit.Pct.String()+"%"), msg.Text(l.Money(o.Credit.Amount)), msg.Text(capped)))
}

// creditTable is the credit table in force: the preset's or the
// contract's own tiers, and the cap.
func creditTable(l Lang, tb contract.Table) app.UI {
	rows := make([][]string, 0, len(tb.Tiers)+1)
	for _, tr := range tb.Tiers {
		below := "< " + tr.BelowPct.String() + "%"
		if tr.Inclusive {
			below = "≤ " + tr.BelowPct.String() + "%"
		}
		rows = append(rows, []string{below, tr.CreditPct.String() + "%"})
	}
	rows = append(rows, []string{label(l, "credits.cap_pct"), tb.CapPct.String() + "%"})
	return table(l, "contract-credits", l.Text("site.proc.tiers_title")+" · "+label(l, "choice:preset:"+string(tb.Preset)),
		[]string{label(l, "credits.tiers[].below_pct"), label(l, "credits.tiers[].credit_pct")}, rows)
}

// downtimeTable is the downtime the availability allows on each month
// basis, in minutes.
func downtimeTable(l Lang, res contract.Result) app.UI {
	rows := make([][]string, len(res.Downtime))
	for i, d := range res.Downtime {
		rows[i] = []string{label(l, "choice:basis:"+string(d.Basis)), d.Minutes.StringFixed(1)}
	}
	return table(l, "contract-downtime", l.Text("site.proc.downtime_title"), []string{l.Text("site.proc.downtime_basis"), l.Text("site.proc.downtime_minutes")}, rows)
}

// exitChart draws the early-exit cost after each month: the contract's
// clause against rule K3's recommended cap.
func exitChart(l Lang, in contract.Input, rows []contract.ExitRow) app.UI {
	if len(rows) == 0 {
		return nil
	}
	rec := series{Label: l.Text("site.proc.exit_recommended"), Class: "exit-recommended"}
	con := series{Label: l.Text("site.proc.exit_contract"), Class: "exit-contract"}
	over := 0
	// Month 0, leaving at the start, then months 1 … term−1 as checked.
	start := contract.ExitAt(in.MonthlyFee, in.TermMonths, in.PaymentPeriod, in.Termination, 0)
	for _, r := range append([]contract.ExitRow{start}, rows...) {
		rec.Y = append(rec.Y, r.Recommended)
		if r.Contract != nil {
			con.Y = append(con.Y, *r.Contract)
		}
		if r.Over() && r.Month > 0 {
			over++
		}
	}
	lines := []series{rec}
	if len(con.Y) > 0 {
		lines = append(lines, con)
	}
	step := max(1, len(rows)/12)
	return app.Div().ID("contract-exit").Attr("data-over", over).Body(
		lineChart("exit-chart", l.Text("site.proc.exit_chart"), l.Text("site.proc.exit_month"), lines, step, l.Money, nil),
		app.If(over > 0, func() app.UI {
			return para("warn-line", l.Text("site.proc.exit_over", msg.Int(over), msg.Int(len(rows))))
		}),
	)
}
