package money

import (
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Range is a low–high pair of amounts, the form every reference price and
// every estimate takes in the planner (a point value has Low == High). It
// serialises as {"low":"…","high":"…"} with the decimals as strings.
type Range struct {
	Low  decimal.Decimal `json:"low"`  // the low estimate
	High decimal.Decimal `json:"high"` // the high estimate, ≥ Low
}

// Point returns the range that holds only d.
func Point(d decimal.Decimal) Range {
	return Range{Low: d, High: d}
}

// Validate reports, naming field, a range whose low end is negative or above
// its high end.
func (r Range) Validate(field string) error {
	if r.Low.IsNegative() {
		return &fielderr.Error{Field: field + ".low", Value: r.Low.String(), Want: msg.New("want.ge", msg.Label("want.noun.amount"), msg.Text("0"))}
	}
	if r.Low.GreaterThan(r.High) {
		return &fielderr.Error{Field: field + ".high", Value: r.High.String(),
			Want: msg.New("want.amount_low", msg.Text(r.Low.String()))}
	}
	return nil
}

// Add returns the end-wise sum r + o.
func (r Range) Add(o Range) Range {
	return Range{Low: r.Low.Add(o.Low), High: r.High.Add(o.High)}
}

// Mul scales both ends by k. A negative k would swap the ends, so the result
// is reordered to keep Low ≤ High.
func (r Range) Mul(k decimal.Decimal) Range {
	lo, hi := r.Low.Mul(k), r.High.Mul(k)
	if lo.GreaterThan(hi) {
		lo, hi = hi, lo
	}
	return Range{Low: lo, High: hi}
}

// Round2 rounds both ends for display (see the package Round2).
func (r Range) Round2() Range {
	return Range{Low: Round2(r.Low), High: Round2(r.High)}
}

// Mid is the middle of r, the likely figure of a range; a point is its
// own middle.
func (r Range) Mid() decimal.Decimal {
	if r.IsPoint() {
		return r.Low
	}
	return r.Low.Add(r.High).Mul(half)
}

// half halves a sum exactly.
var half = decimal.New(5, -1)

// IsPoint reports whether the range holds a single value.
func (r Range) IsPoint() bool {
	return r.Low.Equal(r.High)
}

// String writes the range for display: "9,600.00–14,400.00", or one amount
// when Low == High.
func (r Range) String() string {
	if r.IsPoint() {
		return Format(r.Low)
	}
	return Format(r.Low) + "–" + Format(r.High)
}
