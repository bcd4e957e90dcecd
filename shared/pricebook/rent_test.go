package pricebook_test

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/shopspring/decimal"
)

// TestRentIsTotalOverMonths: a month's rent is the project's packages ×
// price × units spread over its months, for every term, whether or not the
// term pays the same every month (hours, days and months do; weeks and
// years do not).
func TestRentIsTotalOverMonths(t *testing.T) {
	price := money.Range{Low: decimal.RequireFromString("13.72"), High: decimal.RequireFromString("15.90")}
	needs := []pricebook.Need{
		{Cards: 1, HoursPerDay: decimal.NewFromInt(24), DaysPerMonth: 30, ProjectMonths: 1},
		{Cards: 3, HoursPerDay: decimal.RequireFromString("7.5"), DaysPerMonth: 22, ProjectMonths: 7},
		{Cards: 8, HoursPerDay: decimal.NewFromInt(10), DaysPerMonth: 20, ProjectMonths: 18},
	}
	for _, term := range []pricebook.Term{pricebook.Hour, pricebook.Day, pricebook.Week, pricebook.Month, pricebook.Year} {
		for _, unit := range []pricebook.Unit{pricebook.CardUnit, pricebook.NodeUnit(8)} {
			o := pricebook.Offer{Card: "a100-80g-sxm", Unit: unit, Term: term, Price: price}
			for _, n := range needs {
				months := decimal.NewFromInt(int64(n.ProjectMonths))
				k := decimal.NewFromInt(int64(o.Units(n.Cards))).Mul(term.Total(n))
				want := money.Range{Low: price.Low.Mul(k).DivRound(months, money.DivPrecision), High: price.High.Mul(k).DivRound(months, money.DivPrecision)}
				got := o.Rent(n)
				if !got.Low.Equal(want.Low) || !got.High.Equal(want.High) {
					t.Errorf("%s %s %+v: Rent = %s, want %s", term, unit, n, got, want)
				}
			}
		}
	}
	// One hand-checked figure: 3 cards × 7.5 h × 22 days × 13.72 = 6,791.40 a month.
	got := pricebook.Offer{Unit: pricebook.CardUnit, Term: pricebook.Hour, Price: price}.Rent(needs[1])
	if !got.Low.Equal(decimal.RequireFromString("6791.4")) {
		t.Errorf("hourly rent = %s, want 6791.40", got.Low)
	}
}
