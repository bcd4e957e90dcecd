package tco_test

import (
	"slices"
	"testing"

	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

func decs(xs ...int64) []decimal.Decimal {
	out := make([]decimal.Decimal, len(xs))
	for i, x := range xs {
		out[i] = decimal.NewFromInt(x)
	}
	return out
}

func TestTierBuckets(t *testing.T) {
	tests := []struct {
		name  string
		count int64
		sizes []decimal.Decimal
		want  []decimal.Decimal
	}{
		// The four doc-comment examples of Infracost's CalculateTierBuckets
		// (internal/usage/tier_requests.go).
		{"E3a one tier and over", 150, decs(10), decs(10, 140)},
		{"E3b two tiers and over", 150, decs(10, 90), decs(10, 90, 50)},
		{"E3c ends inside the second tier", 99, decs(10, 90), decs(10, 89, 0)},
		{"E3d ends inside, later tiers empty", 100, decs(10, 100, 100), decs(10, 90, 0, 0)},
		// Edges.
		{"exactly fills the tiers", 100, decs(10, 90), decs(10, 90, 0)},
		{"no tiers: all over", 7, nil, decs(7)},
		{"zero count", 0, decs(10, 90), decs(0, 0, 0)},
		{"negative count is zero", -5, decs(10), decs(0, 0)},
		{"negative size is zero", 20, decs(-10, 5), decs(0, 5, 15)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tco.TierBuckets(decimal.NewFromInt(tt.count), tt.sizes)
			if !slices.EqualFunc(got, tt.want, decimal.Decimal.Equal) {
				t.Fatalf("TierBuckets(%d, %v) = %v, want %v", tt.count, tt.sizes, got, tt.want)
			}
		})
	}
}

// FuzzTierBuckets checks the invariants: len(sizes)+1 buckets, none
// negative, none above its size, summing to the (non-negative) count.
func FuzzTierBuckets(f *testing.F) {
	f.Add(int64(150), int64(10), int64(90))
	f.Add(int64(99), int64(10), int64(90))
	f.Add(int64(-1), int64(0), int64(-3))
	f.Fuzz(func(t *testing.T, count, a, b int64) {
		sizes := decs(a, b)
		got := tco.TierBuckets(decimal.NewFromInt(count), sizes)
		if len(got) != 3 {
			t.Fatalf("%d buckets, want 3", len(got))
		}
		sum := decimal.Zero
		for i, g := range got {
			if g.IsNegative() || (i < 2 && g.GreaterThan(decimal.Max(sizes[i], decimal.Zero))) {
				t.Fatalf("bucket %d = %s out of range (sizes %v)", i, g, sizes)
			}
			sum = sum.Add(g)
		}
		if want := decimal.Max(decimal.NewFromInt(count), decimal.Zero); !sum.Equal(want) {
			t.Fatalf("buckets sum to %s, want %s", sum, want)
		}
	})
}
