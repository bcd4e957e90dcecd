package main

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// factText is a fact for a table cell: its value, or "—" when unavailable.
func factText[T any](v facts.Value[T]) string {
	x, ok := v.Get()
	if !ok {
		return "—"
	}
	return fmt.Sprint(x)
}

// reading is a driver's word (ECC "Enabled") in the reader's language;
// any other reading as the driver gave it.
func reading(l Lang, v string) string {
	if msg.Known("site.reading." + v) {
		return l.Text("site.reading." + v)
	}
	return v
}

// factsTable lists what each GPU reports.
func factsTable(l Lang, f *facts.Facts) app.UI {
	rows := make([][]string, len(f.GPUs))
	for i, g := range f.GPUs {
		reasons := l.Text("site.page.no_throttle")
		if rs, ok := g.ClockEventReasons.Get(); ok && len(rs) > 0 {
			reasons = strings.Join(rs, ", ")
		} else if !ok {
			reasons = "—"
		}
		pcie := "Gen" + factText(g.PCIe.GenMax) + " x" + factText(g.PCIe.WidthMax)
		rows[i] = []string{l.Int(g.Index), factText(g.Name), factText(g.MemoryTotalMiB), factText(g.PCIDeviceID),
			reading(l, factText(g.ECCMode)), pcie, reasons}
	}
	kids := []app.UI{
		heading(2, l.Text("site.page.facts_title")),
		para("help", l.Text("site.page.facts_source", msg.Text(string(f.Source)))+" "+l.Text("site.page.facts_driver")+": "+factText(f.DriverVersion)),
		tableWrap(dataTable("facts-table", l.Text("site.page.facts_title"),
			[]string{l.Text("site.page.facts_gpu"), l.Text("site.page.facts_name"), l.Text("site.page.facts_memory"), l.Text("site.page.facts_pci"), l.Text("site.page.facts_ecc"), l.Text("site.page.facts_pc_ie"), l.Text("site.page.facts_throttle")}, rows)),
	}
	if len(f.Problems) > 0 {
		kids = append(kids, para("warn-line", l.Text("site.page.facts_problems")), reasonList("facts-problems", f.Problems))
	}
	return block(kids...)
}

// checkTable is the verifier's result, answer first: the
// verdict, then the checks grouped by kind as gpuverify check prints them
// (acceptance.ByKind: the groups with a failure first and open, the
// passed ones folded, each group worst first), then the GPU × check grid
// when more than one GPU was checked. #check-table holds every check row.
func checkTable(l Lang, rs []acceptance.Result, report, otherPlan bool) app.UI {
	sum := acceptance.Summarize(rs)
	failed := sum.Fail
	verdict := l.Text("site.page.verdict_pass", msg.Int(len(rs)))
	switch sum.Verdict {
	case acceptance.VerdictFail:
		verdict = l.Text("site.page.verdict_fail", msg.Int(failed), msg.Int(len(rs)))
	case acceptance.VerdictIncomplete:
		verdict = l.Text("site.page.verdict_incomplete", msg.Int(len(acceptance.UnmeasuredDemanded(rs))), msg.Int(len(rs)))
	}
	verdictID := sum.Verdict
	if otherPlan {
		// The report's checks are of another plan's acceptance block:
		// however they came out, this plan's delivery is not accepted.
		verdict = l.Text("site.report.other.verdict", msg.Int(len(rs)))
		verdictID, failed = acceptance.VerdictFail, failed+1
	}
	groups := acceptance.ByKind(rs)
	kids := make([]app.UI, len(groups))
	for i, g := range groups {
		kids[i] = kindGroup(l, g)
	}
	return block(
		heading(2, l.Text("site.page.checks_title")),
		app.If(report, func() app.UI { return para("help", l.Text("site.page.report_loaded")) }),
		app.P().ID("check-verdict").Class("verdict", map[bool]string{true: "bad", false: "good"}[verdictID != acceptance.VerdictPass]).
			Attr("data-failed", failed).Attr("data-verdict", verdictID).Text(verdict),
		app.Div().ID("check-table").Class("check-groups").Body(kids...),
		checkGrid(l, acceptance.GridOf(rs)),
	)
}

