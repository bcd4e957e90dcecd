package text

import (
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// Numbers on the pages follow the reader's language, by shared/msg's one
// rule (the CLI and the core's messages use the same): CNY with thousands
// separators everywhere; in Chinese, amounts of 10,000 and more in 万, as
// Chinese price lists write them, and a range in the unit of its larger
// end. Money is rounded only here, for display.

// Money formats one amount: "¥58,200" in English, "5.82万元" in Chinese.
// Amounts of 1,000 and more are rounded to whole yuan (half up); smaller
// ones keep their fen unless it is zero.
func (l Lang) Money(d decimal.Decimal) string { return l.Msg().Money(d) }

// MoneyRange formats a low–high range; one amount when both ends agree.
// The unit is written once: "¥14,723–38,833", "1.47万–3.88万元",
// "0.96万–1.44万元".
func (l Lang) MoneyRange(r money.Range) string { return l.Msg().MoneyRange(r.Low, r.High) }

// Percent formats a fraction as a percentage with one decimal: 0.1523 →
// "15.2%".
func Percent(frac decimal.Decimal) string {
	return frac.Mul(decimal.NewFromInt(100)).StringFixed(1) + "%"
}

// Num formats a float with the given decimals and thousands separators.
func Num(v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String()
	if frac != "" {
		out += "." + frac
	}
	if neg {
		out = "-" + out
	}
	return out
}

// Int formats a whole number with thousands separators.
func Int(n int) string { return Num(float64(n), 0) }

// JoinList joins the items of a list as a reader of l writes one: with
// the enumeration comma in Chinese ("显存、网络"), a comma and a space in
// English ("memory, network").
func (l Lang) JoinList(items []string) string {
	if l == Zh {
		return strings.Join(items, "、")
	}
	return strings.Join(items, ", ")
}
