package msg

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func decs(ss ...string) []decimal.Decimal {
	out := make([]decimal.Decimal, len(ss))
	for i, s := range ss {
		out[i] = decimal.RequireFromString(s)
	}
	return out
}

// TestMoneyColumn: one column is written in one unit and one rounding,
// the largest amount's.
func TestMoneyColumn(t *testing.T) {
	for _, tt := range []struct {
		in     []string
		zh, en string // the cells joined with " | "
	}{
		// All below 100,000: yuan, never 万 beside yuan.
		{[]string{"8500", "12000", "83.333"}, "8,500元 | 12,000元 | 83元", "¥8,500 | ¥12,000 | ¥83"},
		// One at 120,000: every cell in 万.
		{[]string{"120000", "8500", "25200"}, "12万元 | 0.85万元 | 2.52万元", "¥120,000 | ¥8,500 | ¥25,200"},
		// 亿 from 100,000,000.
		{[]string{"276000000", "58200000"}, "2.76亿元 | 0.58亿元", "¥276,000,000 | ¥58,200,000"},
		// All below 100: fen kept where there are any.
		{[]string{"83.333", "12.5", "40"}, "83.33元 | 12.50元 | 40元", "¥83.33 | ¥12.50 | ¥40"},
	} {
		ds := decs(tt.in...)
		if got := strings.Join(Zh.MoneyColumn(ds), " | "); got != tt.zh {
			t.Errorf("zh %v = %q, want %q", tt.in, got, tt.zh)
		}
		if got := strings.Join(En.MoneyColumn(ds), " | "); got != tt.en {
			t.Errorf("en %v = %q, want %q", tt.in, got, tt.en)
		}
	}
}

// TestMoneyRangeColumn: ranges of one column share the unit of the
// largest end.
func TestMoneyRangeColumn(t *testing.T) {
	lo, hi := decs("13416", "45000", "83.333"), decs("14112", "164000", "133.333")
	if got := strings.Join(Zh.MoneyRangeColumn(lo, hi), " | "); got != "1.34万–1.41万元 | 4.5万–16.4万元 | 0.01万元" {
		t.Errorf("zh = %q", got)
	}
	if got := strings.Join(En.MoneyRangeColumn(lo, hi), " | "); got != "¥13,416–14,112 | ¥45,000–164,000 | ¥83–133" {
		t.Errorf("en = %q", got)
	}
	lo, hi = decs("13416", "30000"), decs("14112", "41000")
	if got := strings.Join(Zh.MoneyRangeColumn(lo, hi), " | "); got != "13,416–14,112元 | 30,000–41,000元" {
		t.Errorf("zh below 10万 = %q", got)
	}
}

// TestNoNeedlessFen: amounts and ranges of 100 yuan and more print whole
// yuan; a unit price keeps its fen.
func TestNoNeedlessFen(t *testing.T) {
	d := decimal.RequireFromString
	for _, tt := range []struct{ got, want string }{
		{Zh.MoneyRange(d("83.333"), d("133.333")), "83–133元"},
		{En.MoneyRange(d("83.333"), d("133.333")), "¥83–133"},
		{Zh.MoneyRange(d("0.3"), d("1")), "0.30–1.00元"},
		{Zh.Money(d("345.6")), "346元"},
		{En.Money(d("99.5")), "¥99.50"},
		{En.Price(d("150.5")), "¥150.50"},
		{Zh.Price(d("10.5")), "10.50元"},
		{Zh.Price(d("0.834988")), "0.834988元"},
		{En.Price(d("1234.56")), "¥1,235"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
