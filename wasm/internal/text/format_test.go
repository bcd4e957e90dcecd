package text

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

func TestMoneyFormat(t *testing.T) {
	d := decimal.RequireFromString
	tests := []struct {
		amount string
		en, zh string
	}{
		{"58200", "¥58,200", "5.82万元"},    // rule C2's total
		{"14723.33", "¥14,723", "1.47万元"}, // fen dropped from 1,000 up
		{"1200", "¥1,200", "1,200元"},      // under 10,000: no 万
		{"0.8", "¥0.80", "0.80元"},
		{"500", "¥500", "500元"},
		{"1234.5", "¥1,235", "1,235元"},          // half up
		{"123456789", "¥123,456,789", "1.23亿元"}, // 亿 from 100,000,000
	}
	for _, tt := range tests {
		if got := En.Money(d(tt.amount)); got != tt.en {
			t.Errorf("En.Money(%s) = %q, want %q", tt.amount, got, tt.en)
		}
		if got := Zh.Money(d(tt.amount)); got != tt.zh {
			t.Errorf("Zh.Money(%s) = %q, want %q", tt.amount, got, tt.zh)
		}
	}
	r := money.Range{Low: d("14723.33"), High: d("38833.33")}
	if got := En.MoneyRange(r); got != "¥14,723–38,833" {
		t.Errorf("en range = %q", got)
	}
	if got := Zh.MoneyRange(r); got != "1.47万–3.88万元" {
		t.Errorf("zh range = %q", got)
	}
	if got := En.MoneyRange(money.Point(d("1000"))); got != "¥1,000" {
		t.Errorf("point range = %q", got)
	}
}

func TestNumbers(t *testing.T) {
	if got := Num(1234567.891, 1); got != "1,234,567.9" {
		t.Errorf("Num = %q", got)
	}
	if got := Num(-1234, 0); got != "-1,234" {
		t.Errorf("Num negative = %q", got)
	}
	if got := Int(4096); got != "4,096" {
		t.Errorf("Int = %q", got)
	}
	if got := Percent(decimal.RequireFromString("0.1523")); got != "15.2%" {
		t.Errorf("Percent = %q", got)
	}
}

// TestJoinList: Chinese lists take the enumeration comma 、.
func TestJoinList(t *testing.T) {
	if got := Zh.JoinList([]string{"上下文长度", "并发数", "项目周期"}); got != "上下文长度、并发数、项目周期" {
		t.Errorf("zh %q", got)
	}
	if got := En.JoinList([]string{"a", "b"}); got != "a, b" {
		t.Errorf("en %q", got)
	}
}
