package poc

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
)

// sections lays out the report that WriteText and WriteMarkdown render.
func (r Result) sections() []table.Section {
	checks := table.Section{Title: "Checks", Header: []string{"check", "rule", "status", "reason"}}
	for _, c := range r.Checks {
		checks.Rows = append(checks.Rows, []string{c.ID, c.Rule, string(c.Status), c.Reason})
	}
	out := []table.Section{checks}
	if r.Machine == nil {
		return out
	}
	m := *r.Machine
	if len(m.Config) > 0 {
		out = append(out, diffSection("Configuration differences (rule P4)", m.Config))
	}
	if len(m.Identity) > 0 {
		out = append(out, diffSection("Different physical parts", m.Identity))
	}
	if len(m.Ignored) > 0 {
		out = append(out, table.Section{Title: "Ignored as volatile", Rows: [][]string{{
			fmt.Sprintf("%d values: %s", len(m.Ignored), strings.Join(m.Ignored, ", "))}}})
	}
	return out
}

func diffSection(title string, ds []Difference) table.Section {
	s := table.Section{Title: title, Header: []string{"path", "POC", "delivered"}}
	for _, d := range ds {
		s.Rows = append(s.Rows, []string{d.Path, d.POC, d.Delivered})
	}
	return s
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	return table.WriteText(w, fmt.Sprintf("POC: %s", r.Verdict), r.sections())
}

// WriteMarkdown renders the result as Markdown.
func (r Result) WriteMarkdown(w io.Writer) error {
	return table.WriteMarkdown(w, fmt.Sprintf("POC: %s", r.Verdict), r.sections())
}
