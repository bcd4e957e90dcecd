package exit

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// WriteText renders the plan for a terminal in English.
func (p Calendar) WriteText(w io.Writer) error { return p.WriteTextIn(w, msg.En) }

// WriteMarkdown renders the plan as a Markdown checklist in English.
func (p Calendar) WriteMarkdown(w io.Writer) error { return p.WriteMarkdownIn(w, msg.En) }

// WriteTextIn renders the plan for a terminal in l.
func (p Calendar) WriteTextIn(w io.Writer, l msg.Lang) error {
	var buf strings.Builder
	title := l.Text("exit.title", msg.Text(p.ContractEnd))
	if p.Vendor != "" {
		title = l.Text("exit.title.vendor", msg.Text(p.ContractEnd), msg.Text(p.Vendor))
	}
	buf.WriteString(title + "\n\n")
	header := []string{l.Text("exit.col.from"), l.Text("exit.col.due"), l.Text("exit.col.rule"), l.Text("exit.col.step")}
	rows := make([][]string, len(p.Steps))
	for i, s := range p.Steps {
		rows[i] = []string{s.Start, s.Due, s.Rule, s.TitleIn(l)}
	}
	table.WriteRowsText(&buf, header, rows)
	for _, s := range p.Steps {
		fmt.Fprintf(&buf, "\n%s\n  %s\n", l.Text("exit.step_due", msg.Text(s.TitleIn(l)), msg.Text(s.Due)), s.DetailIn(l))
	}
	_, err := io.WriteString(w, buf.String())
	return err
}

// WriteMarkdownIn renders the plan as a Markdown checklist in l.
func (p Calendar) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	var b strings.Builder
	ends := l.Text("exit.md.ends", msg.Text(p.ContractEnd))
	if p.Vendor != "" {
		ends = l.Text("exit.md.ends.vendor", msg.Text(p.ContractEnd), msg.Text(table.Escape(p.Vendor)))
	}
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", l.Text("exit.md.title"), ends)
	for _, s := range p.Steps {
		when := s.Due
		if s.Start != s.Due {
			when = l.Text("exit.md.window", msg.Text(s.Start), msg.Text(s.Due))
		}
		fmt.Fprintf(&b, "- [ ] %s\n", l.Text("exit.md.step", msg.Text("**"+table.Escape(s.TitleIn(l))+"**"),
			msg.Text(when), msg.Text(s.Rule), msg.Text(table.Escape(s.DetailIn(l)))))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
