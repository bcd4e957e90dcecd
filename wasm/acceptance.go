package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// acceptancePage checks a delivered server against the plan's acceptance
// block (rules A1–A4). It says how to run gpuverify, and reads pasted
// nvidia-smi output (facts.Parse) or a gpuverify report in the page, then
// runs acceptance.Check, the function gpuverify check runs, so the table is
// the one the verifier prints.
type acceptancePage struct {
	app.Compo
	pageState
	// pasted is the text last pasted or loaded; it is not part of the
	// state (it can be megabytes) and is lost on reload.
	pasted string
	check  checkOutcome
}

// checkOutcome is what one pasted text gave.
type checkOutcome struct {
	Facts   *facts.Facts
	Results []acceptance.Result
	Report  bool  // the results come from a gpuverify report as written
	Err     error // the text could not be read
}

func newAcceptancePage() app.Composer { return &acceptancePage{} }

// OnInit reads the state before the first render.
func (p *acceptancePage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *acceptancePage) OnNav(ctx app.Context) {
	p.enter(ctx, routeByID(routeAcceptance))
	p.recheck()
}

// Render draws the page.
func (p *acceptancePage) Render() app.UI {
	return p.layout(routeByID(routeAcceptance), p.body)
}

// runCheck reads data (nvidia-smi output, facts JSON or a gpuverify report)
// and checks it against acc; acc is nil when there is no plan.
func runCheck(data []byte, acc *plan.Acceptance) checkOutcome {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return checkOutcome{}
	}
	if trimmed[0] == '{' || trimmed[0] == '[' {
		return readReport(trimmed, acc)
	}
	f, err := facts.Parse(data)
	if err != nil {
		return checkOutcome{Err: err}
	}
	out := checkOutcome{Facts: f}
	if acc != nil {
		out.Results = acceptance.Check(*acc, f)
	}
	return out
}

