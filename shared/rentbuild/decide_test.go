package rentbuild_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/billing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
)

// e11 is an 8 × H100 node at 2,700,000 (a 2024 grey-market price) with
// a running cost of exactly 15,000 a month (electricity 6,132 kWh × 0.6 =
// 3,679.20 + colocation 3,320.80 + staff 8,000), against 55,000 rent.
func e11() rentbuild.Input {
	return rentbuild.Input{
		Build: rentbuild.SelfBuild{
			Capex: d("2700000"), ResidualFraction: d("0.05"), DepreciationMonths: 60,
			Cards: 8, TDPWatts: 700, PUE: d("1.5"), PowerHoursPerMonth: d("730"), PricePerKWh: d("0.6"),
			ColocationMonthly: d("3320.8"), StaffMonthly: d("8000"),
		},
		RentMonthly: d("55000"),
		Usage: rentbuild.Usage{
			HoursPerDay: d("24"), ProjectMonths: 60, OpsTeam: true,
			Demand: billing.Steady, Data: rentbuild.Commercial,
		},
	}
}

func TestDecideE11(t *testing.T) {
	r, err := rentbuild.Decide(e11())
	if err != nil {
		t.Fatal(err)
	}
	if !r.Electricity.Equal(d("3679.2")) || !r.RunningCost.Equal(d("15000")) {
		t.Fatalf("electricity %s running %s, want 3,679.20 and 15,000", r.Electricity, r.RunningCost)
	}
	// E11: 2,700,000 ÷ (55,000 − 15,000) = 67.5 months, beyond the 60-month
	// life → rent, although every D1 row but data points to building.
	if r.BreakEvenMonths == nil || !r.BreakEvenMonths.Equal(d("67.5")) {
		t.Fatalf("break-even %v, want 67.5", r.BreakEvenMonths)
	}
	if r.BreakEvenMonth == nil || *r.BreakEvenMonth != 68 {
		t.Fatalf("break-even month %v, want 68", r.BreakEvenMonth)
	}
	if r.Decision != rentbuild.Rent {
		t.Fatalf("decision %s, want rent; reasons %q", r.Decision, r.Reasons)
	}
	if got := r.Reasons[0].String(); !strings.Contains(got, "67.5 months") || !strings.Contains(got, "beyond the 60-month depreciation life") {
		t.Errorf("reason %q", got)
	}
	if got := r.Reasons[0].In(msg.Zh); !strings.Contains(got, "自建 67.5 个月后回本") || !strings.Contains(got, "超出了 60 个月的折旧期") {
		t.Errorf("zh reason %q", got)
	}
	// Depreciation 2,700,000 × 0.95 ÷ 60 = 42,750; self-build 57,750 a month.
	if !r.Depreciation.Equal(d("42750")) || !r.SelfBuildMonthly.Equal(d("57750")) {
		t.Errorf("depreciation %s self-build %s", r.Depreciation, r.SelfBuildMonthly)
	}
	if len(r.Series) != rentbuild.DefaultSeriesMonths+1 {
		t.Errorf("series has %d points, want %d", len(r.Series), rentbuild.DefaultSeriesMonths+1)
	}
}

// TestSeriesCrossesAtBreakEvenMonth checks that the chart and the break-even
// months agree:
// cumulative build drops to or below cumulative rent first at month 68.
func TestSeriesCrossesAtBreakEvenMonth(t *testing.T) {
	in := e11()
	in.SeriesMonths = 72
	r, err := rentbuild.Decide(in)
	if err != nil {
		t.Fatal(err)
	}
	first := -1
	for _, p := range r.Series {
		if p.Build.LessThanOrEqual(p.Rent) {
			first = p.Month
			break
		}
	}
	if first != 68 || *r.BreakEvenMonth != first {
		t.Fatalf("series crosses at %d, break-even month %d; want both 68", first, *r.BreakEvenMonth)
	}
	p0 := r.Series[0]
	if !p0.Rent.IsZero() || !p0.Build.Equal(d("2700000")) || !p0.Hybrid.Equal(d("1080000")) {
		t.Errorf("month 0 = %+v, want rent 0, build = capex, hybrid = 40%% of capex", p0)
	}
	// Month 1: hybrid = 1,080,000 + 0.4 × 15,000 + 0.6 × 55,000.
	if got := r.Series[1].Hybrid; !got.Equal(d("1119000")) {
		t.Errorf("hybrid month 1 = %s, want 1,119,000", got)
	}
}

