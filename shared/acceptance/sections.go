package acceptance

import (
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Title is the heading of the kind's checks in a report, in l.
func (k Kind) Title(l msg.Lang) string { return l.Text("acc.kind." + string(k)) }

// Sections lays rs out for a report in l, the answer first:
// one section a kind, the kinds with a failure first, each listing its
// checks worst first, with one check that says the same on several GPUs
// joined into one line ("gpu0-7/identity"); then, when more than one GPU
// was checked, the GPU × check grid. Expected values show under the failed
// and warned checks, measured values under every check that did not pass.
// The status words (PASS, FAIL …) and check ids stay as they are in every
// language, for scripts and tickets.
func Sections(rs []Result, l msg.Lang) []table.Section {
	words := Words(l)
	var out []table.Section
	for _, g := range ByKind(rs) {
		out = append(out, table.Section{Title: kindHeading(g, l), Checks: joinGPUs(g.Results, l), Words: &words})
	}
	if grid := GridOf(rs); len(grid.GPUs) > 1 {
		out = append(out, GridSection(grid, l))
	}
	return out
}

// Words are the words of a list of checks in l.
func Words(l msg.Lang) table.CheckWords {
	w := table.CheckWords{Expected: l.Text("acc.line.expected"), Measured: l.Text("acc.line.measured")}
	for i, id := range []string{"acc.col.status", "acc.col.check", "acc.col.rule", "acc.col.expected", "acc.col.measured", "acc.col.why"} {
		w.Columns[i] = l.Text(id)
	}
	return w
}

// kindHeading is "Wear: FAIL (1 fail, 1 skip, 14 pass)": the group's
// verdict when it fails or is incomplete, else its worst status (a group of
// health checks that could not be measured is SKIP, not PASS).
func kindHeading(g KindGroup, l msg.Lang) string {
	word := string(g.Summary.Verdict)
	if g.Summary.Verdict == VerdictPass {
		word = string(Worst(g.Results))
	}
	return l.Text("acc.heading", msg.Label("acc.kind."+string(g.Kind)), msg.Text(strings.ToUpper(word)), msg.Sub(shortCounts(g.Summary)))
}

// shortCounts names the statuses that occur: "1 fail, 14 pass".
func shortCounts(s Summary) msg.M {
	var parts []msg.M
	for _, c := range []struct {
		n  int
		id string
	}{{s.Fail, "acc.count.fail"}, {s.Warn, "acc.count.warn"}, {s.Skip, "acc.count.skip"}, {s.Pass, "acc.count.pass"}} {
		if c.n > 0 {
			parts = append(parts, msg.New(c.id, msg.Int(c.n)))
		}
	}
	if len(parts) == 0 {
		return msg.New("acc.count.pass", msg.Int(0))
	}
	return joined("acc.comma", parts)
}

// sameCheck is what must agree for the results of one check on several
// GPUs to be shown as one line.
type sameCheck struct {
	name, rule, message, expected, measured string
	status                                  Status
}

// joinGPUs turns results into report lines, their messages in l, joining
// the results of one check on several GPUs that agree in status and every
// text; server checks stay one line each. The lines keep the order of
// their first result.
func joinGPUs(rs []Result, l msg.Lang) []table.Check {
	var order []sameCheck
	gpus := map[sameCheck][]int{}
	for _, r := range rs {
		gpu, ok := GPUOf(r.ID)
		k := sameCheck{name: CheckName(r.ID), rule: r.Rule, message: r.Text(l), expected: r.ExpectedIn(l), measured: r.MeasuredIn(l), status: r.Status}
		if !ok {
			k.name = r.ID
			gpu = -1
		}
		if _, seen := gpus[k]; !seen || !ok {
			order = append(order, k)
		}
		gpus[k] = append(gpus[k], gpu)
	}
	out := make([]table.Check, 0, len(order))
	for _, k := range order {
		id := k.name
		if list := gpus[k]; list[0] >= 0 {
			id = gpuList(list) + "/" + k.name
		}
		out = append(out, table.Check{
			Status: string(k.status), ID: id, Rule: k.rule, Message: k.message,
			Expected: k.expected, Measured: k.measured,
			ShowExpected: k.status == Fail || k.status == Warn, ShowMeasured: k.status != Pass,
		})
	}
	return out
}

// gpuList names GPU indexes with runs joined: "gpu0-3,6".
func gpuList(idx []int) string {
	var parts []string
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && idx[j+1] == idx[j]+1 {
			j++
		}
		part := strconv.Itoa(idx[i])
		if j > i {
			part += "-" + strconv.Itoa(idx[j])
		}
		parts = append(parts, part)
		i = j + 1
	}
	return "gpu" + strings.Join(parts, ",")
}

// gridMarks are the grid's cells: "?" is a check that could not measure
// its fact, "-" one that was not run on that GPU.
var gridMarks = map[Status]string{Pass: "ok", Fail: "FAIL", Warn: "warn", Skip: "?", "": "-"}

// GridSection is g as a report table in l, one row a check and one column
// a GPU, so that eight or sixteen GPUs fit a terminal.
func GridSection(g Grid, l msg.Lang) table.Section {
	s := table.Section{Title: l.Text("acc.grid.title"), Header: []string{l.Text("acc.grid.check")}}
	for _, gpu := range g.GPUs {
		s.Header = append(s.Header, "gpu"+strconv.Itoa(gpu))
	}
	for j, name := range g.Checks {
		row := []string{name}
		for i := range g.GPUs {
			row = append(row, gridMarks[g.Cells[i][j]])
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}
