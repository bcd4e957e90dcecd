package fleet

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/table"
)

// WriteText writes the fleet report for a terminal: the verdict, the plan,
// one line per node, the rejected files, then the checks by kind, the kinds
// with a failure first (acceptance.Sections), in the one document model.
func (f *Fleet) WriteText(w io.Writer) error { return table.WriteText(w, f.title(), f.sections()) }

// WriteMarkdown writes the same as WriteText as Markdown, for a ticket.
func (f *Fleet) WriteMarkdown(w io.Writer) error {
	return table.WriteMarkdown(w, f.title(), f.sections())
}

func (f *Fleet) title() string {
	return fmt.Sprintf("Fleet check: %s (%s)", strings.ToUpper(f.Summary.Verdict), f.Summary.Counts())
}

func (f *Fleet) sections() []table.Section {
	p := f.Plan
	s := []table.Section{{Title: "Fleet", Rows: [][]string{
		{fmt.Sprintf("tool %s, merged %s, digest sha256 %s", strings.TrimSpace(f.Tool.Name+" "+f.Tool.Version), f.Time, f.Digest)},
		{fmt.Sprintf("plan sha256 %s (from the %s): gpu_count %d, nodes %d, gpus_per_node %d, interconnect %s", p.SHA256, fromText(p.From), p.GPUCount, p.Nodes, p.GPUsPerNode, p.Interconnect)},
	}}}
	s = append(s, table.Section{Title: "Nodes", Header: NodeHeader, Rows: f.NodeRows()})
	if len(f.Rejected) > 0 {
		rows := make([][]string, len(f.Rejected))
		for i, x := range f.Rejected {
			rows[i] = []string{x.File + ": " + x.Reason}
		}
		s = append(s, table.Section{Title: "Not merged", Rows: rows})
	}
	return append(s, acceptance.Sections(f.Checks)...)
}

func fromText(from string) string {
	if from == FromPlanFile {
		return "plan file"
	}
	return "reports"
}

// NodeHeader names the columns of NodeRows.
var NodeHeader = []string{"Report", "Host", "GPUs", "Driver", "Verdict", "Digest", "Signature", "InfiniBand"}

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
			ib = fmt.Sprintf("%d active, %s Gb/s", n.IB.Active, rate(n.IB.MinGbps))
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
