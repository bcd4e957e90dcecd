package main

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/poc"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// pocPage judges the proof of concept with poc.Judge, the code gpuverify
// plan runs: the measured figures against rules P1–P5 (scaling against
// 75%, performance against 90%, the P1 metrics, the off-hours ticket and
// the trial length), and two gpuverify reports, of the POC machine and
// of the delivered one, compared for rule P4.
type pocPage struct {
	app.Compo
	pageState
	fileErr map[string]string // a report file refused, by its field
}

func newPOCPage() app.Composer { return &pocPage{pageState: pageState{page: routePOC}} }

// Render draws the page: the verdict first, then the form.
func (p *pocPage) Render() app.UI {
	return p.layout(routeByID(routePOC), func() app.UI {
		l := p.st.Lang
		return app.Div().Class("proc-page", "poc-page").Body(
			heading(1, p.st.Lang.Text("site.proc.nav_poc")),
			para("intro", l.Text("site.journey.poc_intro")),
			pocAnswer(p.st.Lang, p.st.Proc),
			p.pocForm(),
		)
	})
}

// pocRunFields are the run's size and throughput (rules P2, P3).
var pocRunFields = []pfield{
	{Path: "cards"}, {Path: "throughput.unit", Kind: pText},
	{Path: "throughput.single"}, {Path: "throughput.multi"}, {Path: "throughput.expected"},
}

// pocMetrics are the P1 and P5 measurements, each measured against its
// target.
var pocMetrics = []string{"utilisation_pct", "network_gbps", "storage_iops", "container_start_s", "ticket_response_min"}

// pocTrialFields are the trial's length and the buyer's size (rule P5).
var pocTrialFields = []pfield{{Path: "ease_of_use"}, {Path: "trial_days"}, {Path: "annual_spend"}}

// pocForm is the measured figures, then the two report files.
func (p *pocPage) pocForm() app.UI {
	r := routeByID(routePOC)
	l := p.st.Lang
	kids := []app.UI{
		heading(2, p.st.Lang.Text("site.proc.inputs_title")),
		p.errSlot("poc"),
		heading(3, l.Text("site.journey.poc_run_title")),
		p.fields(r, "poc", "", pocRunFields),
		heading(3, l.Text("site.journey.poc_metrics_title")),
	}
	for _, m := range pocMetrics {
		kids = append(kids, p.fields(r, "poc", m+".", []pfield{{Path: "measured"}, {Path: "target"}}))
	}
	kids = append(kids,
		heading(3, l.Text("site.journey.poc_trial_title")),
		p.fields(r, "poc", "", pocTrialFields),
		heading(3, l.Text("site.journey.poc_machines_title")),
		para("help", l.Text("site.journey.poc_machines_help")),
		p.reportInput("poc_facts", l.Text("site.journey.poc_report")),
		p.reportInput("delivered_facts", l.Text("site.journey.delivered_report")),
	)
	return app.Section().ID("poc-form").Class("block", "proc-form").Body(kids...)
}

// reportInput loads a gpuverify report (or facts file) into field, or
// removes the one loaded.
func (p *pocPage) reportInput(field, label string) app.UI {
	l := p.st.Lang
	id := fieldDOMID("poc", field)
	loaded := p.draft("poc").Get(field) != ""
	state, msg := l.Text("site.journey.no_report"), p.fileErr[field]
	if loaded {
		state = l.Text("site.journey.report_loaded")
	}
	if fe := p.st.Proc.Err("poc"); msg == "" && fe != nil && fe.Field == field {
		msg = errText(p.st.Lang, fe)
	}
	return app.Div().Class("field").Body(
		app.Label().For("%s", id).Text(label+" "),
		app.Input().ID("%s", id).Type("file").Accept(".json").OnChange(p.onReport(field), app.EventScope(field)),
		app.Span().ID("%s-state", id).Text(" "+state+" "),
		app.Button().ID("%s-remove", id).Type("button").Class("btn", "small").Disabled(!loaded).Text(l.Text("site.journey.remove_report")).
			OnClick(p.onRemove(field), app.EventScope(field)),
		app.If(msg != "", func() app.UI { return app.P().ID("%s-error", id).Class("field-error").Attr("role", "alert").Text(msg) }),
	)
}

// onRemove removes the report loaded into field.
func (p *pocPage) onRemove(field string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("remove "+field, func() { p.setFacts(ctx, field, "") })
	}
}

