package ops

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// section is one titled block of the rendering: a table when header is
// set, otherwise a list of lines.
type section struct {
	title  string
	header []string
	rows   [][]string
}

func pctCell(p *decimal.Decimal) string {
	if p == nil {
		return "-"
	}
	s := money.Round2(*p).StringFixed(2) + "%"
	if p.IsPositive() {
		s = "+" + s
	}
	return s
}

func costCell(c *decimal.Decimal) string {
	if c == nil {
		return "-"
	}
	return money.Format(*c)
}

func (r Result) sections() []section {
	months := section{title: "Months against the budget (rules O1, O2; CNY)",
		header: []string{"month", "vendor", "actual", "budget", "variance", "utilisation", "per useful GPU-hour"}}
	flags := section{title: "Findings"}
	for _, m := range r.Months {
		months.rows = append(months.rows, []string{m.Month, m.Vendor, money.Format(m.Total.Actual), money.Format(m.Total.Budget),
			pctCell(m.Total.VariancePct), m.UtilisationPct.String() + "%", costCell(m.UsefulHourCost)})
		for _, f := range m.Flags {
			flags.rows = append(flags.rows, []string{fmt.Sprintf("%s %s [%s %s] %s", m.Month, m.Vendor, f.Level, f.Rule, f.Text)})
		}
	}
	out := []section{months}
	if len(flags.rows) > 0 {
		out = append(out, flags)
	}
	if len(r.RightSizing) > 0 {
		rs := section{title: "Right-sizing (rule O1)"}
		for _, s := range r.RightSizing {
			rs.rows = append(rs.rows, []string{strings.TrimSpace(s.Vendor + " " + s.Text)})
		}
		out = append(out, rs)
	}
	q := section{title: "Quarterly scorecard (rule O3)",
		header: []string{"quarter", "vendor", "months", "utilisation", "cost vs budget", "items over", "per useful GPU-hour", "vendor mark", "grades u/c/v"}}
	for _, c := range r.Quarters {
		mark := "-"
		if c.VendorScore != nil {
			mark = money.Round2(*c.VendorScore).String()
		}
		q.rows = append(q.rows, []string{c.Quarter, c.Vendor, strconv.Itoa(c.Months), money.Round2(c.UtilisationPct).String() + "%",
			pctCell(c.Cost.VariancePct), overCell(c.Over), costCell(c.UsefulHourCost), mark,
			fmt.Sprintf("%s/%s/%s", c.Grades.Utilisation, c.Grades.Cost, c.Grades.Vendor)})
	}
	return append(out, q)
}

func overCell(vs []ItemVariance) string {
	var out []string
	for _, v := range vs {
		pct := "unbudgeted"
		if v.VariancePct != nil {
			pct = pctCell(v.VariancePct)
		}
		out = append(out, v.Item+" "+pct)
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ", ")
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "Operations review\n")
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
	b.WriteString("# Operations review\n")
	for _, s := range r.sections() {
		fmt.Fprintf(&b, "\n## %s\n\n", mdEscape(s.title))
		if s.header == nil {
			for _, row := range s.rows {
				fmt.Fprintf(&b, "- %s\n", mdEscape(row[0]))
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
