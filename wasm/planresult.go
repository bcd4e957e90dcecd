package main

import (
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// The planner's answer blocks: the key figures, the memory chart, the
// speed estimates, the alternatives, the cost and rent-or-build summaries
// and the warnings.

// kpis are the four answers a buyer reads first.
func kpis(l Lang, pl *plan.Plan) app.UI {
	g := pl.GPU
	detail := l.Text("site.page.gpu_detail", msg.Text(l.Enum("link", string(g.Interconnect))), msg.Text(l.Num(g.PerCardGiB, 1)), msg.Text(l.Num(pl.CardMemory().Usable, 1)))
	if g.Nodes > 1 {
		detail += " · " + l.Text("site.page.nodes", msg.Int(g.Nodes))
	}
	share := pl.Cost.HiddenShare
	billing := billingDetail(l, pl)
	verdict := l.Text("site.page.breakeven_never")
	if b := pl.RentVsBuild.BreakevenMonths; b != nil {
		verdict = l.Text("site.page.breakeven_months", msg.Text(b.StringFixed(1)))
	}
	return app.Div().Class("kpis").Body(
		kpi(l.Text("site.page.kgpu"), app.Output().ID("gpu-pick").Attr("data-card", g.ID).Attr("data-count", g.Count).
			Text(l.Text("site.page.gpu_pick", msg.Int(g.Count), msg.Text(g.Name))), detail),
		kpi(l.Text("site.page.k_cost"), app.Output().ID("monthly-cost").Text(l.MoneyRange(pl.Cost.Monthly.Low, pl.Cost.Monthly.High)), hiddenShare(l, share.Low, share.High)),
		kpi(l.Text("site.page.k_billing"), app.Output().ID("billing-mode").Attr("data-mode", pl.Billing.Mode).
			Text(l.Enum("billing", string(pl.Billing.Mode))), billing),
		kpi(l.Text("site.page.k_verdict"), app.Output().ID("verdict").Attr("data-decision", pl.RentVsBuild.Decision).
			Text(l.Enum("decision", string(pl.RentVsBuild.Decision))), verdict),
	)
}

// billingDetail is the offer the plan takes and, when that provider sells
// both terms, its own break-even beside rule B1's rule of thumb.
func billingDetail(l Lang, pl *plan.Plan) string {
	o := pl.Billing.Offer
	if o == nil {
		return ""
	}
	out := offerLine(l, o.Offer, provName(l, o.Provider, o.ProviderName), o.AgeMonths)
	if b := pl.Billing.BreakevenHoursPerDay; b != nil {
		out += " " + (msg.New("site.prices.breakeven", msg.Text(provName(l, o.Provider, o.ProviderName)), msg.Dec(b.Round(1)),
			msg.Label("mode."+string(pl.Billing.RuleOfThumbMode)))).In(l)
	}
	return out
}

// hiddenShare is rule C3's share of the fees beyond the rent. The plan
// gives it at the low and at the high estimate; the smaller comes first.
func hiddenShare(m msg.Lang, a, b decimal.Decimal) string {
	if a.GreaterThan(b) {
		a, b = b, a
	}
	return m.Text("site.page.hidden_share", msg.Text(m.Percent(a)), msg.Text(m.Percent(b)))
}

// kpi is one headline figure with its explanation.
func kpi(title string, value app.UI, detail string) app.UI {
	return app.Div().Class("kpi").Body(
		app.Div().Class("kpi-title").Text(title),
		app.Div().Class("kpi-value").Body(value),
		app.Div().Class("kpi-detail").Text(detail),
	)
}

// memoryChart shows what one card holds against what it may hold
// (plan.CardMemory splits the per-card figure).
func memoryChart(l Lang, pl *plan.Plan) app.UI {
	c := pl.CardMemory()
	gib := func(v float64) decimal.Decimal { return decimal.NewFromFloat(v).Round(2) }
	seg := func(kind string, v float64) segment {
		label := l.Enum("mem", kind) + " " + l.Num(v, 1) + " GiB"
		return segment{Label: label, Value: gib(v), Class: "mem-" + kind}
	}
	usable, total := c.Usable, c.Total
	row := stackRow{
		Label: l.Text("site.page.mem_needed"),
		Segments: []segment{seg("weights", c.Weights), seg("kv_cache", c.KVCache), seg("activations", c.Activations),
			seg("training_states", c.TrainingStates), seg("overhead", c.Overhead)},
		Text: l.Num(c.Needed, 1) + " GiB",
	}
	return app.Div().ID("memory").Class("block").Body(
		heading(2, l.Text("site.page.memory_title")),
		&stackChartBox{Lang: l, ID: "memory-chart", Title: l.Text("site.page.memory_title"), Rows: []stackRow{row}, Max: gib(total),
			Marks: []marker{{At: gib(usable), Label: l.Text("site.page.mem_usable", msg.Text(l.Num(usable, 1)))}}},
		para("caption", l.Text("site.page.memory_caption", msg.Text(l.Num(c.Needed, 1)), msg.Text(l.Num(usable, 1)), msg.Text(l.Num(total, 1)))),
	)
}

// estimates are the speed or training-time ranges and the model as sized.
func estimates(l Lang, pl *plan.Plan) app.UI {
	s := pl.Sizing
	lines := []app.UI{app.Li().ID("model-sized").Text(l.Text("site.model.sized", msg.Text(s.Model.Name), msg.Text(l.Params(s.Model.ParamsB))))}
	if e := s.DecodeTokensPerSec; e != nil {
		lines = append(lines, app.Li().Text(l.Text("site.page.decode_speed", msg.Text(l.NumRange(e.Low, e.High, 1)), msg.Text(l.Num(e.Likely, 1)))))
	}
	if a := s.DecodeAccuracy; a != nil {
		lines = append(lines, app.Li().Class("accuracy").Text(a.Message.In(l)))
	}
	if e := s.TimeToFirstTokenS; e != nil {
		lines = append(lines, app.Li().Text(l.Text("site.page.first_token", msg.Text(l.NumRange(e.Low, e.High, 2)), msg.Text(l.Num(e.Likely, 2)))))
	}
	if e := s.TrainingDays; e != nil {
		lines = append(lines, app.Li().Text(l.Text("site.page.training_days", msg.Text(l.NumRange(e.Low, e.High, 1)), msg.Text(l.Num(e.Likely, 1)))))
	}
	if a := s.TrainingAccuracy; a != nil {
		lines = append(lines, app.Li().Class("accuracy").Text(a.Message.In(l)))
	}
	return app.Div().Class("block", "estimates").Body(heading(2, l.Text("site.page.estimates_title")), app.Ul().ID("estimates").Body(lines...))
}

// altShown is how many alternatives are listed before the rest are folded.
const altShown = 4

// alternatives says why every other card lost (rule G4): the closest ones
// in a table, the rest folded below it (built while open; see folded).
func alternatives(l Lang, pl *plan.Plan, open bool, toggle app.EventHandler) app.UI {
	head := []string{l.Text("site.page.alt_card"), l.Text("site.page.alt_count"), l.Text("site.page.alt_per_card"), l.Text("site.page.alt_billing"), l.Text("site.page.alt_rent"), l.Text("site.page.alt_all_in"), l.Text("site.page.alt_reason")}
	row := func(c plan.Choice, reason string) []string {
		mode, allIn := "—", "—"
		if c.AllInMonthly != nil {
			mode, allIn = l.Enum("billing", string(c.BillingMode)), l.Money(*c.AllInMonthly)
		}
		return []string{c.Name, l.Int(c.Count), l.Num(c.PerCardGiB, 1), mode, l.MoneyRange(c.Monthly.Low, c.Monthly.High), allIn, reason}
	}
	rows := [][]string{row(pl.GPU.Choice, l.Text("site.page.chosen"))}
	shown := pl.GPU.Alternatives[:min(altShown, len(pl.GPU.Alternatives))]
	for _, a := range shown {
		rows = append(rows, row(a, a.ReasonMessage.In(l)))
	}
	more := pl.GPU.Alternatives[len(shown):]
	return block(
		heading(2, l.Text("site.page.alt_title")),
		tableWrap(table(l, "alt-table", l.Text("site.page.alt_title"), head, rows)),
		app.If(len(more) > 0, func() app.UI {
			return folded("more-alts", open, toggle, l.Text("site.page.more_alts", msg.Int(len(more))), func() app.UI {
				rest := make([][]string, len(more))
				for i, a := range more {
					rest[i] = row(a, a.ReasonMessage.In(l))
				}
				return tableWrap(table(l, "alt-table-rest", l.Text("site.page.alt_title"), head, rest))
			})
		}),
	)
}

// folded is a <details> whose content is built only while it is open: a
// closed one costs nothing when the plan changes. The prerender always
// holds the content, for readers and robots without JavaScript. toggle
// records the state the browser gives the element.
func folded(class string, open bool, toggle app.EventHandler, summary string, content func() app.UI) app.UI {
	return app.Details().Class(class).Open(open).OnToggle(toggle).Body(
		app.Summary().Text(summary),
		app.If(open || !app.IsClient, content),
	)
}

// toggled returns the toggle handler of a folded part that keeps its state
// in *open.
func toggled(open *bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		*open = ctx.JSSrc().Get("open").Bool()
	}
}

