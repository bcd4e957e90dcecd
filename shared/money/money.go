package money

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/digits"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// DivPrecision is the number of decimal places every money division keeps:
// x.DivRound(y, DivPrecision). It matches shopspring's default
// DivisionPrecision (16), so results agree with Infracost's, but
// it is named here so no code depends on the mutable package global.
const DivPrecision int32 = 16

// HoursPerMonth is the 730-hour month (365 × 24 / 12) that converts hourly
// prices into monthly ones and back. Infracost, the AWS pricing
// calculator and Azure all use it; a calendar month (28–31 days) is used only
// where a contract says so, e.g. SLA downtime minutes. It is a variable only
// because Go has no decimal constants: never reassign it.
var HoursPerMonth = decimal.NewFromInt(730)

// Round2 rounds d to two places for display. Ties round away from zero, which
// is half-up for the non-negative amounts the planner shows. Compute with the
// unrounded value and call Round2 only on what a person reads.
func Round2(d decimal.Decimal) decimal.Decimal {
	return d.Round(2)
}

// Format writes d rounded to two places with comma thousands separators:
// 58200 → "58,200.00".
func Format(d decimal.Decimal) string {
	return digits.Group(Round2(d).StringFixed(2))
}

// FormatCNY is Format with a yuan sign: 58200 → "¥58,200.00",
// -5 → "-¥5.00".
func FormatCNY(d decimal.Decimal) string {
	s := Format(d)
	if strings.HasPrefix(s, "-") {
		return "-¥" + s[1:]
	}
	return "¥" + s
}

var tenThousand = decimal.NewFromInt(10000)

// FormatWan writes d in the Chinese 万 (ten thousand) form used on the zh-CN
// site: 58200 → "5.82万", 60000 → "6万", 123456789 → "12,345.68万". The 万
// figure is rounded to two places (so to the nearest 100 yuan) and trailing
// zeros are dropped. Amounts under 10,000 in absolute value are written as
// Format writes them ("1,200.00"), since "0.12万" reads badly. The yuan unit
// (元) is left to the caller. Pages and messages write money through
// shared/msg (Lang.Money, Lang.MoneyRange), the one display rule of the
// site and the CLI, which also switches to 亿 from 100,000,000 and keeps
// both ends of a range in one unit; this function stays for tests and
// tools that want the bare 万 figure.
func FormatWan(d decimal.Decimal) string {
	if d.Abs().LessThan(tenThousand) {
		return Format(d)
	}
	w := d.DivRound(tenThousand, DivPrecision).Round(2).StringFixed(2)
	w = strings.TrimRight(w, "0")
	w = strings.TrimSuffix(w, ".")
	return digits.Group(w) + msg.Wan
}

// FormatPercent writes a fraction as a percentage with two places:
// 0.055 → "5.50%".
func FormatPercent(frac decimal.Decimal) string {
	return Format(frac.Shift(2)) + "%"
}
