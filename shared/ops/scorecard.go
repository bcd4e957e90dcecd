package ops

import (
	"fmt"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// Quarter is one vendor's quarterly scorecard (rule O3): utilisation, cost
// and the vendor's review mark, each graded.
type Quarter struct {
	// Quarter is written "2026-Q3".
	Quarter string `json:"quarter"`
	Vendor  string `json:"vendor,omitempty"`
	// Months is how many months of the quarter were recorded.
	Months int `json:"months"`
	// UtilisationPct is the mean utilisation weighted by card-hours.
	UtilisationPct decimal.Decimal `json:"utilisation_pct"`
	// Cost is the quarter's total against its budget.
	Cost ItemVariance `json:"cost"`
	// Over lists the items more than the alert over their budget in the
	// quarter, even when the total is not: O4's network overrun.
	Over []ItemVariance `json:"over,omitempty"`
	// UsefulHourCost is the quarter's cost ÷ its busy GPU-hours.
	UsefulHourCost *decimal.Decimal `json:"useful_hour_cost,omitempty"`
	// VendorScore is the mean of the months' review marks; nil when none.
	VendorScore *decimal.Decimal `json:"vendor_score,omitempty"`
	// Grades grade the three: utilisation under 60% is red (O1); cost more
	// than the alert over budget is red (O2); a vendor mark under 3 is red,
	// under 4 amber (an assumption on the 1–5 scale); a missing mark amber.
	// Cost is amber when the total is within the alert but an item is not.
	Grades Grades `json:"grades"`
}

// Grades are a scorecard's three grades.
type Grades struct {
	Utilisation finding.Level `json:"utilisation"`
	Cost        finding.Level `json:"cost"`
	Vendor      finding.Level `json:"vendor"`
}

// quarterOf writes "2026-09" as "2026-Q3".
func quarterOf(month string) string {
	m, _ := strconv.Atoi(month[5:7])
	return fmt.Sprintf("%s-Q%d", month[:4], (m+2)/3)
}

// scorecard builds the quarterly scorecard from the sorted months and
// their reviews.
func scorecard(months []Month, reviews []MonthReview, alert decimal.Decimal) []Quarter {
	var out []Quarter
	index := map[string]int{}
	type acc struct {
		cardHours, busy, scores, marks decimal.Decimal
		items                          map[string]ItemVariance
	}
	accs := map[string]*acc{}
	for i, m := range months {
		key := quarterOf(m.Month) + "\x00" + m.Vendor
		j, ok := index[key]
		if !ok {
			j = len(out)
			index[key] = j
			out = append(out, Quarter{Quarter: quarterOf(m.Month), Vendor: m.Vendor})
			accs[key] = &acc{items: map[string]ItemVariance{}}
		}
		q, a := &out[j], accs[key]
		q.Months++
		q.Cost.Actual = q.Cost.Actual.Add(reviews[i].Total.Actual)
		q.Cost.Budget = q.Cost.Budget.Add(reviews[i].Total.Budget)
		for _, it := range reviews[i].Items {
			sum := a.items[it.Item]
			a.items[it.Item] = ItemVariance{Actual: sum.Actual.Add(it.Actual), Budget: sum.Budget.Add(it.Budget)}
		}
		ch := decimal.NewFromInt(int64(m.Cards)).Mul(m.hours())
		a.cardHours = a.cardHours.Add(ch)
		a.busy = a.busy.Add(ch.Mul(m.UtilisationPct).Shift(-2))
		if m.VendorScore != nil {
			a.scores, a.marks = a.scores.Add(*m.VendorScore), a.marks.Add(decimal.NewFromInt(1))
		}
	}
	for i := range out {
		q, a := &out[i], accs[out[i].Quarter+"\x00"+out[i].Vendor]
		q.UtilisationPct = a.busy.Mul(hundred).DivRound(a.cardHours, money.DivPrecision)
		q.Cost = variance("total", q.Cost.Actual, q.Cost.Budget)
		for _, item := range Items {
			if sum, ok := a.items[item]; ok {
				if v := variance(item, sum.Actual, sum.Budget); over(v, alert) {
					q.Over = append(q.Over, v)
				}
			}
		}
		if a.busy.IsPositive() {
			c := q.Cost.Actual.DivRound(a.busy, money.DivPrecision)
			q.UsefulHourCost = &c
		}
		if a.marks.IsPositive() {
			s := a.scores.DivRound(a.marks, money.DivPrecision)
			q.VendorScore = &s
		}
		q.Grades = grade(*q, alert)
	}
	return out
}

var (
	markRed   = decimal.NewFromInt(3)
	markAmber = decimal.NewFromInt(4)
)

func grade(q Quarter, alert decimal.Decimal) Grades {
	g := Grades{Utilisation: finding.Green, Cost: finding.Green, Vendor: finding.Green}
	if q.UtilisationPct.LessThan(floorPct) {
		g.Utilisation = finding.Red
	}
	switch {
	case over(q.Cost, alert):
		g.Cost = finding.Red
	case len(q.Over) > 0:
		g.Cost = finding.Amber
	}
	switch {
	case q.VendorScore == nil:
		g.Vendor = finding.Amber
	case q.VendorScore.LessThan(markRed):
		g.Vendor = finding.Red
	case q.VendorScore.LessThan(markAmber):
		g.Vendor = finding.Amber
	}
	return g
}
