package contract

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/gpuplan/gpuplan/shared/money"
)

// section is one titled block of the rendering: a table when header is
// set, otherwise a list of lines.
type section struct {
	title  string
	header []string
	rows   [][]string
}

func (r Result) sections() []section {
	down := section{title: "Allowed downtime a month", header: []string{"month", "minutes"}}
	for _, d := range r.Downtime {
		mark := ""
		if d.Basis == r.Basis {
			mark = " (contract)"
		}
		down.rows = append(down.rows, []string{string(d.Basis) + mark, d.Minutes.String()})
	}
	credits := section{title: "Credit table: " + r.Table.Source, header: []string{"uptime", "credit"}}
	for _, t := range r.Table.Tiers {
		op := "below "
		if t.Inclusive {
			op = "at or below "
		}
		credits.rows = append(credits.rows, []string{op + pct(t.BelowPct), pct(t.CreditPct)})
	}
	credits.rows = append(credits.rows, []string{"cap", pct(r.Table.CapPct)})
	exit := section{title: "Early termination (CNY)", header: []string{"after month", "months left", "remaining rent", "contract", "recommended cap", "over cap"}}
	for _, e := range r.Exit {
		c, over := "not stated", ""
		if e.Contract != nil {
			c = money.Format(*e.Contract)
		}
		if e.Over() {
			over = "yes"
		}
		exit.rows = append(exit.rows, []string{strconv.Itoa(e.Month), strconv.Itoa(e.RemainingMonths),
			money.Format(e.Remaining), c, money.Format(e.Recommended), over})
	}
	clauses := section{title: "Clauses"}
	for _, c := range r.Clauses {
		clauses.rows = append(clauses.rows, []string{fmt.Sprintf("%s %s: %s", c.Rule, c.Title, c.Level)})
		for _, s := range c.Reasons {
			clauses.rows = append(clauses.rows, []string{"  " + s})
		}
	}
	return []section{down, credits, exit, clauses}
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "Contract check: %s\n", r.Level())
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
	fmt.Fprintf(&b, "# Contract check: %s\n", r.Level())
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
