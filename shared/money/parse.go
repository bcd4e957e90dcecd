package money

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/shopspring/decimal"
)

// maxAmount bounds what Parse accepts: 10^15 yuan, far above any GPU budget,
// low enough that every accepted value formats and parses back. The bound is
// inclusive and a multiple of 100, so no display rounding (Round2, or
// FormatWan's 100 yuan) can carry an accepted value past it.
var maxAmount = decimal.New(1, 15)

const (
	maxInputLen  = 64
	maxFracDigit = 10
	wantAmount   = "a non-negative amount in plain digits, e.g. 55000, 55,000, 55000.50 or 5.82万"
)

// Parse reads a non-negative money amount typed by a person and names field
// in any error. It accepts plain digits with an optional fraction of up to 10
// places ("55000", "55000.50"), commas between groups of three digits
// ("55,000"), an optional leading ¥ or ￥, and an optional trailing 万 (×10,000)
// and/or 元, so Parse(Format(x)), Parse(FormatCNY(x)) and Parse(FormatWan(x))
// all read back. It rejects signs, exponents ("1e5": a typo risk in a form,
// and a way to ask for a huge number), European decimal commas ("55,00"),
// empty input and amounts above 10^15.
func Parse(field, s string) (decimal.Decimal, error) {
	bad := func(why string) (decimal.Decimal, error) {
		return decimal.Zero, &fielderr.Error{Field: field, Value: s, Want: why}
	}
	if len(s) > maxInputLen {
		return bad(fmt.Sprintf("at most %d characters", maxInputLen))
	}
	t := strings.TrimSpace(s)
	t = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(t, "¥"), "￥"))
	t = strings.TrimSpace(strings.TrimSuffix(t, "元"))
	wan := strings.HasSuffix(t, "万")
	t = strings.TrimSpace(strings.TrimSuffix(t, "万"))
	switch {
	case t == "":
		return bad(wantAmount)
	case strings.ContainsAny(t, "eE"):
		return bad("plain digits without an exponent, e.g. 100000 rather than 1e5")
	case strings.HasPrefix(t, "-"):
		return bad("an amount ≥ 0")
	}
	intPart, frac, hasFrac := strings.Cut(t, ".")
	digits, ok := ungroup(intPart)
	if !ok {
		return bad(wantAmount + "; commas only between groups of three digits")
	}
	if hasFrac && (frac == "" || len(frac) > maxFracDigit || !allDigits(frac)) {
		return bad(fmt.Sprintf("1 to %d digits after the decimal point", maxFracDigit))
	}
	if hasFrac {
		digits += "." + frac
	}
	d, err := decimal.NewFromString(digits)
	if err != nil {
		return bad(wantAmount)
	}
	if wan {
		d = d.Mul(tenThousand)
	}
	if d.GreaterThan(maxAmount) {
		return bad("an amount up to 1,000,000,000,000,000")
	}
	return d, nil
}

// ungroup returns the digits of an integer part that is either plain
// ("55000") or grouped in threes with commas ("55,000"), and false for
// anything else.
func ungroup(s string) (string, bool) {
	if !strings.Contains(s, ",") {
		return s, s != "" && allDigits(s)
	}
	groups := strings.Split(s, ",")
	for i, g := range groups {
		if !allDigits(g) || g == "" || len(g) > 3 || (i > 0 && len(g) != 3) {
			return "", false
		}
	}
	return strings.Join(groups, ""), true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