// onReport reads a chosen report file into field: its facts only
// (poc.FactsOf), so the plan holds what P4 compares and no more.
func (p *pocPage) onReport(field string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("loading "+field, func() {
			readFirstFile(ctx, report.MaxBytes, func(ctx app.Context, name string, data []byte, err error) {
				p.fail = guard("reading "+field, func() {
					if p.fileErr == nil {
						p.fileErr = map[string]string{}
					}
					delete(p.fileErr, field)
					if err == nil {
						var facts []byte
						if facts, err = poc.FactsOf(field, data); err == nil {
							p.setFacts(ctx, field, string(facts))
							return
						}
					}
					p.fileErr[field] = p.st.Lang.Text("site.journey.report_refused", msg.Text(name), msg.Text(p.st.Lang.Err(err)))
				})
			})
		})
	}
}

// setFacts puts a facts document (compact JSON, "" to remove it) into the
// draft whole: it is a file, not typed text, and is bounded by
// poc.MaxFactsBytes rather than by the typed-text bound.
func (p *pocPage) setFacts(ctx app.Context, field, facts string) {
	d := p.draft("poc").WithFile(field, facts)
	p.editSection(ctx, routeByID(routePOC), "poc", d)
}

// pocAnswer is the verdict, the checks and the machine comparison by
// poc.Judge on the saved section.
func pocAnswer(l Lang, proc *form.Procurement) app.UI {
	in := proc.Valid().POC
	if in == nil {
		return resultMsg("poc-result", "empty", l.Text("site.journey.no_poc"))
	}
	res, err := poc.Judge(*in)
	if err != nil {
		return resultMsg("poc-result", "error", l.Err(err))
	}
	return resultOK(l, proc, "poc", "data-verdict", string(res.Verdict),
		app.P().ID("poc-verdict").Class("verdict", "status-"+string(res.Verdict)).
			Text(l.Text("site.journey.poc_verdict", msg.Text(label(l, "pocstatus:"+string(res.Verdict))))),
		pocChecks(l, res.Checks),
		pocMachine(l, res.Machine),
	)
}

// pocChecks is the table of checks in rule order.
func pocChecks(l Lang, cs []poc.Check) app.UI {
	rows := make([][]string, len(cs))
	for i, c := range cs {
		rows[i] = []string{label(l, "poccheck:"+c.ID), c.Rule, label(l, "pocstatus:"+string(c.Status)),
			pocFigure(c.ID, c.Measured), pocFigure(c.ID, c.Target), c.ReasonIn(l)}
	}
	return table(l, "poc-checks", l.Text("site.journey.poc_checks_title"),
		[]string{l.Text("site.journey.col_check"), l.Text("site.journey.col_rule"), l.Text("site.journey.col_status"), l.Text("site.journey.col_measured"), l.Text("site.journey.col_target"), l.Text("site.journey.col_why")}, rows)
}

// pocFigure writes a check's figure: scaling and performance are ratios,
// shown as percentages; "–" when absent.
func pocFigure(id string, v *decimal.Decimal) string {
	switch {
	case v == nil:
		return "–"
	case id == "scaling" || id == "performance":
		return v.Shift(2).StringFixed(1) + "%"
	}
	return v.String()
}

// pocMachine is rule P4's comparison of the two machines, when both
// reports are loaded.
func pocMachine(l Lang, d *poc.Diff) app.UI {
	if d == nil {
		return nil
	}
	diffRows := func(ds []poc.Difference) [][]string {
		rows := make([][]string, len(ds))
		for i, x := range ds {
			rows[i] = []string{x.Path, x.POC, x.Delivered}
		}
		return rows
	}
	head := []string{l.Text("site.journey.col_path"), l.Text("site.journey.col_poc"), l.Text("site.journey.col_delivered")}
	kids := []app.UI{
		heading(3, l.Text("site.journey.poc_machine_title")),
		app.P().ID("poc-machine-summary").Text(strings.Join(msg.Strings(l, d.SummaryMessages()), l.Gap())),
	}
	if len(d.Config) > 0 {
		kids = append(kids, table(l, "poc-config", l.Text("site.journey.config_diffs"), head, diffRows(d.Config)))
	}
	if len(d.Identity) > 0 {
		kids = append(kids, table(l, "poc-identity", l.Text("site.journey.identity_diffs"), head, diffRows(d.Identity)))
	}
	if len(d.Ignored) > 0 {
		kids = append(kids, para("help", l.Text("site.journey.ignored", msg.Int(len(d.Ignored)))))
	}
	return app.Div().ID("poc-machine").Attr("data-same", d.Same()).Attr("data-config", len(d.Config)).Body(kids...)
}

// pocStage: done once the saved POC has its central figure, the measured
// throughput against the expected one (rules P2, P3); in progress before,
// or while a field is refused.
func pocStage(st form.State) stage {
	s := sectionStage(st.Proc, "poc")
	if s != stageDone {
		return s
	}
	in := st.Proc.Sections.POC
	if in == nil || in.Throughput.Expected == nil || (in.Throughput.Multi == nil && in.Throughput.Single == nil) {
		return stageInProgress
	}
	return stageDone
}
