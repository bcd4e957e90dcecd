package contract_test

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/shopspring/decimal"
)

// AWS EC2's credit table on a 10,000 fee: exactly 99.0%
// uptime falls in the 10% tier, not the 30% one.
func ExampleTable_Credit() {
	aws, _ := contract.PresetTable(contract.PresetAWSEC2)
	for _, up := range []string{"99.995", "99.95", "99.0", "98.0", "94.0"} {
		c := aws.Credit(decimal.RequireFromString(up), decimal.NewFromInt(10000))
		fmt.Printf("%-6s → %s\n", up, c.Amount)
	}
	// Output:
	// 99.995 → 0
	// 99.95  → 1000
	// 99.0   → 1000
	// 98.0   → 3000
	// 94.0   → 10000
}

// The downtime 99.9% allows on each month basis.
func ExampleAllowedDowntime() {
	for _, b := range contract.Bases {
		fmt.Println(b, contract.AllowedDowntime(decimal.RequireFromString("99.9"), b), "min")
	}
	// Output:
	// 28d 40.32 min
	// 29d 41.76 min
	// 30d 43.2 min
	// 730h 43.8 min
	// 31d 44.64 min
}

// Leaving a 55,000-a-month contract with 8 months left.
func ExampleExitSchedule() {
	fee := decimal.NewFromInt(55000)
	rows := contract.ExitSchedule(fee, 12, contract.Annual, &contract.Termination{RemainingPct: decimal.NewFromInt(50)})
	r := rows[3]
	fmt.Println(r.RemainingMonths, "months left:", r.Remaining, "remaining,", r.Contract, "charged,", r.Recommended, "recommended cap")
	// Output: 8 months left: 440000 remaining, 220000 charged, 88000 recommended cap
}
