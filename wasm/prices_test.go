package main

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/shopspring/decimal"
)

// TestQuoteRows: the quotes with a GPU price per card become month offers
// of the plan's card that the price list reads back; bundled quotes, which
// give no card price, are left out (rule C5).
func TestQuoteRows(t *testing.T) {
	p := decimal.RequireFromString("5200")
	yes := true
	in := quote.Input{Quotes: []quote.Quote{
		{Vendor: `星河算力, "东区"`, GPUPerCard: &p, VAT: quote.VAT{Included: &yes}},
		{Vendor: "bundled", Bundled: &p},
	}}
	rows := quoteRows(in, "h20-96g", "2026-12-02")
	if strings.Count(rows, "\n") != 0 || !strings.Contains(rows, "VAT included") {
		t.Fatalf("rows %q: want one row, VAT included", rows)
	}
	l, err := pricebook.ParseCSV(strings.NewReader(strings.Join(pricebook.Required, ",") + ",includes\n" + rows + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	o := l.Offers[0]
	if o.Provider != `星河算力, "东区"` || o.Card != "h20-96g" || o.Term != pricebook.Month || !o.Price.Low.Equal(p) || o.Date != "2026-12-02" {
		t.Errorf("read back as %+v", o)
	}
}
