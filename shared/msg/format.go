package msg

import (
	"math"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/digits"
	"github.com/shopspring/decimal"
)

// The Chinese units amounts of money are written in: Yuan after every
// amount, Wan (ten thousand) and Yi (a hundred million) before it for
// large ones, "1.2万元". money.Parse reads Yuan and Wan back.
const (
	Yuan = "元"
	Wan  = "万"
	Yi   = "亿"
)

// The number and money formats of both languages. Every page, every CLI
// output and every message writes numbers through these, so one rule holds
// everywhere.

var (
	wan      = decimal.NewFromInt(10000)
	yi       = decimal.NewFromInt(100000000)
	thousand = decimal.NewFromInt(1000)
	hundred  = decimal.NewFromInt(100)
)

// Int writes a whole number with thousands separators: 12345 → "12,345".
func (l Lang) Int(n int) string { return digits.Group(strconv.Itoa(n)) }

// Num writes v with digits decimals (clamped to 0–6; -1 for the fewest
// that give v back, see Fig) and thousands separators; "-0" is written
// "0", and NaN or ±Inf "?".
func (l Lang) Num(v float64, digits int) string { return formatNum(v, digits) }

// NumRange writes lo–hi with digits decimals, one figure when both ends
// print alike: "33.6", "30.2–36.9".
func (l Lang) NumRange(lo, hi float64, digits int) string {
	a, b := formatNum(lo, digits), formatNum(hi, digits)
	if a == b {
		return a
	}
	return a + "–" + b
}

// Money writes a CNY amount: "¥58,200" in English; "2,500元", "5.82万元"
// (10,000 and more) or "2.76亿元" (100,000,000 and more) in Chinese. Amounts of 100 and more are rounded to
// whole yuan, half away from zero; smaller ones keep their fen unless zero.
func (l Lang) Money(d decimal.Decimal) string {
	d = roundMoney(d)
	if l == Zh {
		return zhAmount(d, zhUnit(d)) + Yuan
	}
	return yuanSign(plainAmount(d))
}

// Price writes a unit price as Money does, but with its fen below 1,000
// ("¥150.50") and in full when it has more than two decimals:
// "¥0.834988", "0.834988元".
func (l Lang) Price(d decimal.Decimal) string {
	if d.Abs().GreaterThanOrEqual(thousand) {
		return l.Money(d)
	}
	// A unit price keeps its fen: "¥150.50" an hour.
	s := digits.Group(d.String())
	if d.Equal(d.Round(2)) {
		s = plainAmount(d)
	}
	if l == Zh {
		return s + Yuan
	}
	return yuanSign(s)
}

// MoneyRange writes a low–high CNY range with the unit once, one amount
// when both ends print alike: "¥14,723–38,833"; in Chinese both ends take
// the form of the larger one: "1.47万–3.88万元", "0.96万–1.44万元",
// "2,500–4,000元".
func (l Lang) MoneyRange(lo, hi decimal.Decimal) string {
	// Both ends are rounded as the larger one: "83–133元", never
	// "83.33–133.00元".
	top := decimal.Max(lo.Abs(), hi.Abs())
	lo, hi = roundAs(lo, top), roundAs(hi, top)
	fen := hasFen(lo) || hasFen(hi)
	if l == Zh {
		unit := zhUnit(decimal.Max(lo.Abs(), hi.Abs()))
		a, b := zhRangeEnd(lo, unit, fen), zhRangeEnd(hi, unit, fen)
		if a == b {
			return a + Yuan
		}
		return a + "–" + b + Yuan
	}
	a, b := rangeEnd(lo, fen), rangeEnd(hi, fen)
	if a == b {
		return yuanSign(a)
	}
	return yuanSign(a) + "–" + b
}

// hasFen reports a rounded amount with a fraction of a yuan.
func hasFen(d decimal.Decimal) bool { return !d.Equal(d.Truncate(0)) }

// rangeEnd writes one end of a range: with fen when either end has them,
// so "¥0.30–1.00" never reads "¥0.30–1".
func rangeEnd(d decimal.Decimal, fen bool) string {
	if fen {
		return digits.Group(d.StringFixed(2))
	}
	return plainAmount(d)
}

// zhRangeEnd is rangeEnd in Chinese, in 万 or 亿 when the range is.
func zhRangeEnd(d decimal.Decimal, unit decimal.Decimal, fen bool) string {
	if unit.IsZero() {
		return rangeEnd(d, fen)
	}
	return zhAmount(d, unit)
}

