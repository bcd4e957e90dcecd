package ops_test

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal  { return decimal.RequireFromString(s) }
func p(s string) *decimal.Decimal { v := d(s); return &v }

func lines(kv ...string) []ops.Line {
	var ls []ops.Line
	for i := 0; i+1 < len(kv); i += 2 {
		ls = append(ls, ops.Line{Item: kv[i], Amount: d(kv[i+1])})
	}
	return ls
}

// o4 is docs/rules.md O4's cautionary case: 8 × RTX 4090 planned at 1,200 a
// card, three months in at 45% utilisation with the network 30% over its
// 1,000 budget.
func o4() ops.Input {
	in := ops.Input{Budgets: []ops.Budget{{Lines: lines("gpu_rent", "9600", "egress", "1000", "storage", "500")}}}
	for _, m := range []string{"2026-09", "2026-07", "2026-08"} {
		in.Months = append(in.Months, ops.Month{Month: m, Cards: 8, UtilisationPct: d("45"),
			Lines: lines("gpu_rent", "9600", "egress", "1300", "storage", "500"), VendorScore: p("3.5")})
	}
	return in
}

func review(t *testing.T, in ops.Input) ops.Result {
	t.Helper()
	r, err := ops.Review(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func hasFlag(fs []finding.Flag, rule, text string) bool {
	for _, f := range fs {
		if f.Rule == rule && strings.Contains(f.In(msg.En), text) {
			return true
		}
	}
	return false
}

func TestO4(t *testing.T) {
	r := review(t, o4())
	if len(r.Months) != 3 || r.Months[0].Month != "2026-07" {
		t.Fatalf("months %+v", r.Months)
	}
	m := r.Months[0]
	// O2: egress 1,300 against 1,000 is 30% over; the total only 2.70%.
	if !hasFlag(m.Flags, "O2", "egress: ¥1,300 against a budget of ¥1,000, 30% over") {
		t.Errorf("flags %+v", m.Flags)
	}
	if hasFlag(m.Flags, "O2", "total") || !m.Total.VariancePct.Equal(d("2.7027027027027027")) {
		t.Errorf("total %+v %s", m.Total, m.Total.VariancePct)
	}
	// O1: 45% is under 60%.
	if !hasFlag(m.Flags, "O1", "Utilisation 45% is under 60%") {
		t.Errorf("flags %+v", m.Flags)
	}
	// cost ÷ (cards × hours × utilisation): 11,400 ÷ (8 × 730 h × 45%) = 11,400 ÷ 2,628.
	if !m.UsefulHourCost.Equal(d("4.3378995433789954")) {
		t.Errorf("useful hour cost %s", m.UsefulHourCost)
	}
	// O1 right-sizing: ⌈8 × 45 ÷ 75⌉ = 5 cards, saving 3 × 1,200; busy
	// 10.8 h a day, so monthly billing stays.
	if len(r.RightSizing) != 1 {
		t.Fatalf("right-sizing %+v", r.RightSizing)
	}
	rs := r.RightSizing[0]
	if rs.Suggested != 5 || !rs.Saving.Equal(d("3600")) || rs.Hourly || !rs.BusyHoursPerDay.Equal(d("10.8")) || rs.Month != "2026-09" {
		t.Errorf("right-sizing %+v", rs)
	}
	// O3: one quarter, red on utilisation, amber on cost (the network line).
	if len(r.Quarters) != 1 {
		t.Fatalf("quarters %+v", r.Quarters)
	}
	q := r.Quarters[0]
	if q.Quarter != "2026-Q3" || q.Months != 3 || !q.UtilisationPct.Equal(d("45")) || !q.UsefulHourCost.Equal(d("4.3378995433789954")) {
		t.Errorf("quarter %+v", q)
	}
	if q.Grades != (ops.Grades{Utilisation: finding.Red, Cost: finding.Amber, Vendor: finding.Amber}) {
		t.Errorf("grades %+v", q.Grades)
	}
	if len(q.Over) != 1 || q.Over[0].Item != "egress" || !q.Over[0].VariancePct.Equal(d("30")) {
		t.Errorf("over %+v", q.Over)
	}
}

// Rule O1 needs two months under 60% in a row; hourly billing is suggested
// under 10 busy hours a day (rule B1).
func TestRightSizing(t *testing.T) {
	in := o4()
	in.Months[1].UtilisationPct = d("70") // 2026-07 is fine, 08 and 09 are not
	if r := review(t, in); len(r.RightSizing) != 1 {
		t.Errorf("right-sizing %+v", r.RightSizing)
	}
	in.Months[2].UtilisationPct = d("60") // 2026-08 exactly 60: not under
	if r := review(t, in); len(r.RightSizing) != 0 {
		t.Errorf("right-sizing %+v with 60%%", r.RightSizing)
	}
	in = o4()
	for i := range in.Months {
		in.Months[i].UtilisationPct = d("30")
	}
	rs := review(t, in).RightSizing[0]
	// ⌈8 × 30 ÷ 75⌉ = ⌈3.2⌉ = 4 cards; 7.2 busy hours a day.
	if rs.Suggested != 4 || !rs.Hourly || !strings.Contains(rs.In(msg.En), "pay by the hour") {
		t.Errorf("right-sizing %+v", rs)
	}
	in.TargetUtilisationPct = p("90")
	if rs := review(t, in).RightSizing[0]; rs.Suggested != 3 { // ⌈2.67⌉
		t.Errorf("target 90%%: %d cards", rs.Suggested)
	}
	for i := range in.Months {
		in.Months[i].UtilisationPct = d("0")
	}
	if rs := review(t, in).RightSizing[0]; rs.Suggested != 1 {
		t.Errorf("idle cards: %d suggested, want at least 1", rs.Suggested)
	}
}

func TestUsefulHourCost(t *testing.T) {
	// E10's shape (computetape): 10,000 over 6,132 busy hours (8760 × 70%).
	if got := ops.UsefulHourCost(d("10000"), 1, d("8760"), d("70")); !got.Round(4).Equal(d("1.6308")) {
		t.Errorf("E10 = %s, want 1.6308", got)
	}
	if got := ops.UsefulHourCost(d("10000"), 1, d("730"), d("0")); got != nil {
		t.Errorf("0%% utilisation = %s, want nil", got)
	}
}

// Two vendors, two quarters, billed hours, spend without a budget line.
func TestQuartersAndVendors(t *testing.T) {
	in := ops.Input{
		Budgets: []ops.Budget{
			{Vendor: "A", Lines: lines("gpu_rent", "10000")},
			{Vendor: "B", Lines: lines("gpu_rent", "5000")},
		},
		Months: []ops.Month{
			{Month: "2026-06", Vendor: "A", Cards: 4, UtilisationPct: d("80"), Lines: lines("gpu_rent", "10000"), VendorScore: p("4.5")},
			{Month: "2026-07", Vendor: "A", Cards: 4, UtilisationPct: d("70"), Lines: lines("gpu_rent", "10000", "other", "300"), VendorScore: p("2")},
			{Month: "2026-07", Vendor: "B", Cards: 2, Hours: p("365"), UtilisationPct: d("50"), Lines: lines("gpu_rent", "5600")},
		},
	}
	r := review(t, in)
	if len(r.Quarters) != 3 {
		t.Fatalf("quarters %+v", r.Quarters)
	}
	if q := r.Quarters[0]; q.Quarter != "2026-Q2" || q.Vendor != "A" || q.Grades != (ops.Grades{finding.Green, finding.Green, finding.Green}) {
		t.Errorf("Q2 A %+v", q)
	}
	if q := r.Quarters[1]; q.Quarter != "2026-Q3" || q.Vendor != "A" || q.Grades.Vendor != finding.Red || q.Grades.Cost != finding.Amber {
		t.Errorf("Q3 A %+v", q) // total 3% over, but "other" 300 has no budget
	}
	m := r.Months[2]
	if m.Vendor != "B" || !hasFlag(m.Flags, "O2", "12% over") || !m.UsefulHourCost.Equal(d("15.3424657534246575")) {
		t.Errorf("B %+v, %s", m, m.UsefulHourCost) // 5,600 ÷ (2 × 365 × 50%)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*ops.Input)
	}{
		{"budgets", func(in *ops.Input) { in.Budgets = nil }},
		{"budgets[1].vendor", func(in *ops.Input) { in.Budgets = append(in.Budgets, in.Budgets[0]) }},
		{"budgets[0].lines[0].item", func(in *ops.Input) { in.Budgets[0].Lines[0].Item = "gpu" }},
		{"budgets[0].lines[1].item", func(in *ops.Input) { in.Budgets[0].Lines[1].Item = "gpu_rent" }},
		{"months", func(in *ops.Input) { in.Months = nil }},
		{"months[0].month", func(in *ops.Input) { in.Months[0].Month = "2026-13" }},
		{"months[0].month", func(in *ops.Input) { in.Months[0].Month = "2026-9" }},
		{"months[1].month", func(in *ops.Input) { in.Months[1].Month = in.Months[0].Month }},
		{"months[0].vendor", func(in *ops.Input) { in.Months[0].Vendor = "nobody" }},
		{"months[0].cards", func(in *ops.Input) { in.Months[0].Cards = 0 }},
		{"months[0].hours", func(in *ops.Input) { in.Months[0].Hours = p("745") }},
		{"months[0].utilisation_pct", func(in *ops.Input) { in.Months[0].UtilisationPct = d("100.5") }},
		{"months[0].vendor_score", func(in *ops.Input) { in.Months[0].VendorScore = p("0") }},
		{"months[0].lines[0].amount", func(in *ops.Input) { in.Months[0].Lines[0].Amount = d("-1") }},
		{"target_utilisation_pct", func(in *ops.Input) { in.TargetUtilisationPct = p("60") }},
		{"alert_pct", func(in *ops.Input) { in.AlertPct = p("-1") }},
	}
	for _, tt := range tests {
		in := o4()
		tt.edit(&in)
		err := in.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tt.field+" = ") {
			t.Errorf("want an error naming %s, got %v", tt.field, err)
		}
	}
}
