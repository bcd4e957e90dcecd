package money_test

import (
	"encoding/json"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func TestHoursPerMonth(t *testing.T) {
	// 365 × 24 / 12, the month of Infracost and the AWS calculator.
	want := decimal.NewFromInt(365*24).DivRound(decimal.NewFromInt(12), money.DivPrecision)
	if !money.HoursPerMonth.Equal(want) || money.HoursPerMonth.String() != "730" {
		t.Fatalf("HoursPerMonth = %s, want 730", money.HoursPerMonth)
	}
}

func TestMonthlyFromHourly(t *testing.T) {
	// E1 (infracost/infracost#2800): 0.834988 $/h × 730 h = 609.54124, exact.
	if got := d("0.834988").Mul(money.HoursPerMonth); got.String() != "609.54124" {
		t.Errorf("E1: got %s, want 609.54124", got)
	}
	// E2 (infracost#2800): 50 GB-month as an hourly quantity, 16 places.
	if got := d("50").DivRound(money.HoursPerMonth, money.DivPrecision); got.String() != "0.0684931506849315" {
		t.Errorf("E2: got %s, want 0.0684931506849315", got)
	}
}

func TestRound2(t *testing.T) {
	tests := []struct{ in, want string }{
		{"31666.666666", "31666.67"}, // 1,200,000 × 0.95 ÷ 36, depreciation
		{"2332.8", "2332.8"},         // 3,888 kWh at 0.6
		{"0.005", "0.01"},            // half-up
		{"0.004999", "0"},
		{"1.115", "1.12"},
		{"-0.005", "-0.01"}, // away from zero: documented, never used for amounts
	}
	for _, tt := range tests {
		if got := money.Round2(d(tt.in)); !got.Equal(d(tt.want)) {
			t.Errorf("Round2(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct{ in, plain, cny, wan string }{
		{"58200", "58,200.00", "¥58,200.00", "5.82万"}, // RULES C2 total
		{"60000", "60,000.00", "¥60,000.00", "6万"},
		{"61111.111", "61,111.11", "¥61,111.11", "6.11万"}, // 55,000 ÷ 0.9
		{"15500", "15,500.00", "¥15,500.00", "1.55万"},
		{"1200", "1,200.00", "¥1,200.00", "1,200.00"},
		{"0", "0.00", "¥0.00", "0.00"},
		{"0.004", "0.00", "¥0.00", "0.00"},
		{"999.995", "1,000.00", "¥1,000.00", "1,000.00"},
		{"123456789", "123,456,789.00", "¥123,456,789.00", "12,345.68万"},
		{"2700000", "2,700,000.00", "¥2,700,000.00", "270万"},
		{"-1234.5", "-1,234.50", "-¥1,234.50", "-1,234.50"},
		{"-58200", "-58,200.00", "-¥58,200.00", "-5.82万"},
	}
	for _, tt := range tests {
		x := d(tt.in)
		if got := money.Format(x); got != tt.plain {
			t.Errorf("Format(%s) = %q, want %q", tt.in, got, tt.plain)
		}
		if got := money.FormatCNY(x); got != tt.cny {
			t.Errorf("FormatCNY(%s) = %q, want %q", tt.in, got, tt.cny)
		}
		if got := money.FormatWan(x); got != tt.wan {
			t.Errorf("FormatWan(%s) = %q, want %q", tt.in, got, tt.wan)
		}
	}
}

func TestFormatPercent(t *testing.T) {
	// C2's hidden share: 3,200 / 58,200 = 5.4982…% → "5.50%".
	share := d("3200").DivRound(d("58200"), money.DivPrecision)
	if got := money.FormatPercent(share); got != "5.50%" {
		t.Errorf("FormatPercent(%s) = %q, want 5.50%%", share, got)
	}
}

func TestRange(t *testing.T) {
	// RULES C4: 8 cards × 1,200–1,800 = 9,600–14,400; plus 1,500–3,000.
	rent := money.Range{Low: d("1200"), High: d("1800")}.Mul(decimal.NewFromInt(8))
	if got := rent.String(); got != "9,600.00–14,400.00" {
		t.Errorf("rent = %s", got)
	}
	all := money.Sum(rent, money.Range{Low: d("1500"), High: d("3000")})
	if got := all.String(); got != "11,100.00–17,400.00" {
		t.Errorf("all-in = %s", got)
	}
	if got := money.Point(d("58200")).String(); got != "58,200.00" {
		t.Errorf("point = %s", got)
	}
	if got := rent.Mul(d("-1")); !got.Low.Equal(d("-14400")) || !got.High.Equal(d("-9600")) {
		t.Errorf("Mul(-1) = %v, want ends swapped", got)
	}
	if got := money.Sum(); !got.Low.IsZero() || !got.High.IsZero() {
		t.Errorf("Sum() = %v", got)
	}
}

func TestRangeValidate(t *testing.T) {
	tests := []struct {
		name      string
		r         money.Range
		wantField string // "" = valid
	}{
		{"ok", money.Range{Low: d("1"), High: d("2")}, ""},
		{"point", money.Point(d("0")), ""},
		{"negative low", money.Range{Low: d("-1"), High: d("2")}, "rent.low"},
		{"low above high", money.Range{Low: d("3"), High: d("2")}, "rent.high"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.r.Validate("rent")
			if tt.wantField == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			fe, ok := err.(*fielderr.Error)
			if !ok || fe.Field != tt.wantField {
				t.Fatalf("error %v, want a fielderr.Error on %s", err, tt.wantField)
			}
		})
	}
}

func TestRangeJSON(t *testing.T) {
	r := money.Range{Low: d("9600"), High: d("14400.5")}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"low":"9600","high":"14400.5"}` {
		t.Fatalf("JSON = %s: decimals must be quoted strings", b)
	}
	var back money.Range
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Low.Equal(r.Low) || !back.High.Equal(r.High) {
		t.Fatalf("round trip = %v, want %v", back, r)
	}
}
