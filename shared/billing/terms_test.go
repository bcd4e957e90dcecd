package billing_test

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/pricebook"
)

// ctyunL20 are one provider's three terms for one L20 (天翼云's published
// list: 15.72 an hour, 7,545 a month, a year at 85% of 12 months).
var ctyunL20 = []pricebook.Offer{
	{Provider: "ctyun", Card: "l20-48g", Term: pricebook.Hour, Price: money.Point(d("15.72"))},
	{Provider: "ctyun", Card: "l20-48g", Term: pricebook.Month, Price: money.Point(d("7545"))},
	{Provider: "ctyun", Card: "l20-48g", Term: pricebook.Year, Price: money.Point(d("76959"))},
}

// TestTerms: the cheapest term the rules allow, per rule B1's arithmetic,
// B2 (volatile work by the hour; a year only for a steady project of 12
// months or more) and B3 (no year on a first contract).
func TestTerms(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*billing.Input)
		term   pricebook.Term
		rent   string // one card a month
		ruled  map[pricebook.Term]string
		reason string
	}{
		{"8 h/day: hours", func(in *billing.Input) { in.HoursPerDay = d("8") }, pricebook.Hour, "3772.8",
			map[pricebook.Term]string{pricebook.Year: "B3"}, "15.72 × 8 × 30 = 3,772.80 under 7,545"},
		{"20 h/day: month", func(in *billing.Input) { in.HoursPerDay = d("20") }, pricebook.Month, "7545",
			map[pricebook.Term]string{pricebook.Year: "B3"}, "15.72 × 600 = 9,432 over 7,545; the year is a first contract's (B3)"},
		{"20 h/day, not a first contract: year", func(in *billing.Input) { in.HoursPerDay = d("20"); in.FirstContract = false }, pricebook.Year, "6413.25",
			nil, "76,959 ÷ 12 = 6,413.25 under 7,545"},
		{"a 6-month project: no year", func(in *billing.Input) { in.HoursPerDay = d("20"); in.FirstContract = false; in.ProjectMonths = 6 }, pricebook.Month, "7545",
			map[pricebook.Term]string{pricebook.Year: "B2"}, "a year outlasts the project (B2)"},
		{"volatile: hours whatever they cost", func(in *billing.Input) { in.HoursPerDay = d("20"); in.Demand = billing.Volatile }, pricebook.Hour, "9432",
			map[pricebook.Term]string{pricebook.Month: "B2", pricebook.Year: "B2"}, "B2 keeps volatile work on hourly billing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := billing.Input{Cards: 1, HoursPerDay: d("8"), DaysPerMonth: 30, ProjectMonths: 24, FirstContract: true, Demand: billing.Steady}
			tt.edit(&in)
			opts, best := billing.Terms(ctyunL20, in)
			if best < 0 {
				t.Fatal("no term taken")
			}
			if got := opts[best]; got.Offer.Term != tt.term || !got.Rent.Low.Equal(d(tt.rent)) {
				t.Errorf("took %s at %s a month, want %s at %s (%s)", got.Offer.Term, got.Rent.Low, tt.term, tt.rent, tt.reason)
			}
			for _, o := range opts {
				if o.Rule != tt.ruled[o.Offer.Term] {
					t.Errorf("%s kept out by %q, want %q", o.Offer.Term, o.Rule, tt.ruled[o.Offer.Term])
				}
			}
		})
	}
}

// TestTermsForced: when the rules allow none of a provider's terms (a
// machine sold only by the month, for volatile work) the cheapest is taken
// and its rule stays on it, for the plan's warning.
func TestTermsForced(t *testing.T) {
	node := []pricebook.Offer{{Provider: "jsctyun", Card: "h100-80g-sxm", Unit: pricebook.NodeUnit(8), Term: pricebook.Month, Price: money.Point(d("70000"))}}
	in := billing.Input{Cards: 8, HoursPerDay: d("24"), DaysPerMonth: 30, ProjectMonths: 6, FirstContract: true, Demand: billing.Volatile}
	opts, best := billing.Terms(node, in)
	if best != 0 || opts[0].Rule != "B2" || !opts[0].Rent.Low.Equal(d("70000")) {
		t.Errorf("got %+v at %d, want the month kept by B2 at 70,000", opts, best)
	}
}

// TestSummary: a provider's own hour and month, and its published year
// discount, for Recommend's break-even.
func TestSummary(t *testing.T) {
	h, m, disc := billing.Summary(ctyunL20)
	if !eq(h, "15.72") || !eq(m, "7545") || !disc.Round(4).Equal(d("0.15")) {
		t.Errorf("hour %v, month %v, discount %s; want 15.72, 7545, 0.15", h, m, disc)
	}
}
