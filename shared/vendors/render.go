package vendors

import (
	"io"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// mark writes a score with two places.
func mark(r Ranked, base bool) string {
	if base {
		return r.Base.StringFixed(2)
	}
	return r.Score.StringFixed(2)
}

// sections lays out the report that WriteTextIn and WriteMarkdownIn render
// in l.
func (r Result) sections(l msg.Lang) []table.Section {
	t := table.Section{Title: l.Text("vendors.table")}
	for _, c := range []string{"rank", "vendor", "status", "base", "score"} {
		t.Header = append(t.Header, l.Text("vendors.col."+c))
	}
	why := table.Section{Title: l.Text("vendors.reasons")}
	for _, v := range r.Vendors {
		rank := "-"
		if v.Rank > 0 {
			rank = strconv.Itoa(v.Rank)
		}
		t.Rows = append(t.Rows, []string{rank, v.Name, StatusIn(v.Status, l), mark(v, true), mark(v, false)})
		if len(v.Reasons)+len(v.Adjustments) == 0 {
			continue
		}
		why.Rows = append(why.Rows, []string{v.Name})
		for _, s := range v.ReasonsIn(l) {
			why.Rows = append(why.Rows, []string{"  " + s})
		}
		for _, a := range v.Adjustments {
			why.Rows = append(why.Rows, []string{"  " + signed(a) + " " + a.ReasonIn(l)})
		}
	}
	out := []table.Section{t, why}
	if r.Split != nil {
		s := r.Split
		line := s.ReasonIn(l)
		if s.PrimaryVendor != "" {
			line = l.Text("vendors.split.line", msg.Text(s.PrimaryVendor), msg.Int(s.Primary),
				msg.Text(s.BackupVendor), msg.Int(s.Backup), msg.Text(line))
		}
		out = append(out, table.Section{Title: l.Text("vendors.split"), Rows: [][]string{{line}}})
	}
	if ns := r.NotesIn(l); len(ns) > 0 {
		notes := table.Section{Title: l.Text("vendors.notes")}
		for _, n := range ns {
			notes.Rows = append(notes.Rows, []string{n})
		}
		out = append(out, notes)
	}
	return out
}

// StatusIn names a status in l; an unknown one as it is.
func StatusIn(s Status, l msg.Lang) string {
	if !msg.Known("vendors.status." + string(s)) {
		return string(s)
	}
	return l.Text("vendors.status." + string(s))
}

func signed(a Adjustment) string {
	if a.Delta.IsNegative() {
		return a.Delta.String()
	}
	return "+" + a.Delta.String()
}

// WriteText renders the result for a terminal in English.
func (r Result) WriteText(w io.Writer) error { return r.WriteTextIn(w, msg.En) }

// WriteMarkdown renders the result as Markdown in English.
func (r Result) WriteMarkdown(w io.Writer) error { return r.WriteMarkdownIn(w, msg.En) }

// WriteTextIn renders the result for a terminal in l.
func (r Result) WriteTextIn(w io.Writer, l msg.Lang) error {
	return table.WriteText(w, l.Text("vendors.title"), r.sections(l))
}

// WriteMarkdownIn renders the result as Markdown in l.
func (r Result) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	return table.WriteMarkdown(w, l.Text("vendors.title"), r.sections(l))
}
