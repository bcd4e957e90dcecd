package main

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
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
	p.showPrintParts(ctx)
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
		heading(1, l.Text("site.page.planner_title")),
		para("intro", l.Text("site.page.planner_intro")),
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
// (the plan's defaults, from shared/plan/defaults.go), so a reader checks them.
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
		cards := []app.UI{para("help", l.Text("site.page.h_cards"))}
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
		return sec.Body(heading(2, l.Text("site.page.result_title")), app.P().ID("result-pending").Class("pending").Text(l.Text("site.page.result_pending")))
	case pl == nil:
		msg := ""
		if p.out.Err != nil {
			msg = l.Err(p.out.Err)
		}
		return sec.Body(heading(2, l.Text("site.page.result_title")),
			app.Div().ID("plan-error").Class("plan-error").Attr("role", "alert").Body(
				para("", l.Text("site.page.plan_failed")), para("", msg)))
	}
	return sec.Body(
		kpis(l, pl),
		defaultsLine(l, pl),
		p.sheetSummary(),
		memoryChart(l, pl),
		estimates(l, pl),
		alternatives(l, pl, p.altsOpen, toggled(&p.altsOpen)),
		heading(2, l.Text("site.page.billing_title")),
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
