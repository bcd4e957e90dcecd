package rentbuild

import (
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

func intDec(n int) decimal.Decimal { return decimal.NewFromInt(int64(n)) }

// decide applies D1 and the break-even in order: classified data forces own hardware
// for at least part of the work; without an operations team, or when the
// hardware does not pay for itself within its life and the project, rent;
// when every load row points to building, build; otherwise own the steady
// base and rent the rest (D2).
func decide(in Input, r Result) (Decision, []msg.M) {
	u, b := in.Usage, in.Build
	pays := r.BreakEvenMonths != nil &&
		r.BreakEvenMonths.LessThanOrEqual(intDec(b.DepreciationMonths)) &&
		r.BreakEvenMonths.LessThanOrEqual(intDec(u.ProjectMonths))
	loadBuild := r.D1[0].Points == SideBuild && r.D1[1].Points == SideBuild && r.D1[3].Points == SideBuild

	reasons := []msg.M{breakEvenReason(in, r, pays)}
	if b.DepreciationMonths < taxMinMonths {
		reasons = append(reasons, msg.New("rentbuild.short_life", msg.Int(b.DepreciationMonths)))
	}
	switch {
	case u.Data == Classified && pays && u.OpsTeam && loadBuild:
		return Build, append(reasons, msg.New("rentbuild.classified.build"))
	case u.Data == Classified:
		m := msg.New("rentbuild.classified.hybrid")
		if !u.OpsTeam {
			m = msg.Seq(m, msg.New("rentbuild.classified.no_team"))
		}
		return Hybrid, append(reasons, m)
	case !u.OpsTeam:
		return Rent, append(reasons, msg.New("rentbuild.no_team"))
	case !pays:
		return Rent, append(reasons, msg.New("rentbuild.no_payoff"))
	case loadBuild:
		return Build, append(reasons, msg.New("rentbuild.all_build"))
	}
	return Hybrid, append(reasons, msg.New("rentbuild.hybrid"))
}

func breakEvenReason(in Input, r Result, pays bool) msg.M {
	if r.BreakEvenMonths == nil {
		return msg.New("rentbuild.never", msg.Money(in.RentMonthly), msg.Money(r.RunningCost))
	}
	m := msg.New("rentbuild.breakeven", msg.Dec(*r.BreakEvenMonths), msg.Money(in.Build.Capex),
		msg.Money(in.RentMonthly), msg.Money(r.RunningCost))
	life, project := msg.Int(in.Build.DepreciationMonths), msg.Int(in.Usage.ProjectMonths)
	switch {
	case pays:
		return msg.Seq(m, msg.New("rentbuild.breakeven.within", life, project))
	case r.BreakEvenMonths.GreaterThan(intDec(in.Build.DepreciationMonths)):
		return msg.Seq(m, msg.New("rentbuild.breakeven.beyond_life", life))
	}
	return msg.Seq(m, msg.New("rentbuild.breakeven.beyond_project", project))
}
