package vendors_test

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/vendors"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }
func b(v bool) *bool             { return &v }

// good passes every hard filter with marks 4 on every dimension.
func good(name string) vendors.Vendor {
	return vendors.Vendor{
		Name: name, B11Licence: b(true), BusinessLicence: b(true), VATSpecialInvoice: b(true),
		SLAPays: vendors.PaysMoney, Scores: vendors.Scores{4, 4, 4, 4, 4},
	}
}

func rank(t *testing.T, in vendors.Input) vendors.Result {
	t.Helper()
	r, err := vendors.Rank(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func find(t *testing.T, r vendors.Result, name string) vendors.Ranked {
	t.Helper()
	for _, v := range r.Vendors {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no vendor %s", name)
	return vendors.Ranked{}
}

// Rule V5's edge case: 8 cards at 65/35 → 5 / 3 (62.5%, still inside 60–70%).
func TestSplitCards(t *testing.T) {
	tests := []struct {
		cards, primary, backup int
		in                     bool
		share                  string
	}{
		{1, 1, 0, false, "1"},
		{2, 1, 1, false, "0.5"},
		{3, 2, 1, true, "0.6666666666666667"},
		{4, 3, 1, false, "0.75"},
		{5, 3, 2, true, "0.6"},
		{6, 4, 2, true, "0.6666666666666667"},
		{7, 5, 2, false, "0.7142857142857143"},
		{8, 5, 3, true, "0.625"},
		{9, 6, 3, true, "0.6666666666666667"},
		{10, 7, 3, true, "0.7"}, // 6.5 ties: the primary gets it
		{20, 13, 7, true, "0.65"},
		{100, 65, 35, true, "0.65"},
	}
	for _, tt := range tests {
		s := vendors.SplitCards(tt.cards)
		if s.Primary != tt.primary || s.Backup != tt.backup || s.InRange != tt.in || !s.PrimaryShare.Equal(d(tt.share)) {
			t.Errorf("SplitCards(%d) = %d/%d %s in range %v, want %d/%d %s %v (%s)",
				tt.cards, s.Primary, s.Backup, s.PrimaryShare, s.InRange, tt.primary, tt.backup, tt.share, tt.in, s.ReasonIn(msg.En))
		}
	}
	if s := vendors.SplitCards(7); !strings.Contains(s.ReasonIn(msg.En), "No whole split of 7 cards") {
		t.Errorf("7 cards: %s", s.ReasonIn(msg.En))
	}
	if s := vendors.SplitCards(1); !strings.Contains(s.ReasonIn(msg.En), "One card cannot be split") {
		t.Errorf("1 card: %s", s.ReasonIn(msg.En))
	}
	if s := vendors.SplitCards(0); s.Primary != 0 || s.InRange {
		t.Errorf("0 cards: %+v", s)
	}
}

// Whenever some whole split puts the primary in 60–70%, SplitCards finds
// one, and never otherwise claims it.
func TestSplitCardsInRangeWhenPossible(t *testing.T) {
	for n := 1; n <= 2000; n++ {
		possible := false
		for p := 1; p < n; p++ {
			if 10*p >= 6*n && 10*p <= 7*n {
				possible = true
			}
		}
		s := vendors.SplitCards(n)
		if s.InRange != possible || s.Primary+s.Backup != n {
			t.Fatalf("SplitCards(%d) = %+v, a split in range exists: %v", n, s, possible)
		}
	}
}

// Rule V2: each failed hard filter excludes and says why; an unchecked one
// leaves the vendor unverified.
func TestHardFilters(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*vendors.Vendor)
		status vendors.Status
		reason string
	}{
		{"all pass", func(*vendors.Vendor) {}, vendors.Eligible, ""},
		{"no B11", func(v *vendors.Vendor) { v.B11Licence = b(false) }, vendors.Excluded, "No B11"},
		{"no business licence", func(v *vendors.Vendor) { v.BusinessLicence = b(false) }, vendors.Excluded, "No business licence"},
		{"no VAT special invoice", func(v *vendors.Vendor) { v.VATSpecialInvoice = b(false) }, vendors.Excluded, "VAT special invoices"},
		{"SLA pays hours", func(v *vendors.Vendor) { v.SLAPays = vendors.PaysHours }, vendors.Excluded, "extra hours, not money"},
		{"SLA pays nothing", func(v *vendors.Vendor) { v.SLAPays = vendors.PaysNothing }, vendors.Excluded, "no compensation"},
		{"SLA pays vouchers", func(v *vendors.Vendor) { v.SLAPays = vendors.PaysVoucher }, vendors.Excluded, "vouchers, not money"}, // V2: an SLA that pays money,
		{"B11 unchecked", func(v *vendors.Vendor) { v.B11Licence = nil }, vendors.Unverified, "B11 licence not verified"},
		{"SLA unchecked", func(v *vendors.Vendor) { v.SLAPays = "" }, vendors.Unverified, "not verified"},
		{"unchecked and failed", func(v *vendors.Vendor) { v.B11Licence, v.BusinessLicence = nil, b(false) }, vendors.Excluded, "No business licence"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := good("x")
			tt.edit(&v)
			got := find(t, rank(t, vendors.Input{Vendors: []vendors.Vendor{v}}), "x")
			if got.Status != tt.status || !strings.Contains(strings.Join(got.ReasonsIn(msg.En), " "), tt.reason) {
				t.Errorf("%s %q, want %s with %q", got.Status, got.ReasonsIn(msg.En), tt.status, tt.reason)
			}
			if (got.Status == vendors.Excluded) != (got.Rank == 0) {
				t.Errorf("rank %d for %s", got.Rank, got.Status)
			}
		})
	}
}

