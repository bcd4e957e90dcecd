package vendors

import (
	"fmt"
	"io"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/internal/table"
)

// mark writes a score with two places.
func mark(r Ranked, base bool) string {
	if base {
		return r.Base.StringFixed(2)
	}
	return r.Score.StringFixed(2)
}

// sections lays out the report that WriteText and WriteMarkdown render.
func (r Result) sections() []table.Section {
	t := table.Section{Title: "Vendors (rules V1–V3)", Header: []string{"rank", "vendor", "status", "base", "score"}}
	why := table.Section{Title: "Reasons"}
	for _, v := range r.Vendors {
		rank := "-"
		if v.Rank > 0 {
			rank = strconv.Itoa(v.Rank)
		}
		t.Rows = append(t.Rows, []string{rank, v.Name, string(v.Status), mark(v, true), mark(v, false)})
		if len(v.Reasons)+len(v.Adjustments) == 0 {
			continue
		}
		why.Rows = append(why.Rows, []string{v.Name})
		for _, s := range v.Reasons {
			why.Rows = append(why.Rows, []string{"  " + s})
		}
		for _, a := range v.Adjustments {
			why.Rows = append(why.Rows, []string{fmt.Sprintf("  %s %s", signed(a), a.Reason)})
		}
	}
	out := []table.Section{t, why}
	if r.Split != nil {
		s := r.Split
		line := s.Reason
		if s.PrimaryVendor != "" {
			line = fmt.Sprintf("%s: %d cards, %s: %d cards. %s", s.PrimaryVendor, s.Primary, s.BackupVendor, s.Backup, s.Reason)
		}
		out = append(out, table.Section{Title: "Primary and backup (rule V5)", Rows: [][]string{{line}}})
	}
	if len(r.Notes) > 0 {
		notes := table.Section{Title: "Notes"}
		for _, n := range r.Notes {
			notes.Rows = append(notes.Rows, []string{n})
		}
		out = append(out, notes)
	}
	return out
}

func signed(a Adjustment) string {
	if a.Delta.IsNegative() {
		return a.Delta.String()
	}
	return "+" + a.Delta.String()
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	return table.WriteText(w, "Vendor ranking", r.sections())
}

// WriteMarkdown renders the result as Markdown.
func (r Result) WriteMarkdown(w io.Writer) error {
	return table.WriteMarkdown(w, "Vendor ranking", r.sections())
}
