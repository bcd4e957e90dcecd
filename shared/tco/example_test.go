package tco_test

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

// The H100 example of rule C2: the listed items come to 58,200, and the
// hidden share is well below C3's band.
func ExampleCompute() {
	amount := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	r, err := tco.Compute(tco.Input{
		Cards: 1, TermMonths: 12,
		Rent:    tco.Rent{Amount: amount("55000")},
		Egress:  tco.Egress{Amount: amount("2000")},
		IPs:     tco.Metered{Amount: amount("200")},
		Support: tco.Flat{Amount: amount("1000")},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range r.Items {
		fmt.Printf("%-20s %10s\n", it.Name, it.Range())
	}
	fmt.Println("monthly:", money.FormatCNY(r.Monthly.Low), "=", money.FormatWan(r.Monthly.Low)+"元")
	fmt.Println("hidden share:", money.FormatPercent(r.HiddenShare.Low), r.Band)
	fmt.Println("total at 10–25% hidden:", r.BandTotal)
	// Output:
	// gpu_rent              55,000.00
	// egress                 2,000.00
	// storage                    0.00
	// extra_ips                200.00
	// support_tier           1,000.00
	// after_hours_support        0.00
	// data_migration             0.00
	// monthly: ¥58,200.00 = 5.82万元
	// hidden share: 5.50% below
	// total at 10–25% hidden: 61,111.11–73,333.33
}

// TierBuckets with the first example of Infracost's CalculateTierBuckets
// (Infracost's doc example): 150 units, a first tier of 10, the rest over.
func ExampleTierBuckets() {
	ten := decimal.NewFromInt(10)
	fmt.Println(tco.TierBuckets(decimal.NewFromInt(150), []decimal.Decimal{ten}))
	// Output: [10 140]
}
