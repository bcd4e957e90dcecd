package poc

import (
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// sections lays out the report that WriteTextIn and WriteMarkdownIn render
// in l.
func (r Result) sections(l msg.Lang) []table.Section {
	checks := table.Section{Title: l.Text("poc.checks"), Header: table.Columns(l, "poc.col.", "check", "rule", "status", "reason")}
	for _, c := range r.Checks {
		checks.Rows = append(checks.Rows, []string{label(l, "poc.check.", c.ID), c.Rule, StatusIn(c.Status, l), c.ReasonIn(l)})
	}
	out := []table.Section{checks}
	if r.Machine == nil {
		return out
	}
	m := *r.Machine
	if len(m.Config) > 0 {
		out = append(out, diffSection(l, l.Text("poc.config"), m.Config))
	}
	if len(m.Identity) > 0 {
		out = append(out, diffSection(l, l.Text("poc.identity"), m.Identity))
	}
	if len(m.Ignored) > 0 {
		out = append(out, table.Section{Title: l.Text("poc.ignored"), Rows: [][]string{{
			l.Text("poc.ignored.values", msg.Int(len(m.Ignored)), msg.Text(strings.Join(m.Ignored, ", ")))}}})
	}
	return out
}

// label writes an identifier: as it is in English (scripts read it), the
// catalogue entry prefix+v in Chinese when there is one.
func label(l msg.Lang, prefix, v string) string {
	if l == msg.En || !msg.Known(prefix+v) {
		return v
	}
	return l.Text(prefix + v)
}

// StatusIn names a status in l: the identifier in English, its label in
// Chinese.
func StatusIn(s Status, l msg.Lang) string { return label(l, "poc.status.", string(s)) }

func diffSection(l msg.Lang, title string, ds []Difference) table.Section {
	s := table.Section{Title: title, Header: table.Columns(l, "poc.col.", "path", "poc", "delivered")}
	for _, d := range ds {
		s.Rows = append(s.Rows, []string{d.Path, d.POC, d.Delivered})
	}
	return s
}

// WriteText renders the result for a terminal in English.
func (r Result) WriteText(w io.Writer) error { return r.WriteTextIn(w, msg.En) }

// WriteMarkdown renders the result as Markdown in English.
func (r Result) WriteMarkdown(w io.Writer) error { return r.WriteMarkdownIn(w, msg.En) }

// WriteTextIn renders the result for a terminal in l.
func (r Result) WriteTextIn(w io.Writer, l msg.Lang) error {
	return table.WriteText(w, l.Text("poc.title", msg.Text(StatusIn(r.Verdict, l))), r.sections(l))
}

// WriteMarkdownIn renders the result as Markdown in l.
func (r Result) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	return table.WriteMarkdown(w, l.Text("poc.title", msg.Text(StatusIn(r.Verdict, l))), r.sections(l))
}
