package money_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/money"
)

func TestParse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"55000", "55000"},
		{"55,000", "55000"},
		{"55000.50", "55000.5"},
		{"  1,234,567.89 ", "1234567.89"},
		{"¥58,200.00", "58200"},
		{"￥1200", "1200"},
		{"5.82万", "58200"},
		{"5.82 万元", "58200"},
		{"1200元", "1200"},
		{"0", "0"},
		{"007", "7"},
		{"0.834988", "0.834988"},         // infracost#2800's price, 6 places
		{"0.0000000001", "0.0000000001"}, // 10 places
		{"999,999,999,999,999.99", "999999999999999.99"},
		{"1,000,000,000,000,000", "1000000000000000"}, // the inclusive limit
		{"100000000000万", "1000000000000000"},
	}
	for _, tt := range tests {
		got, err := money.Parse("price", tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if !got.Equal(d(tt.want)) {
			t.Errorf("Parse(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct{ in, wantInMsg string }{
		{"", "non-negative amount"},
		{"   ", "non-negative amount"},
		{"1e5", "exponent"}, // decided: no exponent notation
		{"1E5", "exponent"},
		{"-5", "≥ 0"},
		{"-¥5", "≥ 0"},
		{"+5", "non-negative amount"},
		{"55,00", "groups of three"}, // European decimal comma
		{"5,5000", "groups of three"},
		{",500", "groups of three"},
		{"55000.", "after the decimal point"},
		{".5", "non-negative amount"},
		{"1.2.3", "after the decimal point"},
		{"0.00000000001", "after the decimal point"}, // 11 places
		{"12 000", "non-negative amount"},
		{"NaN", "non-negative amount"},
		{"Inf", "non-negative amount"},
		{"0x10", "non-negative amount"},
		{"5.5k", "after the decimal point"},
		{"1000000000000000.01", "up to 1,000,000,000,000,000"},
		{"100000000000.01万", "up to"},
		{strings.Repeat("1", 65), "at most 64 characters"},
	}
	for _, tt := range tests {
		_, err := money.Parse("monthly_price", tt.in)
		var fe *fielderr.Error
		if !errors.As(err, &fe) {
			t.Errorf("Parse(%q) error = %v, want a fielderr.Error", tt.in, err)
			continue
		}
		if fe.Field != "monthly_price" || fe.Value != tt.in {
			t.Errorf("Parse(%q): field %q value %q, want the field name and the input", tt.in, fe.Field, fe.Value)
		}
		if !strings.Contains(err.Error(), tt.wantInMsg) || !strings.HasPrefix(err.Error(), "monthly_price = ") {
			t.Errorf("Parse(%q) error %q, want it to name the field and mention %q", tt.in, err, tt.wantInMsg)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := money.Parse("price", "1,234,567.89"); err != nil {
			b.Fatal(err)
		}
	}
}
