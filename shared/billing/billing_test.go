package billing_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal           { return decimal.RequireFromString(s) }
func p(s string) *decimal.Decimal          { v := d(s); return &v }
func eq(x *decimal.Decimal, s string) bool { return x != nil && x.Equal(d(s)) }

// base is one RTX 4090, steady, six months, with prices whose break-even is
// exactly rule B1's 10 hours a day: 1,500 a month = 300 × 5 an hour.
func base() billing.Input {
	return billing.Input{
		HourlyPrice:   p("5"),
		MonthlyPrice:  p("1500"),
		Cards:         1,
		HoursPerDay:   d("12"),
		DaysPerMonth:  30,
		ProjectMonths: 6,
		Demand:        billing.Steady,
	}
}

func TestAnnualPerMonth(t *testing.T) {
	// E4, Alibaba Cloud's price API sample (help.aliyun.com 343410):
	// 4,368 at 15% off = 3,712.80, a discount of 655.20 a month.
	got := billing.AnnualPerMonth(d("4368"), d("0.15"))
	if !got.Equal(d("3712.8")) {
		t.Fatalf("E4: got %s, want 3712.80", got)
	}
	if off := d("4368").Sub(got); !off.Equal(d("655.2")) {
		t.Fatalf("E4 discount: got %s, want 655.20", off)
	}
	if got := billing.AnnualPerMonth(d("1500"), decimal.Zero); !got.Equal(d("1500")) {
		t.Fatalf("no discount: got %s, want 1500", got)
	}
}

