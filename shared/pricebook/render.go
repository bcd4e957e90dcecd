package pricebook

import (
	"io"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// WriteText prints the book in l: its providers, one row an offer with its
// price per card-hour of the term, and the sources.
func WriteText(w io.Writer, b Book, l msg.Lang) error {
	prov := table.Section{Title: l.Text("prices.providers"), Header: table.Columns(l, "prices.col.", "provider", "kind", "website")}
	for _, p := range b.Providers {
		prov.Rows = append(prov.Rows, []string{p.Name, l.Enum("provider_kind", string(p.Kind)), p.Website})
	}
	offs := table.Section{Title: l.Text("prices.offers"),
		Header: table.Columns(l, "prices.col.", "provider", "card", "unit", "term", "price", "card_hour", "date")}
	var srcs table.Section
	srcs.Title = l.Text("prices.sources")
	seen := map[string]bool{}
	for _, o := range b.Offers {
		ph := o.PerCardHour()
		offs.Rows = append(offs.Rows, []string{b.ProviderName(o.Provider), o.Card, o.Unit.String(), l.Text("term." + string(o.Term)),
			l.MoneyRange(o.Price.Low, o.Price.High), l.MoneyRange(ph.Low.Round(2), ph.High.Round(2)), o.Date})
		if !seen[o.Source] {
			seen[o.Source] = true
			srcs.Rows = append(srcs.Rows, []string{o.Source})
		}
	}
	return table.WriteText(w, l.Text("prices.title", msg.Date(b.Date)), []table.Section{prov, offs, srcs})
}