// readReport reads JSON from gpuverify. The report format is not fixed yet
// (no shared/report package exists): this accepts facts as gpuverify
// writes them (schema gpuplan.facts/v1), which are checked here against the
// plan, and an object with "results" (and optionally "facts") or a bare
// array of results, whose results are shown as written.
// HOOK: when shared/report defines the report, decode it here.
func readReport(data []byte, acc *plan.Acceptance) checkOutcome {
	if data[0] == '[' {
		var rs []acceptance.Result
		if err := json.Unmarshal(data, &rs); err != nil {
			return checkOutcome{Err: err}
		}
		return checkOutcome{Results: rs, Report: true}
	}
	var doc struct {
		Schema  string              `json:"schema"`
		Facts   *facts.Facts        `json:"facts"`
		Results []acceptance.Result `json:"results"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return checkOutcome{Err: err}
	}
	if doc.Schema == facts.SchemaVersion {
		var f facts.Facts
		if err := json.Unmarshal(data, &f); err != nil {
			return checkOutcome{Err: err}
		}
		out := checkOutcome{Facts: &f}
		if acc != nil {
			out.Results = acceptance.Check(*acc, &f)
		}
		return out
	}
	if doc.Results == nil && doc.Facts == nil {
		return checkOutcome{Err: errors.New("JSON without facts or results: not a gpuverify report")}
	}
	return checkOutcome{Facts: doc.Facts, Results: doc.Results, Report: true}
}

// recheck runs the checks again on what was pasted, against the current
// plan.
func (p *acceptancePage) recheck() {
	var acc *plan.Acceptance
	if p.out.Plan != nil {
		acc = &p.out.Plan.Acceptance
	}
	p.check = runCheck([]byte(p.pasted), acc)
}

// onPaste reads the textarea on every input.
func (p *acceptancePage) onPaste(ctx app.Context, e app.Event) {
	p.fail = guard("reading the pasted output", func() {
		p.pasted = ctx.JSSrc().Get("value").String()
		p.recheck()
	})
}

// onFile loads a file into the check.
func (p *acceptancePage) onFile(ctx app.Context, e app.Event) {
	p.fail = guard("reading the file", func() {
		readFirstFile(ctx, func(ctx app.Context, name string, data []byte, err error) {
			if err != nil {
				p.check = checkOutcome{Err: fmt.Errorf("%s: %w", name, err)}
				return
			}
			p.pasted = string(data)
			p.recheck()
		})
	})
}

// exportJSON downloads the plan file, as on the planner.
func (p *acceptancePage) exportJSON(ctx app.Context, e app.Event) {
	p.fail = guard("export plan.json", func() {
		if p.out.Plan == nil {
			return
		}
		if data, err := planJSON(p.out.Plan); err == nil {
			download("plan.json", "application/json;charset=utf-8", data)
		}
	})
}

func (p *acceptancePage) body() app.UI {
	l := p.st.Lang
	m := l.M()
	kids := []app.UI{app.H1().Text(m.AcceptanceTitle), app.P().Class("intro").Text(m.AcceptanceIntro)}
	if p.out.Plan == nil {
		kids = append(kids, app.P().ID("result-pending").Class("pending").Text(m.CheckNotAvailable))
	} else {
		kids = append(kids, acceptanceBlock(l, p.out.Plan.Acceptance))
	}
	kids = append(kids, p.howTo(), p.pasteBox(), p.outcome())
	return app.Div().Class("acceptance-page").Body(kids...)
}

// acceptanceBlock is what gpuverify will demand.
func acceptanceBlock(l Lang, a plan.Acceptance) app.UI {
	m := l.M()
	orAny := func(s string) string {
		if s == "" || s == "any" {
			return m.AccAny
		}
		return s
	}
	width := m.AccAny
	if a.MinPCIeWidth > 0 {
		width = fmt.Sprintf("x%d", a.MinPCIeWidth)
	}
	return app.Div().Class("block").Body(
		app.H2().Body(app.Text(m.AccBlockTitle+" "), ruleRefs(l, []string{"A1", "A2", "A3"})),
		dataTable("acc-block", m.AccBlockTitle, []string{m.TableInput, m.TableValue}, [][]string{
			{m.AccGPUCount, Int(a.GPUCount)},
			{m.AccGPUIDs, strings.Join(a.GPUIDs, ", ")},
			{m.AccMinMemory, Int(a.MinMemoryMiB) + " MiB"},
			{m.AccInterconnect, l.Enum("link", a.Interconnect)},
			{m.AccMIG, a.MIG},
			{m.AccVirt, a.Virtualization},
			{m.AccPCIe, width},
			{m.AccECC, orAny(a.ECC)},
			{m.AccDriver, orAny(a.MinDriver)},
		}),
	)
}

// howTo says how to get gpuverify and what to run.
func (p *acceptancePage) howTo() app.UI {
	m := p.st.Lang.M()
	return app.Div().Class("block", "howto").Body(
		app.H2().Text(m.HowTitle),
		app.Ol().Body(
			app.Li().Body(app.Text(m.HowStep1+" "),
				app.Button().ID("export-json").Type("button").Class("btn", "primary").Disabled(p.out.Plan == nil).
					Text(m.ExportJSON).OnClick(p.exportJSON)),
			app.Li().Body(app.Text(m.HowStep2),
				app.Pre().Class("cmd").Text("gpuverify check --plan plan.json")),
			app.Li().Body(app.Text(m.HowStep3),
				app.Pre().Class("cmd").Text("nvidia-smi -q -x > smi.xml\nnvidia-smi -q > smi.txt\n"+facts.QueryCommand()+"\ngpuverify facts --print-query")),
		),
	)
}

// pasteBox is the textarea and the file input.
func (p *acceptancePage) pasteBox() app.UI {
	m := p.st.Lang.M()
	return app.Div().Class("block", "paste").Body(
		app.Label().For("facts-input").Text(m.PasteLabel),
		app.Textarea().ID("facts-input").Rows(8).Spellcheck(false).
			Placeholder("<?xml version=\"1.0\" ?>\n<nvidia_smi_log>…").
			Aria("describedby", "facts-help").OnInput(p.onPaste),
		app.P().ID("facts-help").Class("help").Text(m.PasteHelp),
		app.Label().Class("btn", "file-btn").For("facts-file").Body(
			app.Text(m.LoadFile),
			app.Input().ID("facts-file").Type("file").OnChange(p.onFile),
		),
	)
}

// outcome shows the parsed facts and the check table.
func (p *acceptancePage) outcome() app.UI {
	l := p.st.Lang
	m := l.M()
	c := p.check
	if c.Err != nil {
		return app.P().ID("facts-error").Class("plan-error").Attr("role", "alert").
			Text(fmt.Sprintf(m.ParseFailedF, c.Err))
	}
	var kids []app.UI
	if c.Facts != nil {
		kids = append(kids, factsTable(l, c.Facts))
	}
	if c.Results != nil {
		kids = append(kids, checkTable(l, c.Results, c.Report))
	}
	return app.Div().ID("check-outcome").Body(kids...)
}

// factText is a fact for a table cell: its value, or "—" when unavailable.
func factText[T any](v facts.Value[T]) string {
	x, ok := v.Get()
	if !ok {
		return "—"
	}
	return fmt.Sprint(x)
}

// factsTable lists what each GPU reports.
func factsTable(l Lang, f *facts.Facts) app.UI {
	m := l.M()
	rows := make([][]string, len(f.GPUs))
	for i, g := range f.GPUs {
		reasons := m.NoThrottle
		if rs, ok := g.ClockEventReasons.Get(); ok && len(rs) > 0 {
			reasons = strings.Join(rs, ", ")
		} else if !ok {
			reasons = "—"
		}
		pcie := "Gen" + factText(g.PCIe.GenMax) + " x" + factText(g.PCIe.WidthMax)
		rows[i] = []string{Int(g.Index), factText(g.Name), factText(g.MemoryTotalMiB), factText(g.PCIDeviceID),
			factText(g.ECCMode), pcie, reasons}
	}
	kids := []app.UI{
		app.H2().Text(m.FactsTitle),
		app.P().Class("help").Text(fmt.Sprintf(m.FactsSourceF, string(f.Source)) + " " + m.FactsDriver + ": " + factText(f.DriverVersion)),
		app.Div().Class("table-wrap").Body(dataTable("facts-table", m.FactsTitle,
			[]string{m.FactsGPU, m.FactsName, m.FactsMemory, m.FactsPCI, m.FactsECC, m.FactsPCIe, m.FactsThrottle}, rows)),
	}
	if len(f.Problems) > 0 {
		kids = append(kids, app.P().Class("warn-line").Text(m.FactsProblems), reasonList("facts-problems", f.Problems))
	}
	return app.Div().Class("block").Body(kids...)
}

// checkTable is the verifier's table: one row per check, failures first
// marked, with the verdict above it.
func checkTable(l Lang, rs []acceptance.Result, report bool) app.UI {
	m := l.M()
	failed := 0
	for _, r := range rs {
		if r.Status == acceptance.Fail {
			failed++
		}
	}
	verdict := fmt.Sprintf(m.VerdictPassF, len(rs))
	if failed > 0 {
		verdict = fmt.Sprintf(m.VerdictFailF, failed, len(rs))
	}
	head := app.Tr().Body(app.Th().Scope("col").Text(m.CheckStatus), app.Th().Scope("col").Text(m.CheckID),
		app.Th().Scope("col").Text(m.CheckExpected), app.Th().Scope("col").Text(m.CheckMeasured),
		app.Th().Scope("col").Text(m.CheckMessage))
	rows := make([]app.UI, len(rs))
	for i, r := range rs {
		rows[i] = app.Tr().Class("st-"+string(r.Status)).Attr("data-check", r.ID).Attr("data-status", string(r.Status)).Body(
			app.Td().Body(app.Span().Class("status", "st-"+string(r.Status)).Text(l.Enum("status", string(r.Status)))),
			app.Th().Scope("row").Body(app.Text(r.ID+" "), ruleRef(l, r.Rule)),
			app.Td().Text(r.Expected),
			app.Td().Text(r.Measured),
			app.Td().Text(r.Message),
		)
	}
	return app.Div().Class("block").Body(
		app.H2().Text(m.ChecksTitle),
		app.If(report, func() app.UI { return app.P().Class("help").Text(m.ReportLoaded) }),
		app.P().ID("check-verdict").Class("verdict", map[bool]string{true: "bad", false: "good"}[failed > 0]).
			Attr("data-failed", failed).Text(verdict),
		app.Div().Class("table-wrap").Body(
			app.Table().ID("check-table").Class("data", "checks").Body(
				app.THead().Body(head), app.TBody().Body(rows...))),
	)
}
