package pricebook

import (
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// Need is how a plan uses the cards: how many, how many hours a day the
// instances are on, how many days a month, for how many months.
type Need struct {
	Cards         int
	HoursPerDay   decimal.Decimal
	DaysPerMonth  int
	ProjectMonths int
}

// Units is how many units of o the need rents: whole machines for a node
// offer: 5 cards on 8-card machines rent one machine, 9 rent two.
func (o Offer) Units(cards int) int {
	per := o.Unit.Cards()
	return (max(cards, 0) + per - 1) / per
}

// Packages is how many prices of the term the need pays a month, on
// average over the project (Total divided by the project's months).
func (t Term) Packages(n Need) decimal.Decimal {
	months := decimal.NewFromInt(int64(max(n.ProjectMonths, 1)))
	return t.Total(n).DivRound(months, money.DivPrecision)
}

// Total is how many prices of the term the whole project pays:
//   - hour: hours a day × days a month × months (billing runs while the
//     instance is on: power-on to power-off);
//   - day: the days a month the instances run × months;
//   - week: whole weeks, either every week of the project or, for fewer
//     than 28 days a month, the weeks the used days fill each month;
//   - month: one a month;
//   - year: whole years over the project's months (a 6-month project pays
//     a whole year).
func (t Term) Total(n Need) decimal.Decimal {
	months := int64(max(n.ProjectMonths, 1))
	days := int64(n.DaysPerMonth)
	switch t {
	case Hour:
		return n.HoursPerDay.Mul(decimal.NewFromInt(days * months))
	case Day:
		return decimal.NewFromInt(days * months)
	case Week:
		weeks := (30*months + 6) / 7
		if days < 28 {
			weeks = min(weeks, months*((days+6)/7))
		}
		return decimal.NewFromInt(weeks)
	case Month:
		return decimal.NewFromInt(months)
	case Year:
		return decimal.NewFromInt((months + 11) / 12)
	}
	return decimal.Zero
}

// monthly is Total over the project's months when that is exact: hours,
// days and months are paid the same number of times every month; weeks
// and years are not.
func (t Term) monthly(n Need) (decimal.Decimal, bool) {
	switch t {
	case Hour:
		return n.HoursPerDay.Mul(decimal.NewFromInt(int64(n.DaysPerMonth))), true
	case Day:
		return decimal.NewFromInt(int64(n.DaysPerMonth)), true
	case Month:
		return decimal.NewFromInt(1), true
	}
	return decimal.Decimal{}, false
}

// Rent is the monthly rent of the need on o: units × price × the
// project's packages, spread over its months, as a range.
func (o Offer) Rent(n Need) money.Range {
	units := decimal.NewFromInt(int64(o.Units(n.Cards)))
	if k, ok := o.Term.monthly(n); ok { // the same figure, without a division
		k = k.Mul(units)
		return money.Range{Low: o.Price.Low.Mul(k), High: o.Price.High.Mul(k)}
	}
	k := units.Mul(o.Term.Total(n))
	months := decimal.NewFromInt(int64(max(n.ProjectMonths, 1)))
	return money.Range{Low: o.Price.Low.Mul(k).DivRound(months, money.DivPrecision), High: o.Price.High.Mul(k).DivRound(months, money.DivPrecision)}
}
