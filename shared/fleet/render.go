package fleet

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// WriteText writes the fleet report for a terminal in English: the
// verdict, the plan, one line per node, the rejected files, then the checks
// by kind, the kinds with a failure first (acceptance.Sections), in the one
// document model.
func (f *Fleet) WriteText(w io.Writer) error { return f.WriteTextIn(w, msg.En) }

// WriteMarkdown writes the same as WriteText as Markdown, for a ticket.
func (f *Fleet) WriteMarkdown(w io.Writer) error { return f.WriteMarkdownIn(w, msg.En) }

// WriteTextIn is WriteText in l.
func (f *Fleet) WriteTextIn(w io.Writer, l msg.Lang) error {
	return table.WriteText(w, f.title(l), f.sections(l))
}

// WriteMarkdownIn is WriteMarkdown in l.
func (f *Fleet) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	return table.WriteMarkdown(w, table.Escape(f.title(l)), f.sections(l))
}

func (f *Fleet) title(l msg.Lang) string {
	return l.Text("acc.heading", msg.Label("fleet.title"), msg.Text(strings.ToUpper(f.Summary.Verdict)), msg.Sub(f.Summary.CountsMsg()))
}

func (f *Fleet) sections(l msg.Lang) []table.Section {
	p := f.Plan
	s := []table.Section{{Title: l.Text("fleet.section"), Rows: [][]string{
		{l.Text("fleet.line.tool", msg.Text(strings.TrimSpace(f.Tool.Name+" "+f.Tool.Version)), msg.Text(f.Time), msg.Text(f.Digest))},
		{l.Text("fleet.line.plan", msg.Text(p.SHA256), msg.Label(fromLabel(p.From)), msg.Int(p.GPUCount), msg.Int(p.Nodes), msg.Int(p.GPUsPerNode), msg.Text(p.Interconnect))},
	}}}
	s = append(s, table.Section{Title: l.Text("fleet.nodes"), Header: NodeHeaderIn(l), Rows: f.NodeRows()})
	if len(f.Rejected) > 0 {
		rows := make([][]string, len(f.Rejected))
		for i, x := range f.Rejected {
			rows[i] = []string{x.File + ": " + x.Reason}
		}
		s = append(s, table.Section{Title: l.Text("fleet.rejected"), Rows: rows})
	}
	s = append(s, acceptance.Sections(f.Checks, l)...)
	for i := range s {
		s[i].Wide = true // Chinese headers take two columns a character
	}
	return s
}

// fromLabel names where the plan came from.
func fromLabel(from string) string {
	if from == FromPlanFile {
		return "fleet.from.plan_file"
	}
	return "fleet.from.reports"
}

// NodeHeader names the columns of NodeRows, in English.
var NodeHeader = NodeHeaderIn(msg.En)

// NodeHeaderIn names the columns of NodeRows in l.
func NodeHeaderIn(l msg.Lang) []string {
	ids := []string{"report", "host", "gpus", "driver", "verdict", "digest", "signature", "ib"}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = l.Text("fleet.col." + id)
	}
	return out
}

// NodeRows is the fleet table: one row per node, as the CLI and the site
// show it.
func (f *Fleet) NodeRows() [][]string {
	rows := make([][]string, len(f.Nodes))
	for i, n := range f.Nodes {
		digest := short(n.Digest) + " ok"
		if !n.DigestOK {
			digest = short(n.Digest) + " MISMATCH"
		}
		sig := "not checked"
		if n.Signature != nil {
			sig = n.Signature.Status
			if n.Signature.Signer != "" {
				sig += " (" + n.Signature.Signer + ")"
			}
		}
		ib := "—"
		if n.IB != nil {
			ib = fmt.Sprintf("%d active, %s Gb/s", n.IB.Active, bench.Figure(n.IB.MinGbps))
		}
		host := n.Host
		if host == "" {
			host = "unknown"
		}
		gpus := fmt.Sprintf("%d× %s", n.GPUs, n.GPUName)
		verdict := fmt.Sprintf("%s (%d fail, %d warn)", strings.ToUpper(n.Verdict), n.Summary.Fail, n.Summary.Warn)
		rows[i] = []string{n.File, host, gpus, orDash(n.Driver), verdict, digest, sig, ib}
	}
	return rows
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
