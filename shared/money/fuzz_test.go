package money_test

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// FuzzParse checks that Parse never panics, accepts only non-negative
// amounts, and reads back what the formatters write:
// Parse(Format(x)) == Round2(x), likewise for FormatCNY, and FormatWan to its
// 100-yuan precision.
func FuzzParse(f *testing.F) {
	corpus := []string{
		"55000",          // plain
		"55,000",         // grouped
		"55000.50",       // fraction
		"¥58,200.00",     // FormatCNY output
		"5.82万",          // FormatWan output
		"0.834988",       // infracost#2800's price
		"999.995",        // rounds up into a new group
		"1e5",            // exponent: rejected
		"-1",             // sign: rejected
		"55,00",          // decimal comma: rejected
		"99999999999999", // near the limit
		"",
	}
	for _, s := range corpus {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := money.Parse("x", s)
		if err != nil {
			return
		}
		if x.IsNegative() {
			t.Fatalf("Parse(%q) = %s, negative", s, x)
		}
		want := money.Round2(x)
		for _, out := range []string{money.Format(x), money.FormatCNY(x)} {
			back, err := money.Parse("x", out)
			if err != nil {
				t.Fatalf("Parse(%q) of Parse(%q) = %s: %v", out, s, x, err)
			}
			if !back.Equal(want) {
				t.Fatalf("Parse(%q) = %s, want %s (input %q)", out, back, want, s)
			}
		}
		wan := money.FormatWan(x)
		back, err := money.Parse("x", wan)
		if err != nil {
			t.Fatalf("Parse(FormatWan) %q: %v", wan, err)
		}
		if x.GreaterThanOrEqual(decimal.NewFromInt(10000)) {
			want = x.Shift(-4).Round(2).Shift(4)
		}
		if !back.Equal(want) {
			t.Fatalf("Parse(%q) = %s, want %s (input %q)", wan, back, want, s)
		}
	})
}

// FuzzFormatCents checks the round trip from the number side: every
// two-place amount formats and parses back exactly.
func FuzzFormatCents(f *testing.F) {
	for _, c := range []int64{0, 1, 99, 100, 5820000, 99999999999999999} {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, cents int64) {
		if cents < 0 {
			cents = -(cents + 1)
		}
		cents %= 100000000000000000 // stay below 10^15 yuan
		x := decimal.New(cents, -2)
		back, err := money.Parse("x", money.Format(x))
		if err != nil || !back.Equal(x) {
			t.Fatalf("Parse(Format(%s)) = %s, %v", x, back, err)
		}
	})
}
