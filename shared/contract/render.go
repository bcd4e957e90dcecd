package contract

import (
	"io"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// sections lays out the report that WriteTextIn and WriteMarkdownIn render
// in l.
func (r Result) sections(l msg.Lang) []table.Section {
	return []table.Section{r.downtime(l), r.credits(l), r.exit(l), r.clauses(l)}
}

func (r Result) downtime(l msg.Lang) table.Section {
	down := table.Section{Title: l.Text("contract.downtime"), Header: table.Columns(l, "contract.col.", "month", "minutes")}
	for _, d := range r.Downtime {
		basis := msg.New("common.verbatim", basisArg(d.Basis))
		if d.Basis == r.Basis {
			basis = msg.New("contract.basis_in_contract", msg.Sub(basis))
		}
		down.Rows = append(down.Rows, []string{basis.In(l), d.Minutes.String()})
	}
	return down
}

func (r Result) credits(l msg.Lang) table.Section {
	credits := table.Section{Title: l.Text("contract.credits", msg.Text(r.Table.SourceIn(l))),
		Header: table.Columns(l, "contract.col.", "uptime", "credit")}
	for _, t := range r.Table.Tiers {
		op := "contract.below"
		if t.Inclusive {
			op = "contract.at_or_below"
		}
		credits.Rows = append(credits.Rows, []string{l.Text(op, pctArg(t.BelowPct)), pct(t.CreditPct)})
	}
	credits.Rows = append(credits.Rows, []string{l.Text("contract.cap"), pct(r.Table.CapPct)})
	return credits
}

func (r Result) exit(l msg.Lang) table.Section {
	exit := table.Section{Title: l.Text("contract.exit"),
		Header: table.Columns(l, "contract.col.", "after_month", "months_left", "remaining", "contract", "recommended", "over")}
	for _, e := range r.Exit {
		c, over := l.Text("contract.not_stated"), ""
		if e.Contract != nil {
			c = table.Amount(*e.Contract, l)
		}
		if e.Over() {
			over = l.Text("contract.yes")
		}
		exit.Rows = append(exit.Rows, []string{strconv.Itoa(e.Month), strconv.Itoa(e.RemainingMonths),
			table.Amount(e.Remaining, l), c, table.Amount(e.Recommended, l), over})
	}
	return exit
}

func (r Result) clauses(l msg.Lang) table.Section {
	clauses := table.Section{Title: l.Text("contract.clauses")}
	for _, c := range r.Clauses {
		clauses.Rows = append(clauses.Rows, []string{l.Text("contract.clause_line",
			msg.Text(c.Rule), msg.Text(c.TitleIn(l)), msg.Text(c.Level.In(l)))})
		for _, s := range c.ReasonsIn(l) {
			clauses.Rows = append(clauses.Rows, []string{"  " + s})
		}
	}
	return clauses
}

// WriteText renders the result for a terminal in English.
func (r Result) WriteText(w io.Writer) error { return r.WriteTextIn(w, msg.En) }

// WriteMarkdown renders the result as Markdown in English.
func (r Result) WriteMarkdown(w io.Writer) error { return r.WriteMarkdownIn(w, msg.En) }

// WriteTextIn renders the result for a terminal in l.
func (r Result) WriteTextIn(w io.Writer, l msg.Lang) error {
	return table.WriteText(w, l.Text("contract.title", msg.Text(r.Level().In(l))), r.sections(l))
}

// WriteMarkdownIn renders the result as Markdown in l.
func (r Result) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	return table.WriteMarkdown(w, l.Text("contract.title", msg.Text(r.Level().In(l))), r.sections(l))
}
