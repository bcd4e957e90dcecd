package money

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/digits"
	"github.com/gpuplan/gpuplan/shared/msg"
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
	bad := func(why msg.M) (decimal.Decimal, error) {
		return decimal.Zero, &fielderr.Error{Field: field, Value: s, Want: why}
	}
	if len(s) > maxInputLen {
		return bad(msg.New("want.max_chars", msg.Int(maxInputLen)))
	}
	t := strings.TrimSpace(s)
	t = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(t, "¥"), "￥"))
	t = strings.TrimSpace(strings.TrimSuffix(t, msg.Yuan))
	wan := strings.HasSuffix(t, msg.Wan)
	t = strings.TrimSpace(strings.TrimSuffix(t, msg.Wan))
	switch {
	case t == "":
		return bad(msg.New("want.money_typed"))
	case strings.ContainsAny(t, "eE"):
		return bad(msg.New("want.money_no_exponent"))
	case strings.HasPrefix(t, "-"):
		return bad(msg.New("want.ge", msg.Label("want.noun.amount"), msg.Text("0")))
	}
	intPart, frac, hasFrac := strings.Cut(t, ".")
	whole, ok := ungroup(intPart)
	if !ok {
		return bad(msg.New("want.money_commas"))
	}
	if hasFrac && (frac == "" || len(frac) > maxFracDigit || !digits.Only(frac)) {
		return bad(msg.New("want.money_places", msg.Int(maxFracDigit)))
	}
	if hasFrac {
		whole += "." + frac
	}
	d, err := decimal.NewFromString(whole)
	if err != nil {
		return bad(msg.New("want.money_typed"))
	}
	if wan {
		d = d.Mul(tenThousand)
	}
	if d.GreaterThan(maxAmount) {
		return bad(msg.New("want.money_max"))
	}
	return d, nil
}

// ungroup returns the digits of an integer part that is either plain
// ("55000") or grouped in threes with commas ("55,000"), and false for
// anything else.
func ungroup(s string) (string, bool) {
	if !strings.Contains(s, ",") {
		return s, s != "" && digits.Only(s)
	}
	groups := strings.Split(s, ",")
	for i, g := range groups {
		if !digits.Only(g) || g == "" || len(g) > 3 || (i > 0 && len(g) != 3) {
			return "", false
		}
	}
	return strings.Join(groups, ""), true
}
