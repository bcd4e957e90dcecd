package vendor

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// section is one titled block of the rendering: a table when header is
// set, otherwise a list of lines.
type section struct {
	title  string
	header []string
	rows   [][]string
}

// mark writes a score with two places.
func mark(r Ranked, base bool) string {
	if base {
		return r.Base.StringFixed(2)
	}
	return r.Score.StringFixed(2)
}

func (r Result) sections() []section {
	t := section{title: "Vendors (rules V1–V3)", header: []string{"rank", "vendor", "status", "base", "score"}}
	why := section{title: "Reasons"}
	for _, v := range r.Vendors {
		rank := "-"
		if v.Rank > 0 {
			rank = strconv.Itoa(v.Rank)
		}
		t.rows = append(t.rows, []string{rank, v.Name, string(v.Status), mark(v, true), mark(v, false)})
		if len(v.Reasons)+len(v.Adjustments) == 0 {
			continue
		}
		why.rows = append(why.rows, []string{v.Name})
		for _, s := range v.Reasons {
			why.rows = append(why.rows, []string{"  " + s})
		}
		for _, a := range v.Adjustments {
			why.rows = append(why.rows, []string{fmt.Sprintf("  %s %s", signed(a), a.Reason)})
		}
	}
	out := []section{t, why}
	if r.Split != nil {
		s := r.Split
		line := s.Reason
		if s.PrimaryVendor != "" {
			line = fmt.Sprintf("%s: %d cards, %s: %d cards. %s", s.PrimaryVendor, s.Primary, s.BackupVendor, s.Backup, s.Reason)
		}
		out = append(out, section{title: "Primary and backup (rule V5)", rows: [][]string{{line}}})
	}
	if len(r.Notes) > 0 {
		notes := section{title: "Notes"}
		for _, n := range r.Notes {
			notes.rows = append(notes.rows, []string{n})
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
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "Vendor ranking\n")
	for _, s := range r.sections() {
		fmt.Fprintf(tw, "\n%s\n", s.title)
		if s.header != nil {
			fmt.Fprintf(tw, "  %s\n", strings.Join(s.header, "\t"))
		}
		for _, row := range s.rows {
			fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, trimLines(buf.String()))
	return err
}

// trimLines drops the spaces tabwriter leaves after an empty last cell.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// WriteMarkdown renders the result as Markdown.
func (r Result) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Vendor ranking\n")
	for _, s := range r.sections() {
		fmt.Fprintf(&b, "\n## %s\n\n", mdEscape(s.title))
		if s.header == nil {
			for _, row := range s.rows {
				indent, text := "", row[0]
				if t, ok := strings.CutPrefix(text, "  "); ok {
					indent, text = "  ", t
				}
				fmt.Fprintf(&b, "%s- %s\n", indent, mdEscape(text))
			}
			continue
		}
		writeMDRow(&b, s.header)
		b.WriteString("|" + strings.Repeat("---|", len(s.header)) + "\n")
		for _, row := range s.rows {
			writeMDRow(&b, row)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeMDRow(b *strings.Builder, cells []string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + mdEscape(c) + " |")
	}
	b.WriteString("\n")
}

// mdEscape escapes the characters that would break a Markdown table or
// start emphasis.
func mdEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`).Replace(s)
}
