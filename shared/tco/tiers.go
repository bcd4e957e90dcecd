package tco

import "github.com/shopspring/decimal"

// TierBuckets splits count into consecutive tiers of the given sizes and
// returns len(sizes)+1 buckets, the last holding whatever is over the sum of
// the sizes. It has the semantics of Infracost's CalculateTierBuckets
// (internal/usage/tier_requests.go): sizes are the widths of successive tiers ("first 10, next
// 90"), not cumulative limits.
//
//	TierBuckets(150, [10])           = [10, 140]
//	TierBuckets(150, [10, 90])       = [10, 90, 50]
//	TierBuckets(99, [10, 90])        = [10, 89, 0]
//	TierBuckets(100, [10, 100, 100]) = [10, 90, 0, 0]
//
// A negative count or size counts as zero.
func TierBuckets(count decimal.Decimal, sizes []decimal.Decimal) []decimal.Decimal {
	left := decimal.Max(count, decimal.Zero)
	buckets := make([]decimal.Decimal, 0, len(sizes)+1)
	for _, size := range sizes {
		take := decimal.Min(left, decimal.Max(size, decimal.Zero))
		buckets = append(buckets, take)
		left = left.Sub(take)
	}
	return append(buckets, left)
}

// tieredCost prices count with per-bucket prices: prices[i] applies to the
// i-th bucket of TierBuckets(count, sizes), len(prices) == len(sizes)+1.
func tieredCost(count decimal.Decimal, sizes, prices []decimal.Decimal) decimal.Decimal {
	total := decimal.Zero
	for i, b := range TierBuckets(count, sizes) {
		total = total.Add(b.Mul(prices[i]))
	}
	return total
}
