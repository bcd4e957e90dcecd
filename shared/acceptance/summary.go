package acceptance

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Verdict is the outcome of a set of results: the report's, a fleet's,
// and what gpuverify's exit code says.
type Verdict string

// The verdicts of a set of results.
const (
	// VerdictPass: nothing failed and every demanded check was measured.
	VerdictPass Verdict = "pass"
	// VerdictFail: at least one check failed.
	VerdictFail Verdict = "fail"
	// VerdictIncomplete: nothing failed, but a check the plan demands (or
	// the bench the user asked for) could not be measured, so the result
	// cannot be called a pass ("could not run" is not "pass").
	VerdictIncomplete Verdict = "incomplete"
)

// Summary counts results by status and gives the verdict.
type Summary struct {
	// Verdict is VerdictPass, VerdictFail or VerdictIncomplete.
	Verdict Verdict `json:"verdict"`
	Pass    int     `json:"pass"`
	Warn    int     `json:"warn"`
	Skip    int     `json:"skip"`
	Fail    int     `json:"fail"`
	Total   int     `json:"total"`
}

// Summarize counts results by status. The verdict is "fail" when any
// result failed, else "incomplete" when a demanded check (Demanded) was
// skipped, else "pass". A skipped health check (ECC counters a consumer
// card lacks) does not make a delivery incomplete; a reader still sees it.
func Summarize(results []Result) Summary {
	s := Summary{Verdict: VerdictPass, Total: len(results)}
	unmeasured := false
	for _, r := range results {
		switch r.Status {
		case Pass:
			s.Pass++
		case Warn:
			s.Warn++
		case Skip:
			s.Skip++
			unmeasured = unmeasured || Demanded(r.ID)
		case Fail:
			s.Fail++
		}
	}
	switch {
	case s.Fail > 0:
		s.Verdict = VerdictFail
	case unmeasured:
		s.Verdict = VerdictIncomplete
	}
	return s
}

// Counts says, in English, how many checks ended in each status.
func (s Summary) Counts() string { return s.CountsMsg().String() }

// CountsMsg is Counts as a message: "3 fail, 0 warn, 1 skip, 87 pass of
// 91 checks".
func (s Summary) CountsMsg() msg.M {
	return msg.New("acc.counts", msg.Int(s.Fail), msg.Int(s.Warn), msg.Int(s.Skip), msg.Int(s.Pass), msg.Int(s.Total))
}

// demanded are the check names run because the plan asks for them, or
// that prove where the facts came from.
var demanded = map[string]bool{
	"gpu_count": true, "driver": true, "topology": true,
	"identity": true, "memory": true, "mig": true, "virtualization": true,
	"nvlink": true, "pcie_width": true, "ecc_mode": true, "origin": true,
	// The network between nodes is measured by the fleet merge, not by
	// one node ("infiniband" on a node report is informational); a fleet
	// is incomplete while one of its nodes is (shared/fleet).
	"fleet_node_verdicts": true,
}

// Demanded reports whether the check with result id is one the plan
// demands (or the user asked for with --bench), so that leaving it
// unmeasured makes the verdict incomplete. The health checks every GPU
// gets (ECC counters, wear, throttling, power, persistence, PCIe
// generation) are not.
func Demanded(id string) bool {
	name := id[strings.LastIndex(id, "/")+1:]
	return demanded[name] || strings.HasPrefix(name, "bench_") || strings.HasPrefix(name, "poc_") || strings.HasPrefix(name, "kernel_")
}

// UnmeasuredDemanded returns the demanded results that were skipped.
func UnmeasuredDemanded(results []Result) []Result {
	var out []Result
	for _, r := range results {
		if r.Status == Skip && Demanded(r.ID) {
			out = append(out, r)
		}
	}
	return out
}

// ByStatus returns the results with status st, in order.
func ByStatus(rs []Result, st Status) []Result {
	var out []Result
	for _, r := range rs {
		if r.Status == st {
			out = append(out, r)
		}
	}
	return out
}

// GroupTitle is the heading of the checks that ended in status st, in l.
func GroupTitle(st Status, l msg.Lang) string {
	switch st {
	case Fail:
		return l.Text("acc.group.fail")
	case Warn:
		return l.Text("acc.group.warn")
	case Skip:
		return l.Text("acc.group.skip")
	}
	return l.Text("acc.group.pass")
}

// Groups lists rs by status, the worst first, leaving out empty groups, for
// the report writers, in l: the text shows a check's expected value when it
// failed or warned, and its measured value when it did not pass, or always
// when measuredOnPass.
func Groups(rs []Result, measuredOnPass bool, l msg.Lang) []table.CheckGroup {
	words := Words(l)
	var out []table.CheckGroup
	for _, st := range []Status{Fail, Warn, Skip, Pass} {
		group := ByStatus(rs, st)
		if len(group) == 0 {
			continue
		}
		g := table.CheckGroup{Title: GroupTitle(st, l), Words: &words}
		for _, c := range group {
			g.Checks = append(g.Checks, table.Check{
				Status: string(c.Status), ID: c.ID, Rule: c.Rule, Message: c.Text(l),
				Expected: c.ExpectedIn(l), Measured: c.MeasuredIn(l),
				ShowExpected: st == Fail || st == Warn, ShowMeasured: st != Pass || measuredOnPass,
			})
		}
		g.Heading = l.Text("acc.group.heading", msg.Text(g.Title), msg.Int(len(g.Checks)))
		out = append(out, g)
	}
	return out
}