// reasonList shows reasons computed by shared/, rendered in the page's
// language, as a list.
func reasonList(id string, reasons []string) app.UI {
	items := make([]app.UI, len(reasons))
	for i, r := range reasons {
		items[i] = app.Li().Text(r)
	}
	return app.Ul().ID("%s", id).Class("reasons").Body(items...)
}

// costSummary is rule C1's lines with the total and a link to edit them.
func costSummary(l Lang, pl *plan.Plan, costLink string) app.UI {
	rows := make([][]string, 0, len(pl.Cost.Items)+1)
	for _, it := range pl.Cost.Items {
		name := l.Enum("item", it.Name)
		if it.UserEntered {
			name += " (" + l.Text("site.page.user_entered") + ")"
		}
		rows = append(rows, []string{name, moneyRange(l, rangeOf(it))})
	}
	rows = append(rows, []string{l.Text("site.page.total_row"), l.MoneyRange(pl.Cost.Monthly.Low, pl.Cost.Monthly.High)})
	for _, o := range pl.Cost.OtherModes {
		rows = append(rows, []string{l.Text("site.page.total_if", msg.Text(l.Enum("billing", string(o.Mode)))), l.MoneyRange(o.Monthly.Low, o.Monthly.High)})
	}
	return block(
		heading(2, l.Text("site.page.cost_summary_title")),
		app.P().ID("rent-mode").Attr("data-mode", string(pl.Cost.BillingMode)).Text(l.Text("site.page.rent_mode", msg.Text(l.Enum("billing", string(pl.Cost.BillingMode))))),
		table(l, "cost-summary", l.Text("site.page.cost_summary_title"), []string{l.Text("site.page.item_col"), l.Text("site.page.low_high_col")}, rows),
		app.If(hasCostWarning(pl), func() app.UI {
			return para("warn-line", pl.Cost.WarningMessage.In(l))
		}),
		app.P().Class("more").Body(app.A().ID("to-cost").Href("%s", costLink).Text(l.Text("site.page.more_cost")+" →")),
	)
}

