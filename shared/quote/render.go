package quote

import (
	"io"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/costitem"
	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// columns are the ids of the quote table's headings.
var columns = []string{"rank", "vendor", "gpu", "egress", "storage", "ips", "support", "migration", "as_quoted", "ex_vat"}

// sections lays out the report that WriteTextIn and WriteMarkdownIn render
// in l.
func (r Result) sections(l msg.Lang) []table.Section {
	items := []string{costitem.Rent, costitem.Egress, costitem.Storage, costitem.IPs, costitem.Support, costitem.Migration}
	t := table.Section{Title: l.Text("quote.table", msg.Int(r.Need.Cards), msg.Text(r.Need.EgressTB.String()),
		msg.Text(r.Need.StorageGB.String()), msg.Int(r.Need.IPs))}
	for _, c := range columns {
		t.Header = append(t.Header, l.Text("quote.col."+c))
	}
	quoted := make([]decimal.Decimal, len(r.Quotes))
	for i, q := range r.Quotes {
		quoted[i] = q.AsQuoted
	}
	// The total column in one unit (table.AmountColumn).
	totals := table.AmountColumn(quoted, l)
	for i, q := range r.Quotes {
		row := []string{strconv.Itoa(q.Rank), q.Vendor}
		for _, it := range items {
			row = append(row, cell(q, it, l))
		}
		total := totals[i]
		if !q.Complete {
			total = "≥ " + total
		}
		row = append(row, total, span(q.ExVAT, l))
		t.Rows = append(t.Rows, row)
	}
	flags := table.Section{Title: l.Text("quote.findings")}
	if r.Spread != nil {
		flags.Rows = append(flags.Rows, []string{l.Text("quote.spread", msg.Percent(*r.Spread))})
	}
	for _, f := range r.Flags {
		flags.Rows = append(flags.Rows, []string{flagText(f, l)})
	}
	for _, q := range r.Quotes {
		if len(q.Flags) == 0 {
			continue
		}
		flags.Rows = append(flags.Rows, []string{q.Vendor})
		for _, f := range q.Flags {
			flags.Rows = append(flags.Rows, []string{"  " + flagText(f, l)})
		}
	}
	return []table.Section{t, flags}
}

func flagText(f finding.Flag, l msg.Lang) string {
	return l.Text("quote.flag_line", msg.Text(f.Level.In(l)), msg.Text(f.Rule), msg.Text(f.In(l)))
}

// span writes a money range in a table.
func span(r money.Range, l msg.Lang) string {
	if l == msg.En {
		return r.String()
	}
	return l.MoneyRange(r.Low, r.High)
}

// cell writes one item of a quote: its amount, "bundled" or "?" when not
// stated.
func cell(q Priced, item string, l msg.Lang) string {
	for _, ln := range q.Lines {
		switch {
		case ln.Item == item && !ln.Stated:
			return "?"
		case ln.Item == item:
			return table.Amount(ln.Amount, l)
		case ln.Item == costitem.Bundled && item == costitem.Rent:
			return l.Text("quote.cell.bundled", msg.Text(table.Amount(ln.Amount, l)))
		}
	}
	return l.Text("quote.cell.in_bundle")
}

// WriteText renders the result for a terminal in English.
func (r Result) WriteText(w io.Writer) error { return r.WriteTextIn(w, msg.En) }

// WriteMarkdown renders the result as Markdown in English.
func (r Result) WriteMarkdown(w io.Writer) error { return r.WriteMarkdownIn(w, msg.En) }

// WriteTextIn renders the result for a terminal in l.
func (r Result) WriteTextIn(w io.Writer, l msg.Lang) error {
	return table.WriteText(w, l.Text("quote.title"), r.sections(l))
}

// WriteMarkdownIn renders the result as Markdown in l.
func (r Result) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	return table.WriteMarkdown(w, l.Text("quote.title"), r.sections(l))
}
