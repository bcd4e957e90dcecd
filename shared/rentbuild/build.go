package rentbuild

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// SelfBuild is what owning the same capacity costs.
type SelfBuild struct {
	// Capex is the purchase price of the hardware, CNY, > 0.
	Capex decimal.Decimal `json:"capex"`
	// ResidualFraction is the share of Capex left at the end of the
	// depreciation life, in [0, 1); 0.05 is customary.
	ResidualFraction decimal.Decimal `json:"residual_fraction"`
	// DepreciationMonths is the straight-line life, ≥ 1. Article 60 of
	// China's Enterprise Income Tax implementing regulations sets 3 years
	// (36 months) as the minimum for electronic equipment.
	DepreciationMonths int `json:"depreciation_months"`
	// Cards is the number of GPU cards, ≥ 1.
	Cards int `json:"cards"`
	// TDPWatts is one card's board power in watts, e.g. 450 for an RTX 4090.
	TDPWatts int `json:"tdp_watts"`
	// PUE is the data centre's power usage effectiveness, in [1, 3].
	PUE decimal.Decimal `json:"pue"`
	// PowerHoursPerMonth is how many hours a month the cards draw power,
	// in [0, 744]; 720 is 24 h × 30 days, 730 the 365 × 24 ÷ 12 month.
	PowerHoursPerMonth decimal.Decimal `json:"power_hours_per_month"`
	// PricePerKWh is the electricity tariff, CNY per kWh, ≥ 0.
	PricePerKWh decimal.Decimal `json:"price_per_kwh"`
	// ColocationMonthly is rack space and cooling, CNY a month, ≥ 0.
	ColocationMonthly decimal.Decimal `json:"colocation_monthly"`
	// StaffMonthly is the operations staff's loaded cost, CNY a month, ≥ 0.
	StaffMonthly decimal.Decimal `json:"staff_monthly"`
}

// Validate reports the first input outside its allowed range, naming it.
func (b SelfBuild) Validate() error {
	one := decimal.NewFromInt(1)
	switch {
	case !b.Capex.IsPositive():
		return decErr("build.capex", b.Capex, msg.New("want.gt", msg.Label("want.noun.amount"), msg.Text("0")))
	case b.ResidualFraction.IsNegative() || b.ResidualFraction.GreaterThanOrEqual(one):
		return decErr("build.residual_fraction", b.ResidualFraction, msg.New("want.in_eg", msg.Label("want.noun.fraction"), msg.Text("[0, 1)"), msg.Text("0.05")))
	case b.DepreciationMonths < 1:
		return intErr("build.depreciation_months", b.DepreciationMonths, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	case b.Cards < 1:
		return intErr("build.cards", b.Cards, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	case b.TDPWatts < 1 || b.TDPWatts > 3000:
		return intErr("build.tdp_watts", b.TDPWatts, msg.New("want.in", msg.Label("want.noun.watts"), msg.Text("[1, 3000]")))
	case b.PUE.LessThan(one) || b.PUE.GreaterThan(decimal.NewFromInt(3)):
		return decErr("build.pue", b.PUE, msg.New("want.in_eg", msg.Label("want.noun.number"), msg.Text("[1, 3]"), msg.Text("1.5")))
	case b.PowerHoursPerMonth.IsNegative() || b.PowerHoursPerMonth.GreaterThan(decimal.NewFromInt(744)):
		return decErr("build.power_hours_per_month", b.PowerHoursPerMonth, msg.New("want.in", msg.Label("want.noun.hours"), msg.Text("[0, 744]")))
	case b.PricePerKWh.IsNegative():
		return decErr("build.price_per_kwh", b.PricePerKWh, msg.New("want.ge", msg.Label("want.noun.price"), msg.Text("0")))
	case b.ColocationMonthly.IsNegative():
		return decErr("build.colocation_monthly", b.ColocationMonthly, msg.New("want.ge", msg.Label("want.noun.amount"), msg.Text("0")))
	case b.StaffMonthly.IsNegative():
		return decErr("build.staff_monthly", b.StaffMonthly, msg.New("want.ge", msg.Label("want.noun.amount"), msg.Text("0")))
	}
	return nil
}

// Depreciation is the straight-line monthly depreciation,
// Capex × (1 − ResidualFraction) ÷ DepreciationMonths (1,200,000 at
// 5% residual is 31,666.67 over 36 months, 19,000.00 over 60). Zero when
// DepreciationMonths is not positive.
func (b SelfBuild) Depreciation() decimal.Decimal {
	if b.DepreciationMonths < 1 {
		return decimal.Zero
	}
	base := b.Capex.Mul(decimal.NewFromInt(1).Sub(b.ResidualFraction))
	return base.DivRound(decimal.NewFromInt(int64(b.DepreciationMonths)), money.DivPrecision)
}

// EnergyKWh is the monthly energy the cards draw through the facility:
// TDP kW × Cards × PUE × PowerHoursPerMonth (8 × 0.45 kW × 1.5 ×
// 720 h = 3,888 kWh). It counts the GPUs' board power only, not CPUs, disks
// or network, so it is a floor.
func (b SelfBuild) EnergyKWh() decimal.Decimal {
	kw := decimal.New(int64(b.TDPWatts), -3)
	return kw.Mul(decimal.NewFromInt(int64(b.Cards))).Mul(b.PUE).Mul(b.PowerHoursPerMonth)
}

// Electricity is EnergyKWh × PricePerKWh (3,888 kWh at 0.6 =
// 2,332.80).
func (b SelfBuild) Electricity() decimal.Decimal {
	return b.EnergyKWh().Mul(b.PricePerKWh)
}

// RunningCost is the monthly cost of owning beyond depreciation:
// electricity + colocation + staff: the "own opex" of the break-even.
func (b SelfBuild) RunningCost() decimal.Decimal {
	return b.Electricity().Add(b.ColocationMonthly).Add(b.StaffMonthly)
}

// MonthlyCost is depreciation + running cost, the self-build figure rule C4
// and D2 compare rent against.
func (b SelfBuild) MonthlyCost() decimal.Decimal {
	return b.Depreciation().Add(b.RunningCost())
}

// BreakEvenMonths is capex ÷ (rent − running), the months after which
// owning has cost less than renting. It returns nil ("never") when rent is
// not above the running cost, so there is no division by zero. Like
// chanthaphan/gpu-tco's breakEven it ignores the residual value, which would
// shorten it.
func BreakEvenMonths(capex, rentMonthly, runningMonthly decimal.Decimal) *decimal.Decimal {
	gap := rentMonthly.Sub(runningMonthly)
	if !gap.IsPositive() {
		return nil
	}
	m := capex.DivRound(gap, money.DivPrecision)
	return &m
}

// Saving is what renting a fraction rentShare of the capacity saves against
// building all of it, as a fraction of the self-build cost:
// rentShare × (1 − rent ÷ self). rentShare 1 is renting everything; 0.6 is
// D2's hybrid (self 30,000, rent 14,000 → 32.0%). A negative result
// means renting costs more. Zero when self is not positive.
func Saving(rentShare, rent, self decimal.Decimal) decimal.Decimal {
	if !self.IsPositive() {
		return decimal.Zero
	}
	ratio := rent.DivRound(self, money.DivPrecision)
	return rentShare.Mul(decimal.NewFromInt(1).Sub(ratio))
}

func decErr(field string, v decimal.Decimal, want msg.M) error {
	return &fielderr.Error{Field: field, Value: v.String(), Want: want}
}

func intErr(field string, v int, want msg.M) error {
	return &fielderr.Error{Field: field, Value: fmt.Sprint(v), Want: want}
}
