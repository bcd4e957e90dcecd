package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// plannerPage is the home page: the requirement sheet (rule R1) and the plan
// plan.Build makes of it, updated on every input.
type plannerPage struct {
	app.Compo
	pageState
	embed bool // rendered without the site chrome, for iframes (embed.go)
	// imported says what the last import did; importErr marks a failure.
	imported  string
	importErr bool
	// Folded parts of the result: their content is built only while open.
	altsOpen, notesOpen, cardsOpen bool
}

func newPlannerPage() app.Composer { return &plannerPage{} }

// OnNav reloads the state from the URL each time the page is entered; the
// home page renders again only when that changed what it shows (the
// embed, whose OnNav sets more, always does).
func (p *plannerPage) OnNav(ctx app.Context) {
	changed := p.enter(ctx, p.route())
	if p.embed {
		ctx.Defer(postHeight)
	} else if !changed {
		ctx.PreventUpdate()
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

// body is the planner itself, shared by the home page and /embed. The
// result bar comes before the form: on a narrow screen and in the embed,
// where the result sits below the form, it keeps the answer in view while
// the inputs change (web/app.css makes it sticky there and hides
// it beside a wide result).
func (p *plannerPage) body() app.UI {
	l := p.st.Lang
	return app.Div().Class("planner").Body(
		app.H1().Text(l.Text("site.page.planner_title")),
		app.P().Class("intro").Text(l.Text("site.page.planner_intro")),
		p.resultBar(),
		app.Div().Class("planner-grid").Body(
			p.form(),
			p.result(),
		),
	)
}

// resultBar is the plan in one glance: the card and count, the monthly
// cost, the billing mode and rent-or-build, with a link to the full
// result. While a field is invalid it says the plan waits for it.
func (p *plannerPage) resultBar() app.UI {
	l := p.st.Lang
	bar := app.Aside().ID("result-bar").Class("result-bar").Aria("label", l.Text("site.ux.resultbar.label")).Attr("data-rev", p.rev)
	pl := p.out.Plan
	if pl == nil || len(p.out.Errors) > 0 {
		text := l.Text("site.page.result_pending")
		if len(p.out.Errors) == 0 {
			text = l.Text("site.page.plan_failed")
		}
		return bar.Attr("data-state", "pending").Body(app.Span().Class("bar-pending").Text(text))
	}
	item := func(id, title string, value string) app.UI {
		return app.Div().Class("bar-item").Body(
			app.Span().Class("bar-title").Text(title),
			app.Span().ID("%s", id).Class("bar-value").Text(value))
	}
	return bar.Attr("data-state", "plan").Body(
		item("bar-gpu", l.Text("site.page.kgpu"), l.Text("site.page.gpu_pick", msg.Int(pl.GPU.Count), msg.Text(pl.GPU.Name))),
		item("bar-cost", l.Text("site.page.k_cost"), l.MoneyRange(pl.Cost.Monthly.Low, pl.Cost.Monthly.High)),
		item("bar-billing", l.Text("site.page.k_billing"), l.Enum("billing", string(pl.Billing.Mode))),
		item("bar-verdict", l.Text("site.page.k_verdict"), l.Enum("decision", string(pl.RentVsBuild.Decision))),
		app.A().Class("bar-more").Href("#result").Text(l.Text("site.ux.resultbar.full")),
	)
}

// defaultsLine names the sheet fields the plan took at gpuplan's defaults
// (plan.Defaults, shared/plan/defaults.go), so a reader checks them.
func defaultsLine(l Lang, pl *plan.Plan) app.UI {
	if len(pl.Defaults) == 0 {
		return nil
	}
	names := make([]string, 0, len(pl.Defaults))
	for _, key := range pl.Defaults {
		if f, ok := form.ByKey(key); ok {
			names = append(names, f.Label(l))
		}
	}
	return app.P().ID("plan-defaults").Class("help", "plan-defaults").Attr("data-fields", strings.Join(pl.Defaults, " ")).
		Text(l.Text("site.ux.defaults", msg.Text(l.JoinList(names))))
}

// form is the requirement sheet. The prerender's fields take typing at
// once: web/queue.js keeps what is typed there and hands it to the app once
// it has rendered.
func (p *plannerPage) form() app.UI {
	l := p.st.Lang
	r := p.route()
	in := func(key string) app.UI {
		f, _ := form.ByKey(key)
		return p.input(r, f, p.placeholder(key))
	}
	work := []app.UI{app.Legend().Text(l.Text("site.page.legend_work")), in("workload"), in("model.preset")}
	if p.st.Input.Get("model.preset") == "" {
		shape := []app.UI{app.Summary().Text(l.Text("site.page.shape_summary"))}
		for _, f := range form.ShapeFields {
			shape = append(shape, p.input(r, f, p.placeholder(f.Key)))
		}
		work = append(work, in("model.params_b"), app.Details().Class("shape").Body(shape...))
	}
	work = append(work, in("precision"), in("context_tokens"), in("concurrency"))
	switch wl := p.st.Input.Get("workload"); {
	case wl == "inference":
		work = append(work, in("output_tokens"), in("kv_cache_precision"), in("service_targets.tokens_per_sec_per_sequence"),
			in("service_targets.time_to_first_token_s"), in("service_targets.requests_per_minute"))
	case wl == "lora" || wl == "qlora":
		work = append(work, in("training.lora_rank"), in("training.lora_targets"), in("training.optimizer"), in("training.framework"), in("training.gradient_checkpointing"))
	case wl == "pretrain" || wl == "full-finetune":
		work = append(work, in("training.optimizer"), in("training.framework"), in("training.gradient_checkpointing"))
	}
	work = append(work, in("tokens_to_train_b"))
	// The 14 tick boxes are built only while open: closed, they cost a
	// re-render nothing (see folded).
	work = append(work, folded("cards", p.cardsOpen || len(p.out.Req.Cards) > 0, toggled(&p.cardsOpen), l.Text("site.page.cards_summary"), func() app.UI {
		cards := []app.UI{app.P().Class("help").Text(l.Text("site.page.h_cards"))}
		for _, f := range form.CardFields {
			cards = append(cards, p.input(r, f, ""))
		}
		return app.Div().Body(cards...)
	}))
	return app.Form().Class("plan-form").OnSubmit(preventSubmit).Body(
		app.FieldSet().Body(work...),
		app.FieldSet().Body(
			app.Legend().Text(l.Text("site.page.legend_use")),
			in("hours_per_day"), in("days_per_month"), in("project_months"), in("demand"),
		),
		app.FieldSet().Body(
			app.Legend().Text(l.Text("site.page.legend_data")),
			in("storage_tb"), in("egress_tb_month"), in("extra_ips"), in("data_class"),
			in("domestic_only"), in("needs_fp64"), in("ops_team"), in("first_contract"),
		),
	)
}

// placeholder shows what an empty optional field stands for: the value the
// plan used, or the shape the sizing assumed.
func (p *plannerPage) placeholder(key string) string {
	pl := p.out.Plan
	l := p.st.Lang
	if pl == nil {
		return ""
	}
	auto := func(v string) string { return l.Text("site.page.auto_value", msg.Text(v)) }
	sm := pl.Sizing.Model
	switch key {
	case "hours_per_day":
		return auto(pl.Requirements.HoursPerDay.String())
	case "concurrency":
		return auto(l.Int(pl.Requirements.Concurrency))
	case "model.layers":
		return auto(l.Int(sm.Layers))
	case "model.hidden":
		return auto(l.Int(sm.Hidden))
	case "model.heads":
		return auto(l.Int(sm.Heads))
	case "model.kv_heads":
		return auto(l.Int(sm.KVHeads))
	case "model.head_dim":
		return auto(l.Int(sm.HeadDim))
	case "tokens_to_train_b":
		return "0"
	}
	return ""
}

// result is the plan: headline figures, the memory chart, the card
// comparison, billing, cost, rent or build, warnings and the rules.
func (p *plannerPage) result() app.UI {
	l := p.st.Lang
	pl := p.out.Plan
	sec := app.Section().ID("result").Class("result").Aria("live", "polite").Attr("data-rev", p.rev).
		Attr("data-compute-us", p.took.Microseconds())
	switch {
	case len(p.out.Errors) > 0:
		return sec.Body(app.H2().Text(l.Text("site.page.result_title")), app.P().ID("result-pending").Class("pending").Text(l.Text("site.page.result_pending")))
	case pl == nil:
		msg := ""
		if p.out.Err != nil {
			msg = l.Err(p.out.Err)
		}
		return sec.Body(app.H2().Text(l.Text("site.page.result_title")),
			app.Div().ID("plan-error").Class("plan-error").Attr("role", "alert").Body(
				app.P().Text(l.Text("site.page.plan_failed")), app.P().Text(msg)))
	}
	return sec.Body(
		kpis(l, pl),
		defaultsLine(l, pl),
		p.sheetSummary(),
		memoryChart(l, pl),
		estimates(l, pl),
		alternatives(l, pl, p.altsOpen, toggled(&p.altsOpen)),
		app.H2().Text(l.Text("site.page.billing_title")),
		reasons(l, "billing-reasons", msg.Strings(l, pl.Billing.ReasonMessages)),
		app.Div().Class("pair").Body(
			costSummary(l, pl, p.pageLink(routeByID(routeCost), l)),
			rentBuildSummary(l, pl, p.pageLink(routeByID(routeRentBuild), l)),
		),
		warnings(l, pl),
		sizingNotes(l, pl, p.notesOpen, toggled(&p.notesOpen)),
		app.Div().ID("rules-applied").Class("rules-applied").Body(
			app.Span().Class("rules-label").Text(l.Text("site.page.rules_title")+":"), &ruleListBox{Lang: l, IDs: pl.Rules}),
		p.actions(),
	)
}

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
	out := offerLine(l, o.Offer, provName(l, o.ProviderName), o.AgeMonths)
	if b := pl.Billing.BreakevenHoursPerDay; b != nil {
		out += " " + (msg.New("site.prices.breakeven", msg.Text(provName(l, o.ProviderName)), msg.Dec(b.Round(1)),
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
		app.H2().Text(l.Text("site.page.memory_title")),
		&stackChartBox{Lang: l, ID: "memory-chart", Title: l.Text("site.page.memory_title"), Rows: []stackRow{row}, Max: gib(total),
			Marks: []marker{{At: gib(usable), Label: l.Text("site.page.mem_usable", msg.Text(l.Num(usable, 1)))}}},
		app.P().Class("caption").Text(l.Text("site.page.memory_caption", msg.Text(l.Num(c.Needed, 1)), msg.Text(l.Num(usable, 1)), msg.Text(l.Num(total, 1)))),
	)
}

// paramsIn writes a parameter count given in billions as a reader of l
// writes it: billions in English ("70.55"), 亿 (10^8) in Chinese ("705.5"),
// without trailing zeros.
func paramsIn(l Lang, billions float64) string {
	if l == Zh {
		return strconv.FormatFloat(math.Round(billions*100)/10, 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round(billions*100)/100, 'f', -1, 64)
}

// estimates are the speed or training-time ranges and the model as sized.
func estimates(l Lang, pl *plan.Plan) app.UI {
	s := pl.Sizing
	lines := []app.UI{app.Li().ID("model-sized").Text(l.Text("site.model.sized", msg.Text(s.Model.Name), msg.Text(paramsIn(l, s.Model.ParamsB))))}
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
	return app.Div().Class("block", "estimates").Body(app.H2().Text(l.Text("site.page.estimates_title")), app.Ul().ID("estimates").Body(lines...))
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
	return app.Div().Class("block").Body(
		app.H2().Text(l.Text("site.page.alt_title")),
		app.Div().Class("table-wrap").Body(table(l, "alt-table", l.Text("site.page.alt_title"), head, rows)),
		app.If(len(more) > 0, func() app.UI {
			return folded("more-alts", open, toggle, l.Text("site.page.more_alts", msg.Int(len(more))), func() app.UI {
				rest := make([][]string, len(more))
				for i, a := range more {
					rest[i] = row(a, a.ReasonMessage.In(l))
				}
				return app.Div().Class("table-wrap").Body(table(l, "alt-table-rest", l.Text("site.page.alt_title"), head, rest))
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
	return app.Div().Class("block").Body(
		app.H2().Text(l.Text("site.page.cost_summary_title")),
		app.P().ID("rent-mode").Attr("data-mode", string(pl.Cost.BillingMode)).Text(l.Text("site.page.rent_mode", msg.Text(l.Enum("billing", string(pl.Cost.BillingMode))))),
		table(l, "cost-summary", l.Text("site.page.cost_summary_title"), []string{l.Text("site.page.item_col"), l.Text("site.page.low_high_col")}, rows),
		app.If(hasCostWarning(pl), func() app.UI {
			return app.P().Class("warn-line").Text(pl.Cost.WarningMessage.In(l))
		}),
		app.P().Class("more").Body(app.A().ID("to-cost").Href("%s", costLink).Text(l.Text("site.page.more_cost")+" →")),
	)
}

// rentBuildSummary is the D1/D2 decision with its reasons.
func rentBuildSummary(l Lang, pl *plan.Plan, rbLink string) app.UI {
	rb := pl.RentVsBuild
	return app.Div().Class("block").Body(
		app.H2().Text(l.Text("site.page.rent_build_summary")),
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
		app.H2().Text(l.Text("site.page.warnings_title")),
		reasons(l, "warnings", msg.Strings(l, pl.WarningMessages)),
	)
}

// sizingNotes are the assumptions behind the memory figures, folded.
func sizingNotes(l Lang, pl *plan.Plan, open bool, toggle app.EventHandler) app.UI {
	return folded("block notes", open, toggle, l.Text("site.page.notes_title"), func() app.UI {
		return reasons(l, "sizing-notes", msg.Strings(l, pl.Sizing.NoteMessages))
	})
}

// sheetSummary lists the sheet for the printed brief, where the form is
// hidden.
func (p *plannerPage) sheetSummary() app.UI {
	l := p.st.Lang
	var rows [][]string
	for _, f := range form.SheetFields {
		v := p.st.Input.Get(f.Key)
		switch f.Kind {
		case form.KindChoice:
			if v == "" {
				continue // not chosen, or not for this workload: no empty row on paper
			}
			v = choiceLabel(f, l, v)
		case form.KindBool:
			v = map[bool]string{true: l.Text("site.page.yes"), false: l.Text("site.page.no")}[v == "true"]
		default:
			if v == "" {
				v = p.placeholder(f.Key)
			}
			if v == "" {
				continue
			}
			v += " " + f.Unit(l)
		}
		rows = append(rows, []string{f.Label(l), v})
	}
	return app.Div().Class("print-only-block").Body(
		app.P().ID("print-line").Class("help").Text(l.Text("site.print.line",
			msg.Date(time.Now().Format("2006-01-02")), msg.Text(siteOrigin()+p.pageLink(p.route(), l)))),
		table(l, "sheet-summary", l.Text("site.page.sheet_title"), []string{l.Text("site.page.table_input"), l.Text("site.page.table_value")}, rows))
}

// actions are export, import, print and the share link.
func (p *plannerPage) actions() app.UI {
	l := p.st.Lang
	return app.Div().Class("actions").Body(
		app.Button().ID("export-json").Type("button").Class("btn", "primary").Text(l.Text("site.page.export_json")).OnClick(p.exportJSON),
		app.Button().ID("export-md").Type("button").Class("btn").Text(l.Text("site.page.export_md")).OnClick(p.exportMD),
		app.Label().Class("btn", "file-btn").For("import-file").Body(
			app.Text(l.Text("site.page.import_plan")),
			app.Input().ID("import-file").Type("file").Accept(".json,application/json").OnChange(p.importFile),
		),
		app.Button().ID("print").Type("button").Class("btn").Text(l.Text("site.page.print_brief")).OnClick(printPage),
		app.If(len(p.st.Proc.Names()) > 0, p.procurementNote),
		app.A().ID("share").Class("share").Href("%s", p.pageLink(p.route(), p.st.Lang)).Text(l.Text("site.page.share_link")),
		app.If(p.imported != "", func() app.UI {
			return app.P().ID("import-result").Class("import-result").Attr("data-error", p.importErr).Text(p.imported)
		}),
		app.If(!p.embed, func() app.UI { return p.embedPanel(viewPlan) }),
	)
}

// exportJSON downloads the plan file: exactly plan.Encode's output, the file
// gpuverify check reads.
func (p *plannerPage) exportJSON(ctx app.Context, e app.Event) {
	p.exportWith("plan.json", "application/json", planJSON)
}

// exportMD downloads plan.WriteMarkdownIn's summary in the page's language.
func (p *plannerPage) exportMD(ctx app.Context, e app.Event) {
	l := p.st.Lang
	p.exportWith("plan.md", "text/markdown", func(pl *plan.Plan) ([]byte, error) {
		var b bytes.Buffer
		err := plan.WriteMarkdownIn(&b, pl, l)
		return b.Bytes(), err
	})
}

func (p *plannerPage) exportWith(name, mime string, encode func(*plan.Plan) ([]byte, error)) {
	p.fail = guard("export "+name, func() {
		data, err := p.exportData(encode)
		if err != nil {
			p.imported, p.importErr = err.Error(), true
			return
		}
		download(name, mime+";charset=utf-8", data)
	})
}

// exportData is what an export button downloads: encode applied to the plan
// on screen.
func (p *plannerPage) exportData(encode func(*plan.Plan) ([]byte, error)) ([]byte, error) {
	if p.out.Plan == nil {
		return nil, errors.New("no plan to export: fix the sheet first")
	}
	return encode(p.out.Plan)
}

// importFile restores the sheet from a plan file or a requirement sheet.
func (p *plannerPage) importFile(ctx app.Context, e app.Event) {
	p.fail = guard("import", func() {
		readFirstFile(ctx, plan.MaxBytes, p.applyImport)
	})
}

// applyImport puts an imported sheet into the form. A file that fails
// validation, or holds a value the form cannot hold, changes nothing. A
// plain sheet keeps the procurement sections already here; a plan file with
// sections replaces them. Over saved work the import is shown but saved
// only once the user keeps it (savedWork); otherwise it is saved at once,
// with Undo.
func (p *plannerPage) applyImport(ctx app.Context, name string, data []byte, err error) {
	l := p.st.Lang
	next, err := p.importedState(data, err)
	if err != nil {
		p.imported, p.importErr = l.Text("site.page.import_failed", msg.Text(name), msg.Text(fmt.Sprint(err))), true
		return
	}
	done := "site.page.imported"
	if next.Proc != nil && next.Proc != p.st.Proc {
		done = "site.page.imported_proc"
	}
	p.imported, p.importErr = l.Text(done, msg.Text(name)), false
	hadWork := !p.st.Input.Empty() || p.st.Proc != nil
	changes := !next.Input.Equal(p.st.Input) || next.Proc != p.st.Proc
	r := p.route()
	if p.pending == nil && hadWork && changes && !p.locked {
		p.pending = &pending{saved: p.st, source: form.FromFile, name: form.Clip(name)}
	}
	p.setState(next)
	p.problems = nil
	if p.pending == nil {
		p.replaceSaved()
	}
	writeURL(ctx, p.st, r.KeepsInput)
}

// importedState reads an imported file into the state it would give, or the
// reason it changes nothing.
func (p *plannerPage) importedState(data []byte, readErr error) (form.State, error) {
	if readErr != nil {
		return form.State{}, readErr
	}
	req, err := importSheet(data)
	if err != nil {
		return form.State{}, err
	}
	proc := p.st.Proc
	if req.Procurement != nil {
		if proc, err = form.NewProcurement(req.Procurement); err != nil {
			return form.State{}, err
		}
	}
	in, problems := form.InputFrom(form.FromFile, form.FromRequirements(req).Texts())
	if len(problems) > 0 {
		return form.State{}, errors.New(problems[0].Message(p.st.Lang))
	}
	prices := p.st.Prices
	if csv := form.PricesCSV(req); csv != "" {
		prices = csv
	}
	return form.State{Lang: p.st.Lang, Input: in, Proc: proc, Prices: prices}.WithAsOf(req.AsOf), nil
}

// clearProcurement forgets the procurement sections of an import; the sheet
// stays. The sections stay in backupKey, and Undo brings them back.
func (p *plannerPage) clearProcurement(ctx app.Context, e app.Event) {
	p.fail = guard("removing the procurement sections", func() {
		p.setState(form.State{Lang: p.st.Lang, Input: p.st.Input, Prices: p.st.Prices, AsOf: p.st.AsOf})
		p.imported = ""
		if p.pending == nil {
			p.replaceSaved()
		}
		writeURL(ctx, p.st, p.route().KeepsInput)
	})
}

// procurementNote says that the plan holds procurement sections, which the
// planner's link does not carry (a procurement page's share link does), and
// offers to remove them. It shows only when a section is saved: text typed
// on a procurement page and never valid is not a section yet.
func (p *plannerPage) procurementNote() app.UI {
	l := p.st.Lang
	names := p.st.Proc.Names()
	labels := make([]string, len(names))
	for i, n := range names {
		labels[i] = l.Enum("procurement", n)
	}
	sep := ", "
	if l == Zh {
		sep = "、"
	}
	return app.Div().ID("procurement-note").Class("procurement-note").Attr("data-sections", strings.Join(names, " ")).Body(
		app.P().Text(l.Text("site.page.procurement_note", msg.Text(strings.Join(labels, sep)))),
		app.Button().ID("procurement-clear").Type("button").Class("btn").Text(l.Text("site.page.procurement_clear")).OnClick(p.clearProcurement),
	)
}

// printPage opens the browser's print dialog; the print stylesheet turns
// the plan into a one-page brief.
func printPage(ctx app.Context, e app.Event) {
	if app.IsClient {
		app.Window().Call("print")
	}
}

// preventSubmit keeps Enter in a field from reloading the page.
func preventSubmit(ctx app.Context, e app.Event) {
	e.PreventDefault()
}
