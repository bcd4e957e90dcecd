package ops

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
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

func costCell(c *decimal.Decimal, l msg.Lang) string {
	if c == nil {
		return "-"
	}
	return table.Amount(*c, l)
}

// sections lays out the report that WriteTextIn and WriteMarkdownIn render
// in l.
func (r Result) sections(l msg.Lang) []table.Section {
	months := table.Section{Title: l.Text("ops.months"),
		Header: table.Columns(l, "ops.col.", "month", "vendor", "actual", "budget", "variance", "utilisation", "useful")}
	flags := table.Section{Title: l.Text("ops.findings")}
	actual, budget := make([]decimal.Decimal, len(r.Months)), make([]decimal.Decimal, len(r.Months))
	for i, m := range r.Months {
		actual[i], budget[i] = m.Total.Actual, m.Total.Budget
	}
	// Each money column in one unit (table.AmountColumn).
	actualText, budgetText := table.AmountColumn(actual, l), table.AmountColumn(budget, l)
	for i, m := range r.Months {
		months.Rows = append(months.Rows, []string{m.Month, m.Vendor, actualText[i], budgetText[i],
			pctCell(m.Total.VariancePct), m.UtilisationPct.String() + "%", costCell(m.UsefulHourCost, l)})
		for _, f := range m.Flags {
			flags.Rows = append(flags.Rows, []string{fmt.Sprintf("%s %s [%s %s] %s", m.Month, m.Vendor, f.Level.In(l), f.Rule, f.In(l))})
		}
	}
	out := []table.Section{months}
	if len(flags.Rows) > 0 {
		out = append(out, flags)
	}
	if len(r.RightSizing) > 0 {
		rs := table.Section{Title: l.Text("ops.rightsizing")}
		for _, s := range r.RightSizing {
			rs.Rows = append(rs.Rows, []string{strings.TrimSpace(s.Vendor + " " + s.In(l))})
		}
		out = append(out, rs)
	}
	q := table.Section{Title: l.Text("ops.scorecard"),
		Header: table.Columns(l, "ops.col.", "quarter", "vendor", "months", "utilisation", "cost", "over", "useful", "mark", "grades")}
	for _, c := range r.Quarters {
		mark := "-"
		if c.VendorScore != nil {
			mark = money.Round2(*c.VendorScore).String()
		}
		q.Rows = append(q.Rows, []string{c.Quarter, c.Vendor, strconv.Itoa(c.Months), money.Round2(c.UtilisationPct).String() + "%",
			pctCell(c.Cost.VariancePct), overCell(c.Over, l), costCell(c.UsefulHourCost, l), mark,
			fmt.Sprintf("%s/%s/%s", c.Grades.Utilisation.In(l), c.Grades.Cost.In(l), c.Grades.Vendor.In(l))})
	}
	return append(out, q)
}

func overCell(vs []ItemVariance, l msg.Lang) string {
	var out []string
	for _, v := range vs {
		pct := l.Text("ops.unbudgeted")
		if v.VariancePct != nil {
			pct = pctCell(v.VariancePct)
		}
		out = append(out, msg.New("common.verbatim", itemArg(v.Item)).In(l)+" "+pct)
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ", ")
}

// WriteText renders the result for a terminal in English.
func (r Result) WriteText(w io.Writer) error { return r.WriteTextIn(w, msg.En) }

// WriteTextIn renders the review for a terminal in l.
func (r Result) WriteTextIn(w io.Writer, l msg.Lang) error {
	return table.WriteText(w, l.Text("ops.title"), r.sections(l))
}

// WriteMarkdownIn renders the review as Markdown in l.
func (r Result) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	return table.WriteMarkdown(w, l.Text("ops.title"), r.sections(l))
}

// WriteMarkdown renders the result as Markdown in English.
func (r Result) WriteMarkdown(w io.Writer) error { return r.WriteMarkdownIn(w, msg.En) }