// zhUnit is the unit Chinese writes an amount in: 亿 (10^8) from one
// hundred million (or what rounds to 10,000万), 万 (10^4) from ten
// thousand, else zero (plain yuan).
func zhUnit(d decimal.Decimal) decimal.Decimal {
	switch d = d.Abs(); {
	case d.DivRound(wan, 16).Round(2).GreaterThanOrEqual(wan):
		return yi
	case d.GreaterThanOrEqual(wan):
		return wan
	}
	return decimal.Zero
}

// yuanSign puts the ¥ after a minus sign: "-5" → "-¥5".
func yuanSign(s string) string {
	if strings.HasPrefix(s, "-") {
		return "-¥" + s[1:]
	}
	return "¥" + s
}

// Params writes a parameter count given in billions as the language
// counts it: billions in English ("70.55"), 亿 (10^8) in Chinese
// ("705.5"), to 0.01 billion; the catalogue's sentence names the unit.
func (l Lang) Params(billions float64) string {
	if l == Zh {
		return strconv.FormatFloat(math.Round(billions*100)/10, 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round(billions*100)/100, 'f', -1, 64)
}

// Percent writes a fraction as a percentage with at most one decimal,
// trailing zeros dropped: 0.155 → "15.5%", 0.1 → "10%".
func (l Lang) Percent(frac decimal.Decimal) string {
	return trimZeros(frac.Mul(hundred).Round(1).StringFixed(1)) + "%"
}

// Dec writes a plain decimal quantity with at most two decimals, trailing
// zeros dropped, and thousands separators: 7.50 → "7.5".
func (l Lang) Dec(d decimal.Decimal) string {
	return digits.Group(trimZeros(d.Round(2).StringFixed(2)))
}

// months are the English month names.
var months = [...]string{"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December"}

// Date writes "2026", "2026-06" or "2026-06-01" in the language's form:
// "June 2026", "1 June 2026"; "2026年6月", "2026年6月1日". Anything else is
// written as given.
func (l Lang) Date(s string) string {
	parts := strings.Split(s, "-")
	if len(parts) > 3 || len(parts[0]) != 4 {
		return s
	}
	n := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || (i > 0 && (len(p) != 2 || v < 1)) || (i == 1 && v > 12) || (i == 2 && v > 31) {
			return s
		}
		n[i] = v
	}
	if l == Zh {
		out := parts[0] + "年"
		if len(n) > 1 {
			out += strconv.Itoa(n[1]) + "月"
		}
		if len(n) > 2 {
			out += strconv.Itoa(n[2]) + "日"
		}
		return out
	}
	switch len(n) {
	case 2:
		return months[n[1]-1] + " " + parts[0]
	case 3:
		return strconv.Itoa(n[2]) + " " + months[n[1]-1] + " " + parts[0]
	}
	return parts[0]
}

// roundMoney rounds an amount of 100 and more to whole yuan and a smaller
// one to fen: fen matter only on small amounts.
func roundMoney(d decimal.Decimal) decimal.Decimal { return roundAs(d, d.Abs()) }

// roundAs rounds d as an amount of size top is rounded (roundMoney): to
// whole yuan when top is 100 or more, else to fen.
func roundAs(d, top decimal.Decimal) decimal.Decimal {
	if top.GreaterThanOrEqual(hundred) {
		return d.Round(0)
	}
	return d.Round(2)
}

// plainAmount writes a rounded amount with separators, fen dropped when zero.
func plainAmount(d decimal.Decimal) string {
	return strings.TrimSuffix(digits.Group(d.StringFixed(2)), ".00")
}

// zhAmount writes a rounded amount without 元 in unit (万 or 亿, see
// zhUnit) to two places, trailing zeros dropped ("5.82万", "6万",
// "0.96万", "2.76亿"), or as plainAmount for a zero unit.
func zhAmount(d decimal.Decimal, unit decimal.Decimal) string {
	if unit.IsZero() {
		return plainAmount(d)
	}
	suffix := Wan
	if unit.Equal(yi) {
		suffix = Yi
	}
	return digits.Group(trimZeros(d.DivRound(unit, 16).Round(2).StringFixed(2))) + suffix
}

// formatNum writes v with places decimals and separators.
func formatNum(v float64, places int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "?"
	}
	places = min(max(places, -1), 6)
	if places < 0 && math.Abs(v) >= 1e21 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	s := strconv.FormatFloat(v, 'f', places, 64)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	return digits.Group(s)
}

// trimZeros drops trailing fraction zeros and a bare point: "7.50" → "7.5",
// "10.0" → "10".
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