// rentBuildSummary is the D1/D2 decision with its reasons.
func rentBuildSummary(l Lang, pl *plan.Plan, rbLink string) app.UI {
	rb := pl.RentVsBuild
	return block(
		heading(2, l.Text("site.page.rent_build_summary")),
		table(l, "rb-summary", l.Text("site.page.rent_build_summary"), []string{l.Text("site.page.table_input"), l.Text("site.page.table_value")}, [][]string{
			{l.Text("site.page.k_verdict"), l.Enum("decision", string(rb.Decision))},
			{l.Text("site.page.rb_rent_monthly"), l.Money(rb.RentMonthly)},
			{l.Text("site.page.rb_self_monthly"), l.Money(rb.SelfBuildMonthly)},
		}),
		reasons(l, "rb-reasons", msg.Strings(l, rb.ReasonMessages)),
		app.P().Class("more").Body(app.A().ID("to-rentbuild").Href("%s", rbLink).Text(l.Text("site.page.more_rent_build")+" →")),
	)
}

// hasCostWarning reports rule C3's warning, as a message (a plan built
// here) or as English text (a plan file without messages).
func hasCostWarning(pl *plan.Plan) bool {
	return !pl.Cost.WarningMessage.IsZero()
}

// warnings are what a buyer must read before signing.
func warnings(l Lang, pl *plan.Plan) app.UI {
	if len(pl.WarningMessages) == 0 {
		return nil
	}
	return app.Div().Class("block", "warnings").Body(
		heading(2, l.Text("site.page.warnings_title")),
		reasons(l, "warnings", msg.Strings(l, pl.WarningMessages)),
	)
}

// sizingNotes are the assumptions behind the memory figures, folded.
func sizingNotes(l Lang, pl *plan.Plan, open bool, toggle app.EventHandler) app.UI {
	return folded("block notes", open, toggle, l.Text("site.page.notes_title"), func() app.UI {
		return reasons(l, "sizing-notes", msg.Strings(l, pl.Sizing.NoteMessages))
	})
}