// kindGroup is one kind's checks: a <details> open when any of them did
// not pass, headed by the kind, its worst status and its counts.
func kindGroup(l Lang, g acceptance.KindGroup) app.UI {
	worst := acceptance.Worst(g.Results)
	head := headRow(l, "site.page.check_status", "site.page.check_id", "site.page.check_expected", "site.page.check_measured", "site.page.check_message")
	rows := make([]app.UI, len(g.Results))
	for i, r := range g.Results {
		rows[i] = app.Tr().Class("st-"+string(r.Status)).Attr("data-check", r.ID).Attr("data-status", string(r.Status)).Body(
			app.Td().Body(app.Span().Class("status", "st-"+string(r.Status)).Text(l.Enum("status", string(r.Status)))),
			app.Th().Scope("row").Title(r.ID).Body(app.Text(checkLabel(l, r.ID)+" "), ruleRef(l, r.Rule)),
			cell("", r.ExpectedIn(l)),
			cell("", r.MeasuredIn(l)),
			cell("", r.Text(l)),
		)
	}
	d := app.Details().Class("kind-group").Attr("data-kind", string(g.Kind)).Attr("data-status", string(worst))
	if worst != acceptance.Pass {
		// Only ever set: go-app writes Open(false) as open="false",
		// which a browser reads as open.
		d = d.Open(true)
	}
	return d.Body(
		app.Summary().Body(
			app.Span().Class("status", "st-"+string(worst)).Text(l.Enum("status", string(worst))),
			app.Text(" "+g.Kind.Title(l)+" · "+statusCounts(l, g.Summary)),
		),
		tableWrap(
			app.Table().Class("data", "checks").Body(headBody(head, rows)...)),
	)
}

// statusCounts names the statuses that occur in s, worst first:
// "fail 1 · pass 14".
func statusCounts(l Lang, s acceptance.Summary) string {
	var parts []string
	for _, c := range []struct {
		n  int
		st acceptance.Status
	}{{s.Fail, acceptance.Fail}, {s.Warn, acceptance.Warn}, {s.Skip, acceptance.Skip}, {s.Pass, acceptance.Pass}} {
		if c.n > 0 {
			parts = append(parts, l.Enum("status", string(c.st))+" "+l.Int(c.n))
		}
	}
	return strings.Join(parts, " · ")
}

// checkGrid is the GPU × check table: one row a GPU, one column a check,
// each cell that check's status on that GPU; nil for one GPU or none.
func checkGrid(l Lang, g acceptance.Grid) app.UI {
	if len(g.GPUs) < 2 {
		return nil
	}
	gridTitle := l.Text("site.ux.grid.title")
	head := []app.UI{colHead(l.Text("site.ux.grid.gpu"))}
	for _, c := range g.Checks {
		head = append(head, app.Th().Scope("col").Class("grid-check").Title(c).Text(checkLabel(l, c)))
	}
	rows := make([]app.UI, len(g.GPUs))
	for i, gpu := range g.GPUs {
		cells := []app.UI{app.Th().Scope("row").Text(l.Text("site.check.gpu", msg.Int(gpu)))}
		for j, st := range g.Cells[i] {
			id := "gpu" + l.Int(gpu) + "/" + g.Checks[j]
			if st == "" {
				cells = append(cells, cell("cell-none", "·"))
				continue
			}
			cells = append(cells, app.Td().Class("cell", "st-"+string(st)).Attr("data-cell", id).
				Title(id+": "+l.Enum("status", string(st))).Text(gridMark(st)))
		}
		rows[i] = app.Tr().Body(cells...)
	}
	return app.Div().Class("check-grid-block").Body(
		heading(2, gridTitle),
		tableWrap(
			app.Table().ID("check-grid").Class("data", "check-grid").Body(
				app.Caption().Text(gridTitle),
				app.THead().Body(app.Tr().Body(head...)), app.TBody().Body(rows...))),
	)
}

// checkLabel names a check by its result id in the reader's language:
// "GPU 3 · ECC 错误" for "gpu3/ecc_errors", "驱动" for "driver"; a check
// the catalogue does not name (a kernel or bench check) keeps its id.
func checkLabel(l Lang, id string) string {
	name := acceptance.CheckName(id)
	label := name
	if msg.Known("site.check." + name) {
		label = l.Text("site.check." + name)
	}
	if gpu, ok := acceptance.GPUOf(id); ok {
		return l.Text("site.check.on", msg.Text(l.Text("site.check.gpu", msg.Int(gpu))), msg.Text(label))
	}
	return label
}

// gridMark is a cell's mark: ✓ pass, ✗ fail, ! warn, – skip.
func gridMark(s acceptance.Status) string {
	switch s {
	case acceptance.Pass:
		return "✓"
	case acceptance.Fail:
		return "✗"
	case acceptance.Warn:
		return "!"
	}
	return "–"
}