func TestRecommend(t *testing.T) {
	tests := []struct {
		name      string
		edit      func(*billing.Input)
		mode      billing.Mode
		perDay    string // break-even hours a day; "" = nil
		ruleOfTh  billing.Mode
		agrees    string // "true", "false", "" = nil
		costs     [3]string
		rules     []string
		reasonHas string
	}{
		{
			// Break-even M ÷ h: M = 300h makes the break-even exactly B1's 10 h/day.
			name: "B1 and F2 agree above 10 h/day", edit: func(*billing.Input) {},
			mode: billing.Monthly, perDay: "10", ruleOfTh: billing.Monthly, agrees: "true",
			costs: [3]string{"1800", "1500", "1500"}, rules: []string{"B1", "B2"},
			reasonHas: "rule of thumb (B1) agrees",
		},
		{
			name: "tie at the break-even goes hourly", edit: func(in *billing.Input) { in.HoursPerDay = d("10") },
			mode: billing.Hourly, perDay: "10", ruleOfTh: billing.Hourly, agrees: "true",
			costs: [3]string{"1500", "1500", "1500"}, rules: []string{"B1"},
		},
		{
			// 2.5 an hour, 1,500 a month: break-even 600 h = 20 h/day, so at
			// 12 h/day hourly is cheaper although B1 says monthly.
			name: "cheap hourly price overrides B1",
			edit: func(in *billing.Input) { in.HourlyPrice = p("2.5"); in.Cards = 8 },
			mode: billing.Hourly, perDay: "20", ruleOfTh: billing.Monthly, agrees: "false",
			costs: [3]string{"7200", "12000", "12000"}, rules: []string{"B1"},
			reasonHas: "would say otherwise",
		},
		{
			// 9 an hour, 1,500 a month: break-even 5.56 h/day; at 8 h/day
			// monthly wins although B1 says hourly.
			name: "dear hourly price overrides B1",
			edit: func(in *billing.Input) { in.HourlyPrice = p("9"); in.HoursPerDay = d("8") },
			mode: billing.Monthly, perDay: "5.5555555555555556", ruleOfTh: billing.Hourly, agrees: "false",
			costs: [3]string{"2160", "1500", "1500"}, rules: []string{"B1", "B2"},
		},
		{
			// E4's prices: steady 24-month service, known vendor.
			name: "long steady project with a discount: annual (B2)",
			edit: func(in *billing.Input) {
				in.HourlyPrice, in.MonthlyPrice, in.AnnualDiscount = p("12"), p("4368"), d("0.15")
				in.HoursPerDay, in.ProjectMonths = d("24"), 24
			},
			mode: billing.Annual, perDay: "12.1333333333333333", ruleOfTh: billing.Monthly, agrees: "true",
			costs: [3]string{"8640", "4368", "3712.8"}, rules: []string{"B1", "B2"},
			reasonHas: "costs ¥3,713 a month instead of ¥4,368",
		},
		{
			// 30% off makes annual 1,050, which pays off above 7 h/day:
			// at 8.5 h/day hourly beats monthly but not annual.
			name: "annual beats hourly where monthly does not",
			edit: func(in *billing.Input) {
				in.AnnualDiscount, in.HoursPerDay, in.ProjectMonths = d("0.3"), d("8.5"), 12
			},
			mode: billing.Annual, perDay: "10", ruleOfTh: billing.Hourly, agrees: "true",
			costs: [3]string{"1275", "1500", "1050"}, rules: []string{"B1", "B2"},
			reasonHas: "annual contract (¥1,050 a card-month) pays off above 7 hours a day",
		},
		{
			name: "first contract never annual (B3)",
			edit: func(in *billing.Input) {
				in.HourlyPrice, in.MonthlyPrice, in.AnnualDiscount = p("12"), p("4368"), d("0.15")
				in.HoursPerDay, in.ProjectMonths, in.FirstContract = d("24"), 24, true
			},
			mode: billing.Monthly, perDay: "12.1333333333333333", ruleOfTh: billing.Monthly, agrees: "true",
			costs: [3]string{"8640", "4368", "3712.8"}, rules: []string{"B1", "B2", "B3"},
			reasonHas: "would save ¥655 a month",
		},
		{
			name: "long project without a discount stays monthly",
			edit: func(in *billing.Input) { in.ProjectMonths = 36 },
			mode: billing.Monthly, perDay: "10", ruleOfTh: billing.Monthly, agrees: "true",
			costs: [3]string{"1800", "1500", "1500"}, rules: []string{"B1", "B2"},
			reasonHas: "no annual discount was given",
		},
		{
			name: "discount but the project ends first",
			edit: func(in *billing.Input) { in.AnnualDiscount = d("0.2"); in.ProjectMonths = 11 },
			mode: billing.Monthly, perDay: "10", ruleOfTh: billing.Monthly, agrees: "true",
			costs: [3]string{"1800", "1500", "1200"}, rules: []string{"B1", "B2"},
			reasonHas: "would outlast the project",
		},
		{
			name: "volatile demand stays hourly (B2)",
			edit: func(in *billing.Input) { in.Demand = billing.Volatile; in.HoursPerDay = d("20") },
			mode: billing.Hourly, perDay: "10", ruleOfTh: billing.Monthly, agrees: "true",
			costs: [3]string{"3000", "1500", "1500"}, rules: []string{"B1", "B2"},
			reasonHas: "monthly billing would be ¥1,500 a month cheaper",
		},
		{
			name: "no hourly price: B1 decides, over 10 h",
			edit: func(in *billing.Input) { in.HourlyPrice = nil },
			mode: billing.Monthly, ruleOfTh: billing.Monthly,
			costs: [3]string{"", "1500", "1500"}, rules: []string{"B1", "B2"},
			reasonHas: "Without the hourly price",
		},
		{
			name: "no prices: B1 decides, under 10 h",
			edit: func(in *billing.Input) { in.HourlyPrice, in.MonthlyPrice, in.HoursPerDay = nil, nil, d("6") },
			mode: billing.Hourly, ruleOfTh: billing.Hourly,
			costs: [3]string{"", "", ""}, rules: []string{"B1"},
			reasonHas: "Without the hourly and monthly price",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base()
			tt.edit(&in)
			r, err := billing.Recommend(in)
			if err != nil {
				t.Fatal(err)
			}
			if r.Mode != tt.mode {
				t.Errorf("Mode = %s, want %s; reasons %q", r.Mode, tt.mode, r.Reasons)
			}
			if tt.perDay == "" {
				if r.BreakevenHoursPerDay != nil || r.BreakevenHoursPerMonth != nil {
					t.Errorf("break-even = %v, want nil", r.BreakevenHoursPerDay)
				}
			} else if !eq(r.BreakevenHoursPerDay, tt.perDay) {
				t.Errorf("BreakevenHoursPerDay = %v, want %s", r.BreakevenHoursPerDay, tt.perDay)
			}
			if r.RuleOfThumbMode != tt.ruleOfTh {
				t.Errorf("RuleOfThumbMode = %s, want %s", r.RuleOfThumbMode, tt.ruleOfTh)
			}
			gotAgrees := ""
			if r.RuleAgrees != nil {
				gotAgrees = map[bool]string{true: "true", false: "false"}[*r.RuleAgrees]
			}
			if gotAgrees != tt.agrees {
				t.Errorf("RuleAgrees = %q, want %q", gotAgrees, tt.agrees)
			}
			for i, c := range []*decimal.Decimal{r.Costs.Hourly, r.Costs.Monthly, r.Costs.Annual} {
				if (tt.costs[i] == "") != (c == nil) || (c != nil && !c.Equal(d(tt.costs[i]))) {
					t.Errorf("cost %d = %v, want %q", i, c, tt.costs[i])
				}
			}
			if !slices.Equal(r.Rules, tt.rules) {
				t.Errorf("Rules = %v, want %v", r.Rules, tt.rules)
			}
			en := strings.Join(msg.Strings(msg.En, r.Reasons), "\n")
			if !strings.Contains(en, tt.reasonHas) {
				t.Errorf("Reasons %q lack %q", en, tt.reasonHas)
			}
			for _, m := range r.Reasons {
				if err := msg.Check(m); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

func TestReasonKeepsPricePrecision(t *testing.T) {
	// infracost#2800's price has six places; the reason must not show 0.83.
	in := base()
	in.HourlyPrice = p("0.834988")
	r, err := billing.Recommend(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Reasons[0].String(); !strings.Contains(got, "÷ ¥0.834988 an hour") {
		t.Errorf("reason %q lacks the full price", got)
	}
	if got := r.Reasons[0].In(msg.Zh); !strings.Contains(got, "每小时 0.834988元") {
		t.Errorf("zh reason %q lacks the full price", got)
	}
}

func TestBreakevenPerMonth(t *testing.T) {
	// Break-even hours a month = M ÷ h; 4,368 ÷ 12 = 364.
	in := base()
	in.HourlyPrice, in.MonthlyPrice = p("12"), p("4368")
	r, err := billing.Recommend(in)
	if err != nil {
		t.Fatal(err)
	}
	if !eq(r.BreakevenHoursPerMonth, "364") || !r.UsageHoursPerMonth.Equal(d("360")) {
		t.Fatalf("break-even %v, usage %s; want 364 and 360", r.BreakevenHoursPerMonth, r.UsageHoursPerMonth)
	}
}

// TestFirstContractNeverAnnual walks a grid of inputs: whatever the prices,
// hours and length, rule B3 keeps a first contract off the annual mode, and
// the same inputs without B3 do reach it somewhere (so the check can fail).
func TestFirstContractNeverAnnual(t *testing.T) {
	annualSeen := false
	for _, hpd := range []string{"2", "10", "16", "24"} {
		for _, months := range []int{1, 11, 12, 60} {
			for _, disc := range []string{"0", "0.15", "0.55"} {
				for _, demand := range []billing.Demand{billing.Steady, billing.Volatile} {
					for _, hourly := range []*decimal.Decimal{nil, p("3")} {
						for _, first := range []bool{true, false} {
							in := base()
							in.HourlyPrice, in.HoursPerDay, in.ProjectMonths = hourly, d(hpd), months
							in.AnnualDiscount, in.Demand, in.FirstContract = d(disc), demand, first
							r, err := billing.Recommend(in)
							if err != nil {
								t.Fatal(err)
							}
							if r.Mode == billing.Annual && first {
								t.Fatalf("annual for a first contract: %+v", in)
							}
							annualSeen = annualSeen || r.Mode == billing.Annual
						}
					}
				}
			}
		}
	}
	if !annualSeen {
		t.Fatal("the grid never reaches annual, so the check above proves nothing")
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*billing.Input)
	}{
		{"hourly_price", func(in *billing.Input) { in.HourlyPrice = p("0") }},
		{"monthly_price", func(in *billing.Input) { in.MonthlyPrice = p("-1") }},
		{"annual_discount", func(in *billing.Input) { in.AnnualDiscount = d("1") }},
		{"annual_discount", func(in *billing.Input) { in.AnnualDiscount = d("-0.1") }},
		{"cards", func(in *billing.Input) { in.Cards = 0 }},
		{"hours_per_day", func(in *billing.Input) { in.HoursPerDay = d("0") }},
		{"hours_per_day", func(in *billing.Input) { in.HoursPerDay = d("24.5") }},
		{"days_per_month", func(in *billing.Input) { in.DaysPerMonth = 32 }},
		{"project_months", func(in *billing.Input) { in.ProjectMonths = 0 }},
		{"demand", func(in *billing.Input) { in.Demand = "spiky" }},
	}
	for _, tt := range tests {
		in := base()
		tt.edit(&in)
		_, err := billing.Recommend(in)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("error %v, want a FieldError on %s", err, tt.field)
		}
	}
	if err := base().Validate(); err != nil {
		t.Errorf("base input: %v", err)
	}
}

func TestResultJSON(t *testing.T) {
	in := base()
	in.HourlyPrice = nil
	r, err := billing.Recommend(in)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"mode":"monthly"`, `"breakeven_hours_per_day":null`,
		`"rule_agrees":null`, `"monthly":"1500"`, `"usage_hours_per_month":"360"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON %s lacks %s", b, want)
		}
	}
}
