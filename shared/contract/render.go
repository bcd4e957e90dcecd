package contract

import (
	"fmt"
	"io"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/money"
)

// sections lays out the report that WriteText and WriteMarkdown render.
func (r Result) sections() []table.Section {
	down := table.Section{Title: "Allowed downtime a month", Header: []string{"month", "minutes"}}
	for _, d := range r.Downtime {
		mark := ""
		if d.Basis == r.Basis {
			mark = " (contract)"
		}
		down.Rows = append(down.Rows, []string{string(d.Basis) + mark, d.Minutes.String()})
	}
	credits := table.Section{Title: "Credit table: " + r.Table.Source, Header: []string{"uptime", "credit"}}
	for _, t := range r.Table.Tiers {
		op := "below "
		if t.Inclusive {
			op = "at or below "
		}
		credits.Rows = append(credits.Rows, []string{op + pct(t.BelowPct), pct(t.CreditPct)})
	}
	credits.Rows = append(credits.Rows, []string{"cap", pct(r.Table.CapPct)})
	exit := table.Section{Title: "Early termination (CNY)", Header: []string{"after month", "months left", "remaining rent", "contract", "recommended cap", "over cap"}}
	for _, e := range r.Exit {
		c, over := "not stated", ""
		if e.Contract != nil {
			c = money.Format(*e.Contract)
		}
		if e.Over() {
			over = "yes"
		}
		exit.Rows = append(exit.Rows, []string{strconv.Itoa(e.Month), strconv.Itoa(e.RemainingMonths),
			money.Format(e.Remaining), c, money.Format(e.Recommended), over})
	}
	clauses := table.Section{Title: "Clauses"}
	for _, c := range r.Clauses {
		clauses.Rows = append(clauses.Rows, []string{fmt.Sprintf("%s %s: %s", c.Rule, c.Title, c.Level)})
		for _, s := range c.Reasons {
			clauses.Rows = append(clauses.Rows, []string{"  " + s})
		}
	}
	return []table.Section{down, credits, exit, clauses}
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	return table.WriteText(w, fmt.Sprintf("Contract check: %s", r.Level()), r.sections())
}

// WriteMarkdown renders the result as Markdown.
func (r Result) WriteMarkdown(w io.Writer) error {
	return table.WriteMarkdown(w, fmt.Sprintf("Contract check: %s", r.Level()), r.sections())
}
