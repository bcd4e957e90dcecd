package quote

import (
	"fmt"
	"github.com/gpuplan/gpuplan/shared/costitem"
	"io"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/money"
)

// sections lays out the report that WriteText and WriteMarkdown render.
func (r Result) sections() []table.Section {
	items := []string{costitem.Rent, costitem.Egress, costitem.Storage, costitem.IPs, costitem.Support, costitem.Migration}
	t := table.Section{Title: fmt.Sprintf("Quotes for %d cards, %s TB egress, %s GB storage, %d IPs (CNY a month)",
		r.Need.Cards, r.Need.EgressTB, r.Need.StorageGB, r.Need.IPs),
		Header: []string{"rank", "vendor", "gpu", "egress", "storage", "ips", "support", "migration", "as quoted", "without VAT"}}
	for _, q := range r.Quotes {
		row := []string{strconv.Itoa(q.Rank), q.Vendor}
		for _, it := range items {
			row = append(row, cell(q, it))
		}
		total := money.Format(q.AsQuoted)
		if !q.Complete {
			total = "≥ " + total
		}
		row = append(row, total, q.ExVAT.String())
		t.Rows = append(t.Rows, row)
	}
	flags := table.Section{Title: "Findings"}
	if r.Spread != nil {
		flags.Rows = append(flags.Rows, []string{"Spread between the cheapest and the dearest: " + money.FormatPercent(*r.Spread) + "."})
	}
	for _, f := range r.Flags {
		flags.Rows = append(flags.Rows, []string{flagText(f)})
	}
	for _, q := range r.Quotes {
		if len(q.Flags) == 0 {
			continue
		}
		flags.Rows = append(flags.Rows, []string{q.Vendor})
		for _, f := range q.Flags {
			flags.Rows = append(flags.Rows, []string{"  " + flagText(f)})
		}
	}
	return []table.Section{t, flags}
}

func flagText(f Flag) string { return fmt.Sprintf("[%s %s] %s", f.Level, f.Rule, f.Text) }

// cell writes one item of a quote: its amount, "bundled" or "?" when not
// stated.
func cell(q Priced, item string) string {
	for _, l := range q.Lines {
		switch {
		case l.Item == item && !l.Stated:
			return "?"
		case l.Item == item:
			return money.Format(l.Amount)
		case l.Item == costitem.Bundled && item == costitem.Rent:
			return "bundled " + money.Format(l.Amount)
		}
	}
	return "in bundle"
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	return table.WriteText(w, "Quote comparison", r.sections())
}

// WriteMarkdown renders the result as Markdown.
func (r Result) WriteMarkdown(w io.Writer) error {
	return table.WriteMarkdown(w, "Quote comparison", r.sections())
}
