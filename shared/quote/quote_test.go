package quote_test

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal  { return decimal.RequireFromString(s) }
func p(s string) *decimal.Decimal { v := d(s); return &v }
func b(v bool) *bool              { return &v }
func n(v int) *int                { return &v }

// known is VAT excluded at 6%, so totals are points.
var known = quote.VAT{Included: b(false), RatePct: p("6")}

// split is a fully stated quote at gpu per card with flat extras.
func split(vendor, gpu string) quote.Quote {
	return quote.Quote{
		Vendor: vendor, GPUPerCard: p(gpu),
		Egress:         quote.Extra{Included: d("1"), UnitPrice: p("500")},
		Storage:        quote.Extra{Included: d("500"), UnitPrice: p("0.5")},
		IPs:            quote.Extra{Included: d("1"), UnitPrice: p("50")},
		SupportMonthly: p("0"), Migration: p("0"),
		VAT: known, BillingStart: quote.OnReady, DeliveryDays: n(1),
	}
}

func need() quote.Need {
	return quote.Need{Cards: 8, EgressTB: d("3"), StorageGB: d("1500"), IPs: 2, TermMonths: 12}
}

func compare(t *testing.T, qs ...quote.Quote) quote.Result {
	t.Helper()
	r, err := quote.Compare(quote.Input{Need: need(), Quotes: qs})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func find(t *testing.T, r quote.Result, vendor string) quote.Priced {
	t.Helper()
	for _, q := range r.Quotes {
		if q.Vendor == vendor {
			return q
		}
	}
	t.Fatalf("no quote from %s", vendor)
	return quote.Priced{}
}

func hasFlag(flags []finding.Flag, rule, text string) bool {
	for _, f := range flags {
		if f.Rule == rule && strings.Contains(f.In(msg.En), text) {
			return true
		}
	}
	return false
}

// docs/rules.md C2: one H100 at 55,000 with egress overage 2,000, an extra IP
// 200 and a support upgrade 1,000 sums to 58,200, not "over 60,000".
func TestC2(t *testing.T) {
	q := quote.Quote{
		Vendor: "h100", GPUPerCard: p("55000"),
		Egress:         quote.Extra{Included: d("2.5"), UnitPrice: p("800")},
		IPs:            quote.Extra{Included: d("1"), UnitPrice: p("200")},
		SupportMonthly: p("1000"), Migration: p("0"), VAT: known, BillingStart: quote.OnReady, DeliveryDays: n(1),
	}
	r, err := quote.Compare(quote.Input{
		Need:   quote.Need{Cards: 1, EgressTB: d("5"), IPs: 2, TermMonths: 12},
		Quotes: []quote.Quote{q},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := r.Quotes[0]
	if !got.AsQuoted.Equal(d("58200")) || !got.ExVAT.IsPoint() || !got.ExVAT.Low.Equal(d("58200")) || !got.Complete {
		t.Errorf("C2 total = %s (%v), want 58,200", got.AsQuoted, got.ExVAT)
	}
	// 3,200 of 58,200 is 5.50% extras: inside no C3 warning (that is tco's job).
	if got.ExtrasShare == nil || !got.ExtrasShare.Round(4).Equal(d("0.055")) {
		t.Errorf("extras share = %v, want 5.50%%", got.ExtrasShare)
	}
	// V4: one quote is below both articles' minimum.
	if !hasFlag(r.Flags, "V4", "at least 3") || r.Flags[0].Level != finding.Red {
		t.Errorf("flags = %+v, want a red V4", r.Flags)
	}
}

// Rule C5: "more than 30%" apart; exactly 30% is not flagged. 8 cards ×
// 1,250 + extras 1,550 (egress 1,000, storage 500, IPs 50) = 11,550; the
// dearer quote adds 30% of it.
func TestSpread(t *testing.T) {
	base := d("11550")
	tests := []struct {
		name  string
		gpu   string // the dearer quote's per-card price
		flag  bool
		share string
	}{
		// 11,550 × 1.3 = 15,015 → GPU 13,465 → 1,683.125 a card.
		{"exactly 30%", "1683.125", false, "0.3"},
		{"just over 30%", "1683.126", true, "0.3000006926406926"},
		{"well under", "1300", false, "0.0346320346320346"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := compare(t, split("cheap", "1250"), split("dear", tt.gpu), split("mid", "1260"))
			if !r.Quotes[0].ExVAT.High.Equal(base) {
				t.Fatalf("cheapest = %s, want %s", r.Quotes[0].ExVAT.High, base)
			}
			if got := hasFlag(r.Flags, "C5", "more than 30%"); got != tt.flag {
				t.Errorf("C5 spread flag = %v, want %v (spread %s)", got, tt.flag, r.Spread)
			}
			if !r.Spread.Equal(d(tt.share)) {
				t.Errorf("spread = %s, want %s", r.Spread, tt.share)
			}
		})
	}
}

// Rule C5: the lowest GPU rent with the highest extras.
func TestMovedCost(t *testing.T) {
	lure := split("lure", "1100")
	lure.Egress.UnitPrice = p("1500")
	r := compare(t, lure, split("plain", "1300"), split("other", "1400"))
	if !hasFlag(find(t, r, "lure").Flags, "C5", "moved into network or storage") {
		t.Errorf("lure flags = %+v", find(t, r, "lure").Flags)
	}
	if hasFlag(find(t, r, "plain").Flags, "C5", "moved") {
		t.Error("plain flagged")
	}
	// Extras 3,550 of 12,350 = 28.74%: above C3's band.
	if !hasFlag(find(t, r, "lure").Flags, "C3", "28.7%") {
		t.Errorf("lure flags = %+v, want C3 28.74%%", find(t, r, "lure").Flags)
	}
	// Equal extras: no quote has the strictly highest, so no flag.
	r = compare(t, split("a", "1100"), split("b", "1300"))
	for _, q := range r.Quotes {
		if hasFlag(q.Flags, "C5", "moved") {
			t.Errorf("%s flagged with equal extras", q.Vendor)
		}
	}
}

func TestBundled(t *testing.T) {
	bundle := quote.Quote{Vendor: "bundle", Bundled: p("12000"), SupportMonthly: p("0"), Migration: p("0"),
		VAT: known, BillingStart: quote.OnReady, DeliveryDays: n(1)}
	r := compare(t, bundle, split("split", "1300"))
	q := find(t, r, "bundle")
	if !hasFlag(q.Flags, "C5", "split into GPU, bandwidth and storage") || q.ExtrasShare != nil {
		t.Errorf("bundle = %+v", q)
	}
	if !q.AsQuoted.Equal(d("12000")) {
		t.Errorf("bundle total = %s", q.AsQuoted)
	}
	if !hasFlag(r.Flags, "V4", "seven-stage procurement checklist (at least 2)") || r.Flags[0].Level != finding.Amber {
		t.Errorf("2 quotes: flags = %+v, want amber V4", r.Flags)
	}
}

// VAT-exclusive basis: known rates give a point, unknown ones a range
// between the 6% and 13% readings (which applies is unconfirmed).
func TestVAT(t *testing.T) {
	tests := []struct {
		name     string
		vat      quote.VAT
		lo, hi   string
		rateFlag bool
	}{
		{"excluded", quote.VAT{Included: b(false), RatePct: p("6")}, "11300", "11300", false},
		{"included at 13%", quote.VAT{Included: b(true), RatePct: p("13")}, "10000", "10000", false},
		{"included at 6%", quote.VAT{Included: b(true), RatePct: p("6")}, "10660.3773584905660377", "10660.3773584905660377", false},
		{"included, rate unknown", quote.VAT{Included: b(true)}, "10000", "10660.3773584905660377", true},
		{"not stated at all", quote.VAT{}, "10000", "11300", true},
		{"not stated, rate 6%", quote.VAT{RatePct: p("6")}, "10660.3773584905660377", "11300", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := quote.Quote{Vendor: "v", Bundled: p("11300"), SupportMonthly: p("0"), Migration: p("0"),
				VAT: tt.vat, BillingStart: quote.OnReady, DeliveryDays: n(1)}
			r := compare(t, q)
			got := r.Quotes[0]
			if !got.ExVAT.Low.Equal(d(tt.lo)) || !got.ExVAT.High.Equal(d(tt.hi)) {
				t.Errorf("ex VAT = %s–%s, want %s–%s", got.ExVAT.Low, got.ExVAT.High, tt.lo, tt.hi)
			}
			if f := hasFlag(got.Flags, "K4", "which applies to GPU rental is unconfirmed"); f != tt.rateFlag {
				t.Errorf("rate flag = %v, want %v", f, tt.rateFlag)
			}
		})
	}
}

// Rules K4 and A5: billing on order bills the wait; missing terms are asked.
func TestDelivery(t *testing.T) {
	q := split("slow", "1250")
	q.BillingStart, q.DeliveryDays = quote.OnOrder, n(5)
	got := find(t, compare(t, q), "slow")
	// 10,000 rent × 120 h ÷ 730 h.
	if !got.WaitCost.Equal(d("1643.8356164383561644")) || !hasFlag(got.Flags, "K4", "5-day delivery wait costs about ¥1,644") {
		t.Errorf("wait = %s, flags %+v", got.WaitCost, got.Flags)
	}
	if !hasFlag(got.Flags, "A5", "longer than the 1–3 days") {
		t.Errorf("flags = %+v, want A5", got.Flags)
	}
	q.BillingStart, q.DeliveryDays = "", nil
	got = find(t, compare(t, q), "slow")
	if !hasFlag(got.Flags, "K4", "when billing starts") || !hasFlag(got.Flags, "A5", "No delivery time") || !got.WaitCost.IsZero() {
		t.Errorf("flags = %+v", got.Flags)
	}
}

// Rule C1: a needed item without a price leaves the total a lower bound.
func TestIncomplete(t *testing.T) {
	q := split("vague", "1250")
	q.Storage.UnitPrice = nil
	q.SupportMonthly, q.Migration = nil, nil
	got := find(t, compare(t, q, split("clear", "1300"), split("third", "1350")), "vague")
	if got.Complete || !hasFlag(got.Flags, "C1", "1,000 GB of storage above the 500 included") {
		t.Errorf("vague = %+v", got)
	}
	if !hasFlag(got.Flags, "C1", "Support is not priced") || !hasFlag(got.Flags, "C1", "migration is not priced") {
		t.Errorf("flags = %+v", got.Flags)
	}
	// Storage need within the quota needs no price.
	q.Storage.Included = d("2000")
	if got := find(t, compare(t, q), "vague"); !got.Complete {
		t.Error("need within the quota reported incomplete")
	}
}

// Migration is a one-off spread over the term.
func TestMigrationSpread(t *testing.T) {
	q := split("mig", "1250")
	q.Migration = p("6000")
	got := find(t, compare(t, q), "mig")
	if !got.AsQuoted.Equal(d("12050")) {
		t.Errorf("total = %s, want 11,550 + 500", got.AsQuoted)
	}
}

func TestRanking(t *testing.T) {
	r := compare(t, split("c", "1400"), split("a", "1200"), split("b", "1300"))
	var order []string
	for _, q := range r.Quotes {
		order = append(order, q.Vendor)
	}
	if strings.Join(order, ",") != "a,b,c" || r.Quotes[0].Rank != 1 || r.Quotes[2].Rank != 3 || len(r.Flags) != 0 {
		t.Errorf("order %v, flags %+v", order, r.Flags)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*quote.Input)
	}{
		{"need.cards", func(in *quote.Input) { in.Need.Cards = 0 }},
		{"need.egress_tb", func(in *quote.Input) { in.Need.EgressTB = d("-1") }},
		{"need.storage_gb", func(in *quote.Input) { in.Need.StorageGB = d("1e20") }},
		{"need.term_months", func(in *quote.Input) { in.Need.TermMonths = 121 }},
		{"quotes", func(in *quote.Input) { in.Quotes = nil }},
		{"quotes[0].vendor", func(in *quote.Input) { in.Quotes[0].Vendor = "" }},
		{"quotes[1].vendor", func(in *quote.Input) { in.Quotes[1].Vendor = in.Quotes[0].Vendor }},
		{"quotes[0].gpu_per_card", func(in *quote.Input) { in.Quotes[0].GPUPerCard = nil }},
		{"quotes[0].gpu_per_card", func(in *quote.Input) { in.Quotes[0].GPUPerCard = p("0") }},
		{"quotes[0].bundled", func(in *quote.Input) { in.Quotes[0].Bundled = p("1") }},
		{"quotes[0].bundled", func(in *quote.Input) { in.Quotes[0].GPUPerCard, in.Quotes[0].Bundled = nil, p("1") }},
		{"quotes[0].egress.unit_price", func(in *quote.Input) { in.Quotes[0].Egress.UnitPrice = p("-1") }},
		{"quotes[0].storage.included", func(in *quote.Input) { in.Quotes[0].Storage.Included = d("0.00000000001") }},
		{"quotes[0].vat.rate_pct", func(in *quote.Input) { in.Quotes[0].VAT.RatePct = p("21") }},
		{"quotes[0].billing_start", func(in *quote.Input) { in.Quotes[0].BillingStart = "soon" }},
		{"quotes[0].delivery_days", func(in *quote.Input) { in.Quotes[0].DeliveryDays = n(-1) }},
	}
	for _, tt := range tests {
		in := quote.Input{Need: need(), Quotes: []quote.Quote{split("a", "1"), split("b", "2")}}
		tt.edit(&in)
		err := in.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tt.field+" = ") {
			t.Errorf("want an error naming %s, got %v", tt.field, err)
		}
	}
}
