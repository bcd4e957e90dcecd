package rentbuild

import (
	"math"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Decision is the recommendation.
type Decision string

// The decisions.
const (
	Rent   Decision = "rent"
	Build  Decision = "build"
	Hybrid Decision = "hybrid" // own the steady base, rent the peaks (D2)
)

// Side is where one D1 row points.
type Side string

// The D1 sides. Neutral is for inputs between the table's two columns
// (a project of 6 to 18 months, exactly 20 hours a day).
const (
	SideRent    Side = "rent"
	SideBuild   Side = "build"
	SideNeutral Side = "neutral"
)

// Data is the sensitivity of the data the GPUs process.
type Data string

// Data kinds.
const (
	Commercial Data = "commercial"
	Classified Data = "classified" // classified or under extreme compliance rules
)

// Usage holds the D1 table's inputs.
type Usage struct {
	// HoursPerDay is the average daily use, in (0, 24].
	HoursPerDay decimal.Decimal `json:"hours_per_day"`
	// ProjectMonths is how long the capacity is needed, ≥ 1.
	ProjectMonths int `json:"project_months"`
	// OpsTeam is true when a team is dedicated to running GPUs.
	OpsTeam bool `json:"ops_team"`
	// Demand is steady or volatile (billing owns the concept, rule B2).
	Demand billing.Demand `json:"demand"`
	// Data is commercial or classified.
	Data Data `json:"data"`
}

// Input compares renting and building the same capacity.
type Input struct {
	// Build is the self-build side.
	Build SelfBuild `json:"build"`
	// RentMonthly is the all-in monthly rent for the same capacity (the
	// tco package's monthly total), ≥ 0.
	RentMonthly decimal.Decimal `json:"rent_monthly"`
	// Usage holds the D1 inputs.
	Usage Usage `json:"usage"`
	// SeriesMonths is the length of the cumulative cost series, in
	// [0, 240]; 0 means DefaultSeriesMonths.
	SeriesMonths int `json:"series_months"`
	// NoSeries skips the cumulative series (the plan file does not carry
	// it; only the charts need it).
	NoSeries bool `json:"no_series,omitempty"`
}

// DefaultSeriesMonths is the series length when none is given: the 36-month
// minimum depreciation life for electronic equipment in China's Enterprise
// Income Tax implementing regulations (Article 60).
const DefaultSeriesMonths = 36

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	if err := in.Build.Validate(); err != nil {
		return err
	}
	u := in.Usage
	switch {
	case in.RentMonthly.IsNegative():
		return decErr("rent_monthly", in.RentMonthly, msg.New("want.ge", msg.Label("want.noun.amount"), msg.Text("0")))
	case !u.HoursPerDay.IsPositive() || u.HoursPerDay.GreaterThan(decimal.NewFromInt(24)):
		return decErr("usage.hours_per_day", u.HoursPerDay, msg.New("want.in", msg.Label("want.noun.number"), msg.Text("(0, 24]")))
	case u.ProjectMonths < 1:
		return intErr("usage.project_months", u.ProjectMonths, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	case u.Demand != billing.Steady && u.Demand != billing.Volatile:
		return &fielderr.Error{Field: "usage.demand", Value: string(u.Demand), Want: msg.New("want.or", msg.Text(`"steady"`), msg.Text(`"volatile"`))}
	case u.Data != Commercial && u.Data != Classified:
		return &fielderr.Error{Field: "usage.data", Value: string(u.Data), Want: msg.New("want.or", msg.Text(`"commercial"`), msg.Text(`"classified"`))}
	case in.SeriesMonths < 0 || in.SeriesMonths > 240:
		return intErr("series_months", in.SeriesMonths, msg.New("want.in", msg.Label("want.noun.whole_number"), msg.Text("[0, 240]")))
	}
	return nil
}

// Row is one D1 row evaluated on the user's input.
type Row struct {
	// Dimension is "daily_use", "project_length", "operations_team",
	// "demand" or "data".
	Dimension string `json:"dimension"`
	// Input is the user's value, as a message for display.
	Input msg.M `json:"input"`
	// Points is the side the row points to.
	Points Side `json:"points"`
	// Rule is "D1".
	Rule string `json:"rule"`
}

// HybridPlan is D2's 40/60 split priced on the inputs.
type HybridPlan struct {
	// Monthly is 0.4 × self-build + 0.6 × rent.
	Monthly decimal.Decimal `json:"monthly"`
	// SavingVsBuild is 0.6 × (1 − rent ÷ self-build), a fraction.
	SavingVsBuild decimal.Decimal `json:"saving_vs_build"`
	// AllRentSavingVsBuild is 1 − rent ÷ self-build, a fraction.
	AllRentSavingVsBuild decimal.Decimal `json:"all_rent_saving_vs_build"`
	// Note explains what the numbers mean for the choice.
	Note msg.M `json:"note"`
}

// Point is one month of the cumulative cost series.
type Point struct {
	// Month counts from 0, the day the hardware is bought.
	Month int `json:"month"`
	// Rent is rent × Month.
	Rent decimal.Decimal `json:"rent"`
	// Build is capex + running cost × Month.
	Build decimal.Decimal `json:"build"`
	// Hybrid is 40% of capex + (40% of running cost + 60% of rent) × Month.
	Hybrid decimal.Decimal `json:"hybrid"`
}

// Result is the comparison.
type Result struct {
	// Decision is the recommendation.
	Decision Decision `json:"decision"`
	// Reasons explain the decision, one message each.
	Reasons []msg.M `json:"reasons"`
	// D1 is the rule's table evaluated on the inputs.
	D1 []Row `json:"d1"`

	// Depreciation is SelfBuild.Depreciation, a month.
	Depreciation decimal.Decimal `json:"depreciation"`
	// EnergyKWh is SelfBuild.EnergyKWh, a month.
	EnergyKWh decimal.Decimal `json:"energy_kwh"`
	// Electricity is SelfBuild.Electricity, a month.
	Electricity decimal.Decimal `json:"electricity"`
	// RunningCost is electricity + colocation + staff.
	RunningCost decimal.Decimal `json:"running_cost"`
	// SelfBuildMonthly is depreciation + running cost.
	SelfBuildMonthly decimal.Decimal `json:"self_build_monthly"`
	// RentMonthly is the input rent, repeated for display.
	RentMonthly decimal.Decimal `json:"rent_monthly"`
	// BreakEvenMonths is capex ÷ (rent − running cost); nil means never.
	BreakEvenMonths *decimal.Decimal `json:"break_even_months"`
	// BreakEvenMonth is the first whole month at which cumulative build cost
	// is no more than cumulative rent; nil means never.
	BreakEvenMonth *int `json:"break_even_month"`

	// Hybrid is D2's split priced on the inputs.
	Hybrid HybridPlan `json:"hybrid"`
	// Series is the cumulative cost from month 0 (build and hybrid pay
	// their capex up front) to SeriesMonths, for charts. It is a cash view:
	// no residual value is credited.
	Series []Point `json:"series"`
}

// The D1 thresholds and the D2 split.
var (
	twenty    = decimal.NewFromInt(20)
	ownShare  = decimal.RequireFromString("0.4")
	rentShare = decimal.RequireFromString("0.6")
)

const (
	shortProject = 6  // D1: under 6 months → rent
	longProject  = 18 // D1: over 18 months → build
	taxMinMonths = 36 // EIT regulations Art. 60: minimum life for electronics
)

// Decide validates in and compares renting with building and the hybrid.
func Decide(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	b := in.Build
	r := Result{
		Depreciation:     b.Depreciation(),
		EnergyKWh:        b.EnergyKWh(),
		Electricity:      b.Electricity(),
		RunningCost:      b.RunningCost(),
		SelfBuildMonthly: b.MonthlyCost(),
		RentMonthly:      in.RentMonthly,
		BreakEvenMonths:  BreakEvenMonths(b.Capex, in.RentMonthly, b.RunningCost()),
		D1:               d1Rows(in.Usage),
	}
	r.BreakEvenMonth = wholeMonth(r.BreakEvenMonths)
	r.Hybrid = hybrid(r.SelfBuildMonthly, in.RentMonthly)
	r.Decision, r.Reasons = decide(in, r)
	if in.NoSeries {
		return r, nil
	}
	months := in.SeriesMonths
	if months == 0 {
		months = DefaultSeriesMonths
	}
	r.Series = series(b.Capex, r.RunningCost, in.RentMonthly, months)
	return r, nil
}

func wholeMonth(m *decimal.Decimal) *int {
	if m == nil || m.Ceil().GreaterThan(decimal.NewFromInt(math.MaxInt32)) {
		return nil
	}
	n := int(m.Ceil().IntPart())
	return &n
}

func d1Rows(u Usage) []Row {
	row := func(dim string, input msg.M, s Side) Row {
		return Row{Dimension: dim, Input: input, Points: s, Rule: "D1"}
	}
	long := u.ProjectMonths > longProject
	daily := SideNeutral
	switch {
	case u.HoursPerDay.LessThan(twenty):
		daily = SideRent
	case u.HoursPerDay.GreaterThan(twenty) && long:
		daily = SideBuild
	}
	project := SideNeutral
	switch {
	case u.ProjectMonths < shortProject:
		project = SideRent
	case long:
		project = SideBuild
	}
	ops, data := SideRent, SideRent
	if u.OpsTeam {
		ops = SideBuild
	}
	if u.Data == Classified {
		data = SideBuild
	}
	demand := SideRent
	if u.Demand == billing.Steady {
		// D1 asks for steady high load; steady light use is no case for owning.
		demand = SideNeutral
		if u.HoursPerDay.GreaterThanOrEqual(twenty) {
			demand = SideBuild
		}
	}
	return []Row{
		row("daily_use", msg.New("rentbuild.input.hours", msg.Dec(u.HoursPerDay)), daily),
		row("project_length", msg.New("rentbuild.input.months", msg.Int(u.ProjectMonths)), project),
		row("operations_team", msg.New(map[bool]string{true: "rentbuild.team.dedicated", false: "rentbuild.team.none"}[u.OpsTeam]), ops),
		row("demand", msg.New("rentbuild.demand."+string(u.Demand)), demand),
		row("data", msg.New("rentbuild.data."+string(u.Data)), data),
	}
}

func hybrid(self, rent decimal.Decimal) HybridPlan {
	h := HybridPlan{
		Monthly:              ownShare.Mul(self).Add(rentShare.Mul(rent)),
		SavingVsBuild:        Saving(rentShare, rent, self),
		AllRentSavingVsBuild: Saving(decimal.NewFromInt(1), rent, self),
	}
	claim := msg.New("rentbuild.hybrid.claim_short")
	if h.SavingVsBuild.GreaterThanOrEqual(decimal.RequireFromString("0.3")) {
		claim = msg.New("rentbuild.hybrid.claim_met")
	}
	var note msg.M
	switch rent.Cmp(self) {
	case -1:
		note = msg.New("rentbuild.hybrid.cheaper", msg.Percent(h.SavingVsBuild), msg.Sub(claim), msg.Percent(h.AllRentSavingVsBuild))
	case 0:
		note = msg.New("rentbuild.hybrid.equal")
	default:
		note = msg.New("rentbuild.hybrid.dearer")
	}
	h.Note = msg.Seq(note, msg.New("rentbuild.hybrid.share"))
	return h
}

func series(capex, running, rent decimal.Decimal, months int) []Point {
	hybridCapex := ownShare.Mul(capex)
	hybridMonthly := ownShare.Mul(running).Add(rentShare.Mul(rent))
	out := make([]Point, 0, months+1)
	for m := 0; m <= months; m++ {
		k := decimal.NewFromInt(int64(m))
		out = append(out, Point{
			Month:  m,
			Rent:   rent.Mul(k),
			Build:  capex.Add(running.Mul(k)),
			Hybrid: hybridCapex.Add(hybridMonthly.Mul(k)),
		})
	}
	return out
}
