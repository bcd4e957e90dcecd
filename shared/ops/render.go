package ops

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

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

// sections lays out the report that WriteText and WriteMarkdown render.
func (r Result) sections() []table.Section {
	months := table.Section{Title: "Months against the budget (rules O1, O2; CNY)",
		Header: []string{"month", "vendor", "actual", "budget", "variance", "utilisation", "per useful GPU-hour"}}
	flags := table.Section{Title: "Findings"}
	for _, m := range r.Months {
		months.Rows = append(months.Rows, []string{m.Month, m.Vendor, money.Format(m.Total.Actual), money.Format(m.Total.Budget),
			pctCell(m.Total.VariancePct), m.UtilisationPct.String() + "%", costCell(m.UsefulHourCost)})
		for _, f := range m.Flags {
			flags.Rows = append(flags.Rows, []string{fmt.Sprintf("%s %s [%s %s] %s", m.Month, m.Vendor, f.Level, f.Rule, f.Text)})
		}
	}
	out := []table.Section{months}
	if len(flags.Rows) > 0 {
		out = append(out, flags)
	}
	if len(r.RightSizing) > 0 {
		rs := table.Section{Title: "Right-sizing (rule O1)"}
		for _, s := range r.RightSizing {
			rs.Rows = append(rs.Rows, []string{strings.TrimSpace(s.Vendor + " " + s.Text)})
		}
		out = append(out, rs)
	}
	q := table.Section{Title: "Quarterly scorecard (rule O3)",
		Header: []string{"quarter", "vendor", "months", "utilisation", "cost vs budget", "items over", "per useful GPU-hour", "vendor mark", "grades u/c/v"}}
	for _, c := range r.Quarters {
		mark := "-"
		if c.VendorScore != nil {
			mark = money.Round2(*c.VendorScore).String()
		}
		q.Rows = append(q.Rows, []string{c.Quarter, c.Vendor, strconv.Itoa(c.Months), money.Round2(c.UtilisationPct).String() + "%",
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
	return table.WriteText(w, "Operations review", r.sections())
}

// WriteMarkdown renders the result as Markdown.
func (r Result) WriteMarkdown(w io.Writer) error {
	return table.WriteMarkdown(w, "Operations review", r.sections())
}
