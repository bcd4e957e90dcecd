package msg

import "github.com/shopspring/decimal"

// tableWan is the amount from which a Chinese table column is written in
// 万: a column whose amounts are all below 100,000 yuan reads in yuan
// ("85,000元" above "8,500元"), never "8.5万元" above "8,500元".
var tableWan = decimal.NewFromInt(100000)

// MoneyColumn writes the amounts of one table column alike, so they
// compare at a glance: every cell is rounded as the largest amount is
// (whole yuan from 100 yuan) and, in Chinese, written in the largest
// amount's unit: 亿 from 100,000,000, 万 from 100,000, else yuan.
// English: "¥120,000", "¥8,500"; Chinese: "12万元", "0.85万元".
func (l Lang) MoneyColumn(ds []decimal.Decimal) []string {
	top := decimal.Zero
	for _, d := range ds {
		top = decimal.Max(top, d.Abs())
	}
	unit := columnUnit(top)
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = l.columnCell(roundAs(d, top), unit)
	}
	return out
}

// MoneyRangeColumn writes a column of low–high ranges as MoneyColumn
// writes amounts, the largest end of any row choosing the rounding and
// the unit: "0.85万–1.2万元" beside "12万–15万元".
func (l Lang) MoneyRangeColumn(lo, hi []decimal.Decimal) []string {
	top := decimal.Zero
	for i := range lo {
		top = decimal.Max(top, decimal.Max(lo[i].Abs(), hi[i].Abs()))
	}
	unit := columnUnit(top)
	out := make([]string, len(lo))
	for i := range lo {
		a, b := l.columnAmount(roundAs(lo[i], top), unit), l.columnAmount(roundAs(hi[i], top), unit)
		switch {
		case a == b && l == Zh:
			out[i] = a + Yuan
		case a == b:
			out[i] = yuanSign(a)
		case l == Zh:
			out[i] = a + "–" + b + Yuan
		default:
			out[i] = yuanSign(a) + "–" + b
		}
	}
	return out
}

// columnUnit is the unit of a Chinese column whose largest amount is top.
func columnUnit(top decimal.Decimal) decimal.Decimal {
	if top.GreaterThanOrEqual(tableWan) {
		return zhUnit(top)
	}
	return decimal.Zero
}

// columnCell is one rounded amount of a column, with its 元 or ¥.
func (l Lang) columnCell(d, unit decimal.Decimal) string {
	if l == Zh {
		return l.columnAmount(d, unit) + Yuan
	}
	return yuanSign(l.columnAmount(d, unit))
}

// columnAmount is a rounded amount without 元 or ¥: in unit in Chinese,
// with fen only when it has them (rangeEnd's rule applies per cell).
func (l Lang) columnAmount(d, unit decimal.Decimal) string {
	if l == Zh {
		return zhAmount(d, unit)
	}
	return plainAmount(d)
}
