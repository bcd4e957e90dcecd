package money

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/digits"
	"github.com/shopspring/decimal"
)

// Helpers the tests use that neither binary reaches.

// Sum adds ranges end-wise; the sum of none is the zero range.
func Sum(rs ...Range) Range {
	var total Range
	for _, r := range rs {
		total = total.Add(r)
	}
	return total
}

// FormatWan writes d in the Chinese 万 (ten thousand) form used on the zh-CN
// site: 58200 → "5.82万", 60000 → "6万", 123456789 → "12,345.68万". The 万
// figure is rounded to two places (so to the nearest 100 yuan) and trailing
// zeros are dropped. Amounts under 10,000 in absolute value are written as
// Format writes them ("1,200.00"), since "0.12万" reads badly. The yuan unit
// (元) is left to the caller. Pages and messages write money through
// shared/msg (Lang.Money, Lang.MoneyRange), the one display rule of the
// site and the CLI, which also switches to 亿 from 100,000,000 and keeps
// both ends of a range in one unit; this function is the bare 万 figure
// the parser's tests read back.
func FormatWan(d decimal.Decimal) string {
	if d.Abs().LessThan(tenThousand) {
		return Format(d)
	}
	w := d.DivRound(tenThousand, DivPrecision).Round(2).StringFixed(2)
	w = strings.TrimRight(w, "0")
	w = strings.TrimSuffix(w, ".")
	return digits.Group(w) + "万"
}
