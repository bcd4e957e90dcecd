package sizing

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// within fails the test unless got is within tol (a fraction) of want.
func within(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol*math.Abs(want) {
		t.Errorf("%s = %.6g, want %.6g ±%.1f%%", what, got, want, tol*100)
	}
}

// mustEstimate returns the memory of in or stops the test.
func mustEstimate(t *testing.T, in Input) Memory {
	t.Helper()
	m, err := Estimate(in)
	if err != nil {
		t.Fatalf("Estimate(%+v): %v", in, err)
	}
	return m
}

// mustRecommend returns the recommendation for in or stops the test.
func mustRecommend(t *testing.T, in Input, cards []catalog.Card, p Prefs) Recommendation {
	t.Helper()
	r, err := Recommend(in, cards, p)
	if err != nil {
		t.Fatalf("Recommend(%+v, %+v): %v", in, p, err)
	}
	return r
}

// option returns the option for a card id, pick or alternative.
func option(r Recommendation, id string) (Option, bool) {
	if r.Pick.CardID == id {
		return r.Pick, true
	}
	for _, o := range r.Alternatives {
		if o.CardID == id {
			return o, true
		}
	}
	return Option{}, false
}

// fixturePrices are the fixture cards' low monthly rents (rules G2/G3),
// which rank the options of this package's tests (listPrice); the plan
// prices options from the price book instead.
var fixturePrices = map[string]decimal.Decimal{}

func init() {
	fixtureCards()
	listPrice = func(id string) (decimal.Decimal, bool) {
		v, ok := fixturePrices[id]
		return v, ok
	}
}

// fixtureCards is a fixed card list for tests that must not move when the
// catalogue data changes: specs as the catalogue's, prices from rules G2/G3
// (the H200 and L40S deliberately unpriced).
func fixtureCards() []catalog.Card {
	ref := catalog.Ref{Source: "gpuplan test fixture", Date: "2026-11"}
	s := func(v float64) catalog.Spec { return catalog.Spec{Value: v, Ref: ref} }
	card := func(id string, gb, mib, bw, bf16, fp64 float64, ic catalog.Interconnect, domestic bool, low, high string) catalog.Card {
		c := catalog.Card{ID: id, Name: id, Domestic: domestic, MemoryGB: s(gb), MemoryMiB: s(mib),
			BandwidthGBs: s(bw), BF16TFLOPS: s(bf16), FP64TFLOPS: s(fp64), Interconnect: ic}
		if low != "" {
			fixturePrices[id] = decimal.RequireFromString(low)
		}
		return c
	}
	return []catalog.Card{
		card("rtx-4090", 24, 24564, 1008, 165.2, 1.29, catalog.PCIeOnly, false, "1200", "1800"),
		card("l40s-48g", 48, 46068, 864, 362, 1.43, catalog.PCIeOnly, false, "", ""),
		card("l20-48g", 48, 46068, 864, 119.5, 0.93, catalog.PCIeOnly, false, "2400", "3600"),
		card("a100-80g-sxm", 80, 81920, 2039, 312, 9.7, catalog.NVLink, false, "8000", "12000"),
		card("h100-80g-sxm", 80, 81559, 3350, 989, 34, catalog.NVLink, false, "50000", "65000"),
		card("h20-96g", 96, 97871, 4000, 148, 1, catalog.NVLink, false, "10000", "15000"),
		card("h200-141g", 141, 143771, 4800, 989, 34, catalog.NVLink, false, "", ""),
		card("ascend-910b", 64, 65536, 1600, 280, 0, catalog.HCCS, true, "2400", "4000"),
	}
}

// fixtureCard returns one fixture card by id.
func fixtureCard(t *testing.T, id string) catalog.Card {
	t.Helper()
	for _, c := range fixtureCards() {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no fixture card %q", id)
	return catalog.Card{}
}

// catalogCards returns the real catalogue, skipping the test while the
// catalogue is still empty.
func catalogCards(t testing.TB) []catalog.Card {
	t.Helper()
	cards := catalog.All()
	if len(cards) == 0 {
		t.Skip("catalogue is empty")
	}
	return cards
}

// english joins messages rendered in English, for substring checks.
func english(ms []msg.M) string { return strings.Join(msg.Strings(msg.En, ms), " ") }

// spread summarises estimate/published ratios: how many lie within tol
// (a factor for speed and time, a fraction for memory when tol < 1), the
// median and the extremes.
func spread(ratios []float64, tol float64) string {
	s := append([]float64(nil), ratios...)
	sort.Float64s(s)
	within := 0
	for _, r := range s {
		if (tol >= 1 && r <= tol && r >= 1/tol) || (tol < 1 && math.Abs(r-1) <= tol) {
			within++
		}
	}
	if len(s) == 0 {
		return "no references"
	}
	return fmt.Sprintf("%d of %d within %g; median ratio %.2f, range %.2f–%.2f", within, len(s), tol, s[len(s)/2], s[0], s[len(s)-1])
}
