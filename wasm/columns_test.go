//go:build !wasm

package main

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// TestQuotesTableColumns: the quotes table writes each money column in
// one unit. In Chinese a column whose largest amount is 120,000 is all in
// 万 ("0.85万元" beside "12万元", never "8,500元"); one that stays below
// 100,000 is all in yuan, whole yuan from 100.
func TestQuotesTableColumns(t *testing.T) {
	d := decimal.RequireFromString
	res := quote.Result{Quotes: []quote.Priced{
		{Rank: 1, Vendor: "A", AsQuoted: d("8500"), ExVAT: money.Range{Low: d("7522.12"), High: d("8018.87")}, WaitCost: d("133.333"), Complete: true},
		{Rank: 2, Vendor: "B", AsQuoted: d("120000"), ExVAT: money.Range{Low: d("45000"), High: d("64000")}, WaitCost: d("83.333"), Complete: true},
	}}
	for _, tt := range []struct {
		l          Lang
		want, dont []string
	}{
		{Zh, []string{">0.85万元<", ">12万元<", ">7,522–8,019元<", ">45,000–64,000元<", ">133元<", ">83元<"}, []string{"8,500元", "83.33", "133.33"}},
		{En, []string{">¥8,500<", ">¥120,000<", ">¥7,522–8,019<", ">¥45,000–64,000<", ">¥133<", ">¥83<"}, []string{"83.33", "7,522.12"}},
	} {
		html := app.HTMLString(quotesTable(tt.l, res))
		for _, w := range tt.want {
			if !strings.Contains(html, w) {
				t.Errorf("%v: the quotes table lacks %s", tt.l, w)
			}
		}
		for _, w := range tt.dont {
			if strings.Contains(html, w) {
				t.Errorf("%v: the quotes table shows %s", tt.l, w)
			}
		}
	}
}
