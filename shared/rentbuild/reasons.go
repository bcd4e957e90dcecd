package rentbuild

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

func intDec(n int) decimal.Decimal { return decimal.NewFromInt(int64(n)) }

// decide applies D1 and F11 in order: classified data forces own hardware
// for at least part of the work; without an operations team, or when the
// hardware does not pay for itself within its life and the project, rent;
// when every load row points to building, build; otherwise own the steady
// base and rent the rest (D2).
func decide(in Input, r Result) (Decision, []string) {
	u, b := in.Usage, in.Build
	pays := r.BreakEvenMonths != nil &&
		r.BreakEvenMonths.LessThanOrEqual(intDec(b.DepreciationMonths)) &&
		r.BreakEvenMonths.LessThanOrEqual(intDec(u.ProjectMonths))
	loadBuild := r.D1[0].Points == SideBuild && r.D1[1].Points == SideBuild && r.D1[3].Points == SideBuild

	reasons := []string{breakEvenReason(in, r, pays)}
	if b.DepreciationMonths < taxMinMonths {
		reasons = append(reasons, fmt.Sprintf("A %d-month depreciation life is shorter than the "+
			"36 months Chinese tax rules allow for electronic equipment (tco.md F5).", b.DepreciationMonths))
	}
	switch {
	case u.Data == Classified && pays && u.OpsTeam && loadBuild:
		return Build, append(reasons, "Classified data, a dedicated team and steady full-time load "+
			"all point to owning the hardware (D1).")
	case u.Data == Classified:
		s := "Classified data must stay on hardware you control (D1): own the part that handles it " +
			"and rent the rest (D2)."
		if !u.OpsTeam {
			s += " That part needs people to run it; there is no GPU operations team yet."
		}
		return Hybrid, append(reasons, s)
	case !u.OpsTeam:
		return Rent, append(reasons, "There is no team dedicated to running GPUs, so rent (D1).")
	case !pays:
		return Rent, append(reasons, "Owning does not pay for itself in time, so rent (F11, D1).")
	case loadBuild:
		return Build, append(reasons, "Full-time steady load for more than 18 months with a dedicated "+
			"team: every D1 row points to owning.")
	}
	return Hybrid, append(reasons, "Owning pays off, but not every D1 row points to it: own the "+
		"steady base and rent the peaks and short projects (D2).")
}

func breakEvenReason(in Input, r Result, pays bool) string {
	if r.BreakEvenMonths == nil {
		return fmt.Sprintf("Owning never breaks even: rent (%s a month) is not above the running "+
			"cost of owning (%s) (F11).", money.Format(in.RentMonthly), money.Format(r.RunningCost))
	}
	s := fmt.Sprintf("Owning breaks even after %s months: %s capex ÷ (%s rent − %s running cost) (F11).",
		money.Round2(*r.BreakEvenMonths).String(), money.Format(in.Build.Capex),
		money.Format(in.RentMonthly), money.Format(r.RunningCost))
	if pays {
		return s + fmt.Sprintf(" That is within the %d-month depreciation life and the %d-month project.",
			in.Build.DepreciationMonths, in.Usage.ProjectMonths)
	}
	if r.BreakEvenMonths.GreaterThan(intDec(in.Build.DepreciationMonths)) {
		return s + fmt.Sprintf(" That is beyond the %d-month depreciation life.", in.Build.DepreciationMonths)
	}
	return s + fmt.Sprintf(" That is beyond the %d-month project.", in.Usage.ProjectMonths)
}