func TestDecideNever(t *testing.T) {
	in := e11()
	in.RentMonthly = d("15000") // equal to the running cost
	r, err := rentbuild.Decide(in)
	if err != nil {
		t.Fatal(err)
	}
	if r.BreakEvenMonths != nil || r.BreakEvenMonth != nil || r.Decision != rentbuild.Rent {
		t.Fatalf("break-even %v month %v decision %s, want never and rent", r.BreakEvenMonths, r.BreakEvenMonth, r.Decision)
	}
	if got := r.Reasons[0].String(); !strings.Contains(got, "never breaks even") {
		t.Errorf("reason %q", got)
	}
}

func TestDecide(t *testing.T) {
	tests := []struct {
		name string
		edit func(*rentbuild.Input)
		want rentbuild.Decision
		has  string
	}{
		{"E11 as given", func(*rentbuild.Input) {}, rentbuild.Rent, "does not pay for itself"},
		// 2,700,000 ÷ (120,000 − 15,000) = 25.7 months, inside 60.
		{"pays off, every row builds", func(in *rentbuild.Input) { in.RentMonthly = d("120000") },
			rentbuild.Build, "every D1 row"},
		{"pays off, volatile demand", func(in *rentbuild.Input) {
			in.RentMonthly = d("120000")
			in.Usage.Demand = billing.Volatile
		}, rentbuild.Hybrid, "steady base"},
		{"pays off, but the project ends first", func(in *rentbuild.Input) {
			in.RentMonthly = d("120000")
			in.Usage.ProjectMonths = 24
		}, rentbuild.Rent, "beyond the 24-month project"},
		{"no ops team", func(in *rentbuild.Input) {
			in.RentMonthly = d("120000")
			in.Usage.OpsTeam = false
		}, rentbuild.Rent, "no team dedicated"},
		{"classified data, no team", func(in *rentbuild.Input) {
			in.Usage.Data = rentbuild.Classified
			in.Usage.OpsTeam = false
		}, rentbuild.Hybrid, "no GPU operations team yet"},
		{"classified data, costs favour renting", func(in *rentbuild.Input) {
			in.Usage.Data = rentbuild.Classified
		}, rentbuild.Hybrid, "hardware you control"},
		{"classified data, everything builds", func(in *rentbuild.Input) {
			in.Usage.Data = rentbuild.Classified
			in.RentMonthly = d("120000")
		}, rentbuild.Build, "Classified data, a dedicated team"},
		{"short tax life noted", func(in *rentbuild.Input) { in.Build.DepreciationMonths = 24 },
			rentbuild.Rent, "36 months"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := e11()
			tt.edit(&in)
			r, err := rentbuild.Decide(in)
			if err != nil {
				t.Fatal(err)
			}
			if r.Decision != tt.want {
				t.Errorf("decision %s, want %s; reasons %q", r.Decision, tt.want, r.Reasons)
			}
			if en := strings.Join(msg.Strings(msg.En, r.Reasons), " "); !strings.Contains(en, tt.has) {
				t.Errorf("reasons %q lack %q", en, tt.has)
			}
			for _, m := range append(r.Reasons, r.Hybrid.Note) {
				if err := msg.Check(m); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

func TestD1Rows(t *testing.T) {
	tests := []struct {
		name  string
		usage rentbuild.Usage
		want  [5]rentbuild.Side // daily_use, project_length, operations_team, demand, data
	}{
		{"light, short, elastic", rentbuild.Usage{HoursPerDay: d("8"), ProjectMonths: 3, Demand: billing.Volatile, Data: rentbuild.Commercial},
			[5]rentbuild.Side{"rent", "rent", "rent", "rent", "rent"}},
		{"heavy, long, steady, team, classified", rentbuild.Usage{HoursPerDay: d("22"), ProjectMonths: 24, OpsTeam: true, Demand: billing.Steady, Data: rentbuild.Classified},
			[5]rentbuild.Side{"build", "build", "build", "build", "build"}},
		// Over 20 h but not sustained over 18 months; a 6–18-month project
		// sits between D1's columns.
		{"heavy but 12 months", rentbuild.Usage{HoursPerDay: d("22"), ProjectMonths: 12, Demand: billing.Steady, Data: rentbuild.Commercial},
			[5]rentbuild.Side{"neutral", "neutral", "rent", "build", "rent"}},
		{"exactly 20 h, 18 months", rentbuild.Usage{HoursPerDay: d("20"), ProjectMonths: 18, Demand: billing.Steady, Data: rentbuild.Commercial},
			[5]rentbuild.Side{"neutral", "neutral", "rent", "build", "rent"}},
		{"steady but light", rentbuild.Usage{HoursPerDay: d("6"), ProjectMonths: 6, Demand: billing.Steady, Data: rentbuild.Commercial},
			[5]rentbuild.Side{"rent", "neutral", "rent", "neutral", "rent"}},
	}
	dims := []string{"daily_use", "project_length", "operations_team", "demand", "data"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := e11()
			in.Usage = tt.usage
			r, err := rentbuild.Decide(in)
			if err != nil {
				t.Fatal(err)
			}
			for i, row := range r.D1 {
				if row.Dimension != dims[i] || row.Points != tt.want[i] || row.Rule != "D1" || msg.Check(row.Input) != nil {
					t.Errorf("row %d = %+v, want %s → %s", i, row, dims[i], tt.want[i])
				}
			}
		})
	}
}

func TestHybridNote(t *testing.T) {
	in := e11() // rent 55,000 < self-build 57,750
	r, err := rentbuild.Decide(in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Hybrid.Note.String(), "not a cost one") || !r.Hybrid.AllRentSavingVsBuild.GreaterThan(r.Hybrid.SavingVsBuild) {
		t.Errorf("rent < self: note %q, savings %s vs %s", r.Hybrid.Note, r.Hybrid.AllRentSavingVsBuild, r.Hybrid.SavingVsBuild)
	}
	// Hybrid = 0.4 × 57,750 + 0.6 × 55,000 = 56,100.
	if !r.Hybrid.Monthly.Equal(d("56100")) {
		t.Errorf("hybrid monthly %s, want 56,100", r.Hybrid.Monthly)
	}
	in.RentMonthly = d("120000")
	r, _ = rentbuild.Decide(in)
	if !strings.Contains(r.Hybrid.Note.String(), "building everything is cheapest") || !r.Hybrid.SavingVsBuild.IsNegative() {
		t.Errorf("rent > self: note %q, saving %s", r.Hybrid.Note, r.Hybrid.SavingVsBuild)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*rentbuild.Input)
	}{
		{"build.capex", func(in *rentbuild.Input) { in.Build.Capex = d("0") }},
		{"build.residual_fraction", func(in *rentbuild.Input) { in.Build.ResidualFraction = d("1") }},
		{"build.depreciation_months", func(in *rentbuild.Input) { in.Build.DepreciationMonths = 0 }},
		{"build.cards", func(in *rentbuild.Input) { in.Build.Cards = 0 }},
		{"build.tdp_watts", func(in *rentbuild.Input) { in.Build.TDPWatts = 0 }},
		{"build.pue", func(in *rentbuild.Input) { in.Build.PUE = d("0.9") }},
		{"build.power_hours_per_month", func(in *rentbuild.Input) { in.Build.PowerHoursPerMonth = d("745") }},
		{"build.price_per_kwh", func(in *rentbuild.Input) { in.Build.PricePerKWh = d("-0.1") }},
		{"build.colocation_monthly", func(in *rentbuild.Input) { in.Build.ColocationMonthly = d("-1") }},
		{"build.staff_monthly", func(in *rentbuild.Input) { in.Build.StaffMonthly = d("-1") }},
		{"rent_monthly", func(in *rentbuild.Input) { in.RentMonthly = d("-1") }},
		{"usage.hours_per_day", func(in *rentbuild.Input) { in.Usage.HoursPerDay = d("0") }},
		{"usage.project_months", func(in *rentbuild.Input) { in.Usage.ProjectMonths = 0 }},
		{"usage.demand", func(in *rentbuild.Input) { in.Usage.Demand = "" }},
		{"usage.data", func(in *rentbuild.Input) { in.Usage.Data = "secret" }},
		{"series_months", func(in *rentbuild.Input) { in.SeriesMonths = 241 }},
	}
	for _, tt := range tests {
		in := e11()
		tt.edit(&in)
		_, err := rentbuild.Decide(in)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("error %v, want a FieldError on %s", err, tt.field)
		}
	}
}

func TestResultJSON(t *testing.T) {
	in := e11()
	in.RentMonthly = d("10000")
	r, err := rentbuild.Decide(in)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"decision":"rent"`, `"break_even_months":null`, `"break_even_month":null`,
		`"running_cost":"15000"`, `{"month":1,"rent":"10000","build":"2715000","hybrid":"1092000"}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s", want)
		}
	}
}

func BenchmarkDecide(b *testing.B) {
	in := e11()
	in.SeriesMonths = 60
	for b.Loop() {
		if _, err := rentbuild.Decide(in); err != nil {
			b.Fatal(err)
		}
	}
}
