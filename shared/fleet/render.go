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
	return l.Text("acc.heading", msg.Label("fleet.title"), msg.Text(strings.ToUpper(string(f.Summary.Verdict))), msg.Sub(f.Summary.CountsMsg()))
}

func (f *Fleet) sections(l msg.Lang) []table.Section {
	p := f.Plan
	s := []table.Section{{Title: l.Text("fleet.section"), Rows: [][]string{
		{l.Text("fleet.line.tool", msg.Text(strings.TrimSpace(f.Tool.Name+" "+f.Tool.Version)), msg.Text(f.Time), msg.Text(f.Digest))},
		{l.Text("fleet.line.plan", msg.Text(p.SHA256), msg.Label(fromLabel(p.From)), msg.Int(p.GPUCount), msg.Int(p.Nodes), msg.Int(p.GPUsPerNode), msg.Text(string(p.Interconnect)))},
	}}}
	s = append(s, table.Section{Title: l.Text("fleet.nodes"), Header: NodeHeader(l), Rows: f.NodeRows(l)})
	if len(f.Rejected) > 0 {
		rows := make([][]string, len(f.Rejected))
		for i, x := range f.Rejected {
			rows[i] = []string{l.Text("report.line", msg.Text(x.File), msg.Text(x.Reason.In(l)))}
		}
		s = append(s, table.Section{Title: l.Text("fleet.rejected"), Rows: rows})
	}
	s = append(s, acceptance.Sections(f.Checks, l)...)
	return s
}

// fromLabel names where the plan came from.
func fromLabel(from string) string {
	if from == FromPlanFile {
		return "fleet.from.plan_file"
	}
	return "fleet.from.reports"
}

// NodeHeader names the columns of NodeRows in l.
func NodeHeader(l msg.Lang) []string {
	ids := []string{"report", "host", "gpus", "driver", "verdict", "digest", "signature", "ib"}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = l.Text("fleet.col." + id)
	}
	return out
}

// NodeRows is the fleet table in l: one row per node, as the CLI and the
// site show it. The names, versions and digests are data and stay as the
// reports give them.
func (f *Fleet) NodeRows(l msg.Lang) [][]string {
	rows := make([][]string, len(f.Nodes))
	for i, n := range f.Nodes {
		digest := l.Text("fleet.cell.digest_ok", msg.Text(short(n.Digest)))
		if !n.DigestOK {
			digest = l.Text("fleet.cell.digest_bad", msg.Text(short(n.Digest)))
		}
		ib := "—"
		if n.IB != nil {
			ib = l.Text("fleet.cell.ib", msg.Int(n.IB.Active), msg.Text(bench.Figure(n.IB.MinGbps)))
		}
		host := n.Host
		if host == "" {
			host = l.Text("common.unknown")
		}
		gpus := fmt.Sprintf("%d× %s", n.GPUs, n.GPUName)
		verdict := l.Text("fleet.cell.verdict", msg.Text(strings.ToUpper(string(n.Verdict))), msg.Int(n.Summary.Fail), msg.Int(n.Summary.Warn))
		rows[i] = []string{n.File, host, gpus, orDash(n.Driver), verdict, digest, signatureCell(n.Signature, l), ib}
	}
	return rows
}

// signatureCell is a node's signature status in l, with the signer.
func signatureCell(s *Signature, l msg.Lang) string {
	if s == nil {
		return l.Text("fleet.cell.sig_unchecked")
	}
	status := l.Enum("sig", s.Status)
	if s.Signer == "" {
		return status
	}
	return l.Text("fleet.cell.sig_by", msg.Text(status), msg.Text(s.Signer))
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
