package main

import (
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/shopspring/decimal"
)

// The rent-or-build page draws rentbuild.Decide's cumulative cost series,
// which the plan file does not carry (rentbuild.Input.NoSeries). shared/plan
// builds the comparison's input in an unexported function
// (plan.rentBuildInput); until it is exported, rentBuildInput below rebuilds
// the same input from the plan, and TestRentBuildInputMatchesPlan checks,
// on every golden sheet, that Decide on it gives the plan's own decision,
// break-even and self-build cost. If shared/plan changes a reference value
// that test fails.

// Self-build reference values, copied from shared/plan/inputs.go (each is
// an assumption the plan states; research/tco.md §2).
var (
	rbResidual     = decimal.RequireFromString("0.05") // F5
	rbLifeMonths   = 36                                // F5: China's CIT minimum
	rbPUE          = decimal.RequireFromString("1.5")  // F6
	rbKWh          = decimal.RequireFromString("0.6")  // E8
	rbColoPerKW    = decimal.NewFromInt(1400)          // F8: USD 200/kW at 7 CNY
	rbStaffPerFTE  = decimal.NewFromInt(30000)         // F9 (assumed)
	rbCardsPerFTE  = decimal.NewFromInt(16)
	rbHalf         = decimal.RequireFromString("0.5")
	rbSeriesMonths = 36
	rbThousand     = decimal.NewFromInt(1000)
	rbTwo          = decimal.NewFromInt(2)
)

// rentBuildInput is the input plan.Build gave rentbuild.Decide for p, with
// the 36-month series switched on.
func rentBuildInput(p *plan.Plan) rentbuild.Input {
	req := p.Requirements
	sb := req.Cost.SelfBuild
	count := p.GPU.Count
	n := decimal.NewFromInt(int64(count))
	card, _ := catalog.ByID(p.GPU.ID)
	perCard := purchaseMid(p.GPU.ID)
	if sb.CapexPerCard != nil {
		perCard = *sb.CapexPerCard
	}
	watts := int(card.TDPW.Value)
	pue := orDefault(sb.PUE, rbPUE)
	kw := decimal.NewFromInt(int64(watts*count)).Mul(pue).DivRound(rbThousand, money.DivPrecision)
	staff := decimal.Max(rbHalf, n.DivRound(rbCardsPerFTE, money.DivPrecision)).Mul(rbStaffPerFTE)
	life := sb.LifeMonths
	if life == 0 {
		life = rbLifeMonths
	}
	return rentbuild.Input{
		Build: rentbuild.SelfBuild{
			Capex:              perCard.Mul(n),
			ResidualFraction:   orDefault(sb.ResidualFraction, rbResidual),
			DepreciationMonths: life,
			Cards:              count,
			TDPWatts:           watts,
			PUE:                pue,
			PowerHoursPerMonth: req.HoursPerDay.Mul(decimal.NewFromInt(int64(req.DaysPerMonth))),
			PricePerKWh:        orDefault(sb.PricePerKWh, rbKWh),
			ColocationMonthly:  orDefault(sb.ColocationMonthly, kw.Mul(rbColoPerKW).Round(2)),
			StaffMonthly:       orDefault(sb.OpsStaffMonthly, staff),
		},
		RentMonthly:  midRange(p.Cost.Monthly),
		SeriesMonths: rbSeriesMonths,
		Usage: rentbuild.Usage{
			HoursPerDay:   req.HoursPerDay,
			ProjectMonths: req.ProjectMonths,
			OpsTeam:       req.OpsTeam,
			Demand:        rentbuild.Demand(req.Demand),
			Data:          rentbuild.Data(req.DataClass),
		},
	}
}

// rentBuildFor runs the comparison with its series; ok is false when the
// plan's figures cannot be compared (Decide refused them).
func rentBuildFor(p *plan.Plan) (rentbuild.Result, bool) {
	r, err := rentbuild.Decide(rentBuildInput(p))
	return r, err == nil
}

// purchaseMid is the middle of a card's purchase price, server share
// included.
func purchaseMid(id string) decimal.Decimal {
	p, ok := catalog.PurchasePrice(id)
	if !ok {
		return decimal.Zero
	}
	return midRange(money.Range{Low: p.Low, High: p.High})
}

// midRange is the middle of a range: the "likely" figure.
func midRange(r money.Range) decimal.Decimal {
	return r.Low.Add(r.High).DivRound(rbTwo, money.DivPrecision)
}

func orDefault(v *decimal.Decimal, def decimal.Decimal) decimal.Decimal {
	if v != nil {
		return *v
	}
	return def
}
