package billing

import (
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/shopspring/decimal"
)

// The modes of the shorter packages some marketplaces sell.
const (
	Daily  Mode = "daily"  // a day package (包天)
	Weekly Mode = "weekly" // a week package (包周)
)

// ModeOf is the billing mode a term is paid in.
func ModeOf(t pricebook.Term) Mode {
	switch t {
	case pricebook.Day:
		return Daily
	case pricebook.Week:
		return Weekly
	case pricebook.Month:
		return Monthly
	case pricebook.Year:
		return Annual
	}
	return Hourly
}

// Option is one of a provider's offers priced for the need.
type Option struct {
	Offer pricebook.Offer
	// Rent is the rent of all the need's cards a month on the offer.
	Rent money.Range
	// Rule is the rule that keeps the term out ("B2" for a commitment on
	// volatile work or a year on a short or first contract, "B3" for a year
	// on a first contract); empty when the rules allow it.
	Rule string

	likely decimal.Decimal // the middle of Rent, computed once by Terms
}

// Likely is the middle of the option's rent.
func (o Option) Likely() decimal.Decimal {
	if o.likely.IsZero() && !o.Rent.High.IsZero() {
		return o.Rent.Mid()
	}
	return o.likely
}

// Terms prices every offer of one provider for one card at the need of in
// (cards, hours, days, months) and returns the options with the index of
// the one to take: the cheapest likely rent among the terms the rules
// allow, or of all terms when the rules allow none (the caller says so).
// Ties go to the shorter term, which commits to less. Rule B2 keeps
// volatile work on hourly billing and a year for steady projects of 12
// months or more; rule B3 keeps a first contract off the year.
func Terms(offers []pricebook.Offer, in Input) ([]Option, int) {
	need := pricebook.Need{Cards: in.Cards, HoursPerDay: in.HoursPerDay, DaysPerMonth: in.DaysPerMonth, ProjectMonths: in.ProjectMonths}
	opts := make([]Option, 0, len(offers))
	for _, o := range offers {
		rent := o.Rent(need)
		opts = append(opts, Option{Offer: o, Rent: rent, Rule: ruleAgainst(o.Term, in), likely: rent.Mid()})
	}
	best := -1
	for _, allowedOnly := range []bool{true, false} {
		for i, o := range opts {
			if allowedOnly && o.Rule != "" {
				continue
			}
			if best < 0 || cheaper(o, opts[best]) {
				best = i
			}
		}
		if best >= 0 {
			break
		}
	}
	return opts, best
}

func cheaper(a, b Option) bool {
	if c := a.Likely().Cmp(b.Likely()); c != 0 {
		return c < 0
	}
	return a.Offer.Term.Hours() < b.Offer.Term.Hours()
}

// ruleAgainst names the rule that keeps term t out for in, or "".
func ruleAgainst(t pricebook.Term, in Input) string {
	switch {
	case in.Demand == Volatile && t != pricebook.Hour:
		return "B2"
	case t == pricebook.Year && (in.ProjectMonths < longProjectMonths || in.Demand != Steady):
		return "B2"
	case t == pricebook.Year && in.FirstContract:
		return "B3"
	}
	return ""
}

// Summary is what Recommend needs of one provider's offers: the likely
// per-card hourly and monthly prices, and the provider's annual discount
// (a year offer's saving on twelve months), each nil or zero when the
// provider does not sell that term.
func Summary(offers []pricebook.Offer) (hourly, monthly *decimal.Decimal, annualDiscount decimal.Decimal) {
	var year *decimal.Decimal
	for _, o := range offers {
		p := o.PerCard()
		mid := p.Low.Add(p.High).Div(decimal.NewFromInt(2))
		switch o.Term {
		case pricebook.Hour:
			hourly = lower(hourly, mid)
		case pricebook.Month:
			monthly = lower(monthly, mid)
		case pricebook.Year:
			year = lower(year, mid)
		}
	}
	if year != nil && monthly != nil && monthly.IsPositive() {
		d := decimal.NewFromInt(1).Sub(year.DivRound(monthly.Mul(decimal.NewFromInt(12)), money.DivPrecision))
		if d.IsPositive() && d.LessThan(decimal.NewFromInt(1)) {
			annualDiscount = d
		}
	}
	return hourly, monthly, annualDiscount
}

func lower(cur *decimal.Decimal, v decimal.Decimal) *decimal.Decimal {
	if cur == nil || v.LessThan(*cur) {
		return &v
	}
	return cur
}
