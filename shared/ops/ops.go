package ops

import (
	"cmp"
	"encoding/json"
	"slices"
	"sort"

	"github.com/gpuplan/gpuplan/shared/costitem"
	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// ItemVariance is one item's actual cost against its budget.
type ItemVariance struct {
	Item     string          `json:"item"`
	Actual   decimal.Decimal `json:"actual"`
	Budget   decimal.Decimal `json:"budget"`
	Variance decimal.Decimal `json:"variance"` // Actual − Budget
	// VariancePct is Variance ÷ Budget × 100; nil when the budget is zero.
	VariancePct *decimal.Decimal `json:"variance_pct,omitempty"`
}

// MonthReview is one month of one vendor against the plan.
type MonthReview struct {
	Month  string `json:"month"`
	Vendor string `json:"vendor,omitempty"`
	// Items are the items of the bill and the budget, in Items order.
	Items []ItemVariance `json:"items"`
	// Total sums the items.
	Total ItemVariance `json:"total"`
	// UtilisationPct is the month's mean utilisation.
	UtilisationPct decimal.Decimal `json:"utilisation_pct"`
	// UsefulHourCost is the cost of a busy GPU-hour: Total.Actual ÷ (cards
	// × hours × utilisation); nil at 0% utilisation.
	UsefulHourCost *decimal.Decimal `json:"useful_hour_cost,omitempty"`
	// Flags are the month's findings.
	Flags []finding.Flag `json:"flags"`
}

// RightSizing is rule O1's suggestion for a vendor whose cards idle.
type RightSizing struct {
	Vendor string `json:"vendor,omitempty"`
	// Month is the latest month the suggestion rests on.
	Month string `json:"month"`
	// Cards is the current count; Suggested the count that would run the
	// same work at the target utilisation.
	Cards     int `json:"cards"`
	Suggested int `json:"suggested"`
	// Saving is the GPU rent the fewer cards save a month.
	Saving decimal.Decimal `json:"saving"`
	// BusyHoursPerDay is utilisation × 24: how long a card is busy a day.
	BusyHoursPerDay decimal.Decimal `json:"busy_hours_per_day"`
	// Hourly is true when cards are busy under 10 hours a day, where
	// hourly billing is cheaper (rule B1).
	Hourly bool `json:"hourly"`
	// Said says it in words; the JSON writes it as "text" (English) and
	// "message", after the figures.
	msg.Said
}

// MarshalJSON writes the suggestion with its English text.
func (r RightSizing) MarshalJSON() ([]byte, error) {
	type plain RightSizing // the figures; a Said has no JSON of its own
	return json.Marshal(struct {
		plain
		msg.SaidJSON
	}{plain(r), r.Said.JSON()})
}

// UnmarshalJSON reads what MarshalJSON writes; a suggestion with only its
// text reads as that text.
func (r *RightSizing) UnmarshalJSON(b []byte) error {
	type plain RightSizing
	var j struct {
		plain
		msg.SaidJSON
	}
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*r = RightSizing(j.plain)
	r.Said = j.SaidJSON.Said()
	return nil
}

// Result is the review of all months.
type Result struct {
	// Months are the monthly reviews by month, then vendor.
	Months []MonthReview `json:"months"`
	// RightSizing lists a suggestion for each vendor whose latest two
	// months ran under 60%.
	RightSizing []RightSizing `json:"right_sizing"`
	// Quarters is the quarterly scorecard (rule O3).
	Quarters []Quarter `json:"quarters"`
}

// Review validates in and reviews every month against the budget, flags
// idle capacity with a right-sizing suggestion, and builds the quarterly
// scorecard (rules O1–O3).
func Review(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	alert := orDefault(in.AlertPct, DefaultAlertPct)
	budgets := map[string][]Line{}
	for _, b := range in.Budgets {
		budgets[b.Vendor] = b.Lines
	}
	months := slices.Clone(in.Months)
	// The sort package, not slices: each element type of a generic sort
	// adds about 12 KB of uncompressed code and data to app.wasm.
	order := func(a, b Month) int { return cmp.Or(cmp.Compare(a.Month, b.Month), cmp.Compare(a.Vendor, b.Vendor)) }
	sort.Slice(months, func(i, j int) bool { return order(months[i], months[j]) < 0 })
	var r Result
	for _, m := range months {
		r.Months = append(r.Months, review(m, budgets[m.Vendor], alert))
	}
	r.RightSizing = rightSizing(months, orDefault(in.TargetUtilisationPct, DefaultTargetPct))
	r.Quarters = scorecard(months, r.Months, alert)
	return r, nil
}

// review compares one month with its budget (rules O1, O2).
func review(m Month, budget []Line, alert decimal.Decimal) MonthReview {
	mr := MonthReview{Month: m.Month, Vendor: m.Vendor, UtilisationPct: m.UtilisationPct}
	actual, planned := amounts(m.Lines), amounts(budget)
	for _, item := range Items {
		a, aok := actual[item]
		b, bok := planned[item]
		if !aok && !bok {
			continue
		}
		v := variance(item, a, b)
		mr.Items = append(mr.Items, v)
		mr.Total.Actual, mr.Total.Budget = mr.Total.Actual.Add(a), mr.Total.Budget.Add(b)
		if over(v, alert) {
			mr.Flags = append(mr.Flags, overFlag(v))
		}
	}
	mr.Total = variance("total", mr.Total.Actual, mr.Total.Budget)
	if over(mr.Total, alert) {
		mr.Flags = append(mr.Flags, overFlag(mr.Total))
	}
	mr.UsefulHourCost = usefulHourCost(mr.Total.Actual, m)
	if m.UtilisationPct.LessThan(floorPct) {
		mr.Flags = append(mr.Flags, finding.New("O1", finding.Amber, "ops.flag.low_util", msg.Text(m.UtilisationPct.String())))
	}
	return mr
}

func amounts(lines []Line) map[string]decimal.Decimal {
	m := map[string]decimal.Decimal{}
	for _, l := range lines {
		m[l.Item] = l.Amount
	}
	return m
}

func variance(item string, actual, budget decimal.Decimal) ItemVariance {
	v := ItemVariance{Item: item, Actual: actual, Budget: budget, Variance: actual.Sub(budget)}
	if budget.IsPositive() {
		p := v.Variance.Mul(hundred).DivRound(budget, money.DivPrecision)
		v.VariancePct = &p
	}
	return v
}

// over reports a line more than alert percent over its budget, or spent
// without a budget.
func over(v ItemVariance, alert decimal.Decimal) bool {
	if v.VariancePct == nil {
		return v.Actual.IsPositive()
	}
	return v.VariancePct.GreaterThan(alert)
}

func overFlag(v ItemVariance) finding.Flag {
	if v.VariancePct == nil {
		return finding.New("O2", finding.Red, "ops.flag.unbudgeted", itemArg(v.Item), msg.Money(v.Actual))
	}
	return finding.New("O2", finding.Red, "ops.flag.over", itemArg(v.Item), msg.Money(v.Actual),
		msg.Money(v.Budget), msg.Text(money.Round2(*v.VariancePct).String()))
}

// itemArg is a bill item: its identifier in English, its name in Chinese.
func itemArg(item string) msg.Arg {
	if !msg.Known("ops.item." + item) {
		return msg.Text(item)
	}
	return msg.Label("ops.item." + item)
}

// UsefulHourCost is cost ÷ (cards × hours × utilisation%/100),
// what one busy GPU-hour costs; nil when nothing was busy.
func UsefulHourCost(cost decimal.Decimal, cards int, hours, utilisationPct decimal.Decimal) *decimal.Decimal {
	busy := decimal.NewFromInt(int64(cards)).Mul(hours).Mul(utilisationPct).Shift(-2)
	if !busy.IsPositive() {
		return nil
	}
	c := cost.DivRound(busy, money.DivPrecision)
	return &c
}

func usefulHourCost(cost decimal.Decimal, m Month) *decimal.Decimal {
	return UsefulHourCost(cost, m.Cards, m.hours(), m.UtilisationPct)
}

// Rule B1's threshold: hourly billing pays under 10 busy hours a day.
var hourlyBelow = decimal.NewFromInt(10)

// rightSizing applies rule O1 to each vendor's latest two months.
func rightSizing(months []Month, target decimal.Decimal) []RightSizing {
	last := map[string][]Month{}
	var vendors []string
	for _, m := range months {
		if _, ok := last[m.Vendor]; !ok {
			vendors = append(vendors, m.Vendor)
		}
		last[m.Vendor] = append(last[m.Vendor], m)
	}
	var out []RightSizing
	for _, v := range vendors {
		ms := last[v]
		if len(ms) < 2 || !ms[len(ms)-1].UtilisationPct.LessThan(floorPct) || !ms[len(ms)-2].UtilisationPct.LessThan(floorPct) {
			continue
		}
		out = append(out, suggest(ms[len(ms)-1], target))
	}
	return out
}

// suggest sizes the cards so the month's busy work runs at the target
// utilisation: ⌈cards × utilisation ÷ target⌉, at least one card.
func suggest(m Month, target decimal.Decimal) RightSizing {
	work := decimal.NewFromInt(int64(m.Cards)).Mul(m.UtilisationPct)
	n := int(work.DivRound(target, money.DivPrecision).Ceil().IntPart())
	n = max(1, min(n, m.Cards))
	rs := RightSizing{Vendor: m.Vendor, Month: m.Month, Cards: m.Cards, Suggested: n,
		BusyHoursPerDay: m.UtilisationPct.Mul(decimal.NewFromInt(24)).Shift(-2)}
	rent := amounts(m.Lines)[costitem.Rent]
	rs.Saving = rent.Mul(decimal.NewFromInt(int64(m.Cards-n))).DivRound(decimal.NewFromInt(int64(m.Cards)), money.DivPrecision)
	rs.Hourly = rs.BusyHoursPerDay.LessThan(hourlyBelow)
	t := msg.New("ops.rightsize", msg.Text(m.UtilisationPct.String()), msg.Date(m.Month), msg.Int(m.Cards), msg.Int(n),
		msg.Text(target.String()), msg.Money(rs.Saving))
	if rs.Hourly {
		t = msg.Seq(t, msg.New("ops.rightsize.hourly", msg.Text(money.Round2(rs.BusyHoursPerDay).String())))
	}
	rs.Said = msg.Say(t)
	return rs
}
