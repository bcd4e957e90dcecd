package rentbuild_test

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/billing"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/shopspring/decimal"
)

// An 8 × H100 node bought for 2,700,000 breaks even against
// 55,000 a month of rent only after 67.5 months, beyond its 60-month life.
func ExampleDecide() {
	dec := decimal.RequireFromString
	r, err := rentbuild.Decide(rentbuild.Input{
		Build: rentbuild.SelfBuild{
			Capex: dec("2700000"), ResidualFraction: dec("0.05"), DepreciationMonths: 60,
			Cards: 8, TDPWatts: 700, PUE: dec("1.5"), PowerHoursPerMonth: dec("730"),
			PricePerKWh: dec("0.6"), ColocationMonthly: dec("3320.8"), StaffMonthly: dec("8000"),
		},
		RentMonthly: dec("55000"),
		Usage: rentbuild.Usage{
			HoursPerDay: dec("24"), ProjectMonths: 60, OpsTeam: true,
			Demand: billing.Steady, Data: rentbuild.Commercial,
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("decision:", r.Decision)
	fmt.Println("break-even:", r.BreakEvenMonths, "months, month", *r.BreakEvenMonth)
	fmt.Println("self-build a month:", money.Format(r.SelfBuildMonthly))
	for _, row := range r.D1 {
		fmt.Printf("  %-16s %-10s → %s\n", row.Dimension, row.Input, row.Points)
	}
	fmt.Println("hybrid saving vs build:", money.FormatPercent(r.Hybrid.SavingVsBuild))
	fmt.Println("all-rent saving vs build:", money.FormatPercent(r.Hybrid.AllRentSavingVsBuild))
	// Output:
	// decision: rent
	// break-even: 67.5 months, month 68
	// self-build a month: 57,750.00
	//   daily_use        24 h/day   → build
	//   project_length   60 months  → build
	//   operations_team  dedicated  → build
	//   demand           steady     → build
	//   data             commercial → rent
	// hybrid saving vs build: 2.86%
	// all-rent saving vs build: 4.76%
}

// D2's hybrid: self-build 30,000 and rent
// 14,000 a month save 32.0% against building everything.
func ExampleSaving() {
	s := rentbuild.Saving(decimal.RequireFromString("0.6"),
		decimal.RequireFromString("14000"), decimal.RequireFromString("30000"))
	fmt.Println(money.FormatPercent(s))
	// Output: 32.00%
}
