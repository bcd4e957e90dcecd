package exit

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/gpuplan/gpuplan/shared/internal/table"
)

// WriteText renders the plan for a terminal.
func (p Calendar) WriteText(w io.Writer) error {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	title := "Exit schedule, contract ends " + p.ContractEnd
	if p.Vendor != "" {
		title += " (" + p.Vendor + ")"
	}
	fmt.Fprintf(tw, "%s\n\n  from\tdue\trule\tstep\n", title)
	for _, s := range p.Steps {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", s.Start, s.Due, s.Rule, s.Title)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, s := range p.Steps {
		fmt.Fprintf(&buf, "\n%s (%s)\n  %s\n", s.Title, s.Due, s.Detail)
	}
	_, err := io.WriteString(w, buf.String())
	return err
}

// WriteMarkdown renders the plan as a Markdown checklist.
func (p Calendar) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Exit schedule\n\nContract ends %s", p.ContractEnd)
	if p.Vendor != "" {
		fmt.Fprintf(&b, " (%s)", table.Escape(p.Vendor))
	}
	b.WriteString(".\n\n")
	for _, s := range p.Steps {
		when := s.Due
		if s.Start != s.Due {
			when = s.Start + " to " + s.Due
		}
		fmt.Fprintf(&b, "- [ ] **%s** (%s, rule %s): %s\n", table.Escape(s.Title), when, s.Rule, table.Escape(s.Detail))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