// Rule V1 with equal and user weights, and rule V3's adjustments.
func TestScore(t *testing.T) {
	v := good("x")
	v.Scores = vendors.Scores{GPUCoverage: 5, SLA: 4, DataSecurity: 3, PriceTransparency: 2, Network: 1}
	got := find(t, rank(t, vendors.Input{Vendors: []vendors.Vendor{v}}), "x")
	if !got.Base.Equal(d("3")) || !got.Score.Equal(d("3")) {
		t.Errorf("equal weights: base %s score %s, want 3", got.Base, got.Score)
	}
	zero := &vendors.Weights{}
	if got := find(t, rank(t, vendors.Input{Weights: zero, Vendors: []vendors.Vendor{v}}), "x"); !got.Base.Equal(d("3")) {
		t.Errorf("all-zero weights: base %s, want equal weights' 3", got.Base)
	}
	// SLA counts three times: (5 + 12 + 3 + 2 + 1) ÷ 7.
	w := &vendors.Weights{GPUCoverage: d("1"), SLA: d("3"), DataSecurity: d("1"), PriceTransparency: d("1"), Network: d("1")}
	if got := find(t, rank(t, vendors.Input{Weights: w, Vendors: []vendors.Vendor{v}}), "x"); !got.Base.Equal(d("3.2857142857142857")) {
		t.Errorf("SLA ×3: base %s", got.Base)
	}
	v.Tier3GPURoom, v.SameCardCases, v.POC, v.Preemptible = b(true), b(false), vendors.POCRefused, b(true)
	got = find(t, rank(t, vendors.Input{Vendors: []vendors.Vendor{v}}), "x")
	// 3 + 0.25 − 0.25 − 1 − 0.5
	if !got.Score.Equal(d("1.5")) || len(got.Adjustments) != 4 {
		t.Errorf("score %s with %+v, want 1.5", got.Score, got.Adjustments)
	}
	if got.Adjustments[2].Signal != "poc" || !strings.Contains(got.Adjustments[2].ReasonIn(msg.En), "red flag") {
		t.Errorf("POC adjustment = %+v", got.Adjustments[2])
	}
}

func TestRankOrderAndSplit(t *testing.T) {
	best, second, unchecked, out := good("best"), good("second"), good("unchecked"), good("out")
	best.Scores.SLA = 5
	unchecked.Scores = vendors.Scores{5, 5, 5, 5, 5}
	unchecked.VATSpecialInvoice = nil
	out.Scores = vendors.Scores{5, 5, 5, 5, 5}
	out.B11Licence = b(false)
	r := rank(t, vendors.Input{Vendors: []vendors.Vendor{out, unchecked, second, best}, Cards: 8})
	var names []string
	for _, v := range r.Vendors {
		names = append(names, v.Name)
	}
	if strings.Join(names, ",") != "best,second,unchecked,out" {
		t.Errorf("order %v", names)
	}
	if r.Vendors[2].Rank != 3 || r.Vendors[3].Rank != 0 {
		t.Errorf("ranks %d, %d", r.Vendors[2].Rank, r.Vendors[3].Rank)
	}
	s := r.Split
	if s == nil || s.PrimaryVendor != "best" || s.BackupVendor != "second" || s.Primary != 5 || s.Backup != 3 {
		t.Errorf("split = %+v", s)
	}
	// One eligible vendor: no names, and the reason says why.
	r = rank(t, vendors.Input{Vendors: []vendors.Vendor{best, out, unchecked}, Cards: 8})
	if r.Split.PrimaryVendor != "" || !strings.Contains(r.Split.ReasonIn(msg.En), "1 vendor passes") {
		t.Errorf("split = %+v", r.Split)
	}
	if len(r.Notes) != 0 {
		t.Errorf("notes %v with 3 candidates", r.Notes)
	}
	if r := rank(t, vendors.Input{Vendors: []vendors.Vendor{out}}); len(r.Notes) != 2 || r.Split != nil {
		t.Errorf("one excluded vendor: notes %v split %v", r.Notes, r.Split)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*vendors.Input)
	}{
		{"weights.sla", func(in *vendors.Input) { in.Weights = &vendors.Weights{SLA: d("-1")} }},
		{"weights.network", func(in *vendors.Input) { in.Weights = &vendors.Weights{Network: d("101")} }},
		{"vendors", func(in *vendors.Input) { in.Vendors = nil }},
		{"vendors[0].name", func(in *vendors.Input) { in.Vendors[0].Name = "" }},
		{"vendors[1].name", func(in *vendors.Input) { in.Vendors[1].Name = "a" }},
		{"vendors[0].sla_pays", func(in *vendors.Input) { in.Vendors[0].SLAPays = "cash" }},
		{"vendors[0].poc", func(in *vendors.Input) { in.Vendors[0].POC = "maybe" }},
		{"vendors[0].scores.gpu_coverage", func(in *vendors.Input) { in.Vendors[0].Scores.GPUCoverage = 0 }},
		{"vendors[0].scores.network", func(in *vendors.Input) { in.Vendors[0].Scores.Network = 6 }},
		{"cards", func(in *vendors.Input) { in.Cards = -1 }},
	}
	for _, tt := range tests {
		in := vendors.Input{Vendors: []vendors.Vendor{good("a"), good("b")}}
		tt.edit(&in)
		err := in.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tt.field+" = ") {
			t.Errorf("want an error naming %s, got %v", tt.field, err)
		}
	}
}
