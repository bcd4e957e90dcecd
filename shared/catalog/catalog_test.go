package catalog_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// wantIDs is the stable catalogue order: plan files, the planner's tables and
// the verifier refer to cards by these ids.
var wantIDs = []string{
	"rtx-4090",
	"rtx-4090d",
	"a100-40g-pcie",
	"a100-40g-sxm",
	"a100-80g-pcie",
	"a100-80g-sxm",
	"a800-80g-sxm",
	"h100-80g-sxm",
	"h100-80g-pcie",
	"h800-80g-sxm",
	"h20-96g",
	"h20-141g",
	"h200-141g",
	"l40s-48g",
	"l20-48g",
	"ascend-910b",
}

func mustCard(t *testing.T, id string) catalog.Card {
	t.Helper()
	c, ok := catalog.ByID(id)
	if !ok {
		t.Fatalf("ByID(%q): not found", id)
	}
	return c
}

// specFields returns every Spec field of c by Go field name, found by
// reflection so that a Spec added to Card later is checked as well.
func specFields(c catalog.Card) map[string]catalog.Spec {
	out := map[string]catalog.Spec{}
	v := reflect.ValueOf(c)
	for i := range v.NumField() {
		if s, ok := v.Field(i).Interface().(catalog.Spec); ok {
			out[v.Type().Field(i).Name] = s
		}
	}
	return out
}

var dateRE = regexp.MustCompile(`^20\d\d(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$`)

// checkRef reports a Ref without a source or a date, with a malformed date,
// or marked unconfirmed without saying why.
func checkRef(t *testing.T, where string, r catalog.Ref) {
	t.Helper()
	if r.Source == "" {
		t.Errorf("%s: no source", where)
	}
	if !dateRE.MatchString(r.Date) {
		t.Errorf("%s: date %q is not YYYY, YYYY-MM or YYYY-MM-DD", where, r.Date)
	}
	if r.Unconfirmed && r.Note.IsZero() {
		t.Errorf("%s: unconfirmed without a note saying why", where)
	}
}

func TestIDs(t *testing.T) {
	if got := catalog.IDs(); !slices.Equal(got, wantIDs) {
		t.Fatalf("IDs() = %q, want %q", got, wantIDs)
	}
	all := catalog.All()
	if len(all) != len(wantIDs) {
		t.Fatalf("All() has %d cards, want %d", len(all), len(wantIDs))
	}
	for i, c := range all {
		if c.ID != wantIDs[i] {
			t.Errorf("All()[%d].ID = %q, want %q", i, c.ID, wantIDs[i])
		}
	}
}

func TestByID(t *testing.T) {
	for _, id := range wantIDs {
		if c := mustCard(t, id); c.ID != id {
			t.Errorf("ByID(%q).ID = %q", id, c.ID)
		}
	}
	for _, id := range []string{"", "h100", "H100-80G-SXM", "rtx-4090 ", "a100"} {
		if c, ok := catalog.ByID(id); ok {
			t.Errorf("ByID(%q) found %q, want not found", id, c.ID)
		}
	}
}

func TestAllReturnsCopy(t *testing.T) {
	a := catalog.All()
	a[0].ID = "changed"
	a[1] = catalog.Card{}
	if got := catalog.All(); got[0].ID != wantIDs[0] || got[1].ID != wantIDs[1] {
		t.Errorf("changing All()'s result changed the catalogue: %q, %q", got[0].ID, got[1].ID)
	}
	if _, ok := catalog.ByID(wantIDs[1]); !ok {
		t.Errorf("ByID(%q) lost after changing All()'s result", wantIDs[1])
	}
}

func TestCardFields(t *testing.T) {
	archs := map[string]bool{"Ada Lovelace": true, "Ampere": true, "Hopper": true, "Da Vinci": true}
	forms := map[string]bool{"pcie": true, "sxm": true, "oam": true, "module": true}
	for _, c := range catalog.All() {
		if c.Name == "" || c.MemoryType == "" {
			t.Errorf("%s: empty Name %q or MemoryType %q", c.ID, c.Name, c.MemoryType)
		}
		if c.Vendor != "nvidia" && c.Vendor != "huawei" {
			t.Errorf("%s: vendor %q, want nvidia or huawei", c.ID, c.Vendor)
		}
		if !archs[c.Architecture] {
			t.Errorf("%s: architecture %q not one of %v", c.ID, c.Architecture, archs)
		}
		if !forms[c.FormFactor] {
			t.Errorf("%s: form factor %q not one of %v", c.ID, c.FormFactor, forms)
		}
		// Only Huawei's Ascend is domestic (信创) hardware here (rule G2).
		if c.Domestic != (c.Vendor == "huawei") {
			t.Errorf("%s: Domestic = %v for vendor %s", c.ID, c.Domestic, c.Vendor)
		}
	}
}

func TestSpecsCiteSources(t *testing.T) {
	// The planner sizes and prices with these; a card without them is useless.
	required := []string{"MemoryGB", "MemoryMiB", "BandwidthGBs", "BF16TFLOPS", "TDPW"}
	// The verifier compares these with NVML on NVIDIA cards (rules A1, A2).
	requiredNVIDIA := []string{"FP32TFLOPS", "FP64TFLOPS", "PCIeGen", "PCIeWidth", "MaxSMClockMHz", "DefaultPowerW"}
	// Known gaps, each explained in the card's data or caveats.
	gaps := map[string]bool{
		"h20-96g/MaxSMClockMHz":   true, // no source gives the H20's clock
		"h20-141g/MaxSMClockMHz":  true, // nor the H20-3e's
		"h20-141g/DefaultPowerW":  true, // no H20-3e capture was read
		"rtx-4090d/MaxSMClockMHz": true, // no 4090 D capture was read
	}
	for _, c := range catalog.All() {
		fields := specFields(c)
		for name, s := range fields {
			where := c.ID + "." + name
			if !s.Known() {
				if !reflect.DeepEqual(s, catalog.Spec{}) {
					t.Errorf("%s: value %v or ref %+v without a source", where, s.Value, s.Ref)
				}
				continue
			}
			checkRef(t, where, s.Ref)
			if s.Value <= 0 {
				t.Errorf("%s: %v with a source; want a positive figure", where, s.Value)
			}
		}
		need := required
		if c.Vendor == "nvidia" {
			need = append(slices.Clone(required), requiredNVIDIA...)
		}
		for _, name := range need {
			key := c.ID + "/" + name
			if known := fields[name].Known(); known == gaps[key] {
				t.Errorf("%s: Known() = %v, but the gap list says %v", key, known, gaps[key])
			}
		}
		checkRef(t, c.ID+".IDRef", c.IDRef)
	}
}

func TestSpecFieldsFound(t *testing.T) {
	// Guards specFields: if reflection found nothing, the test above would
	// pass on an empty map.
	got := len(specFields(catalog.Card{}))
	if got != 15 {
		t.Errorf("specFields found %d Spec fields in Card, want 15 (update this test and the required lists below it when adding one)", got)
	}
}

func TestCaveats(t *testing.T) {
	tests := []struct {
		id    string
		words []string
	}{
		{"rtx-4090", []string{"ECC", "NVLink", "peer-to-peer", "4090 D"}},
		{"a100-40g-pcie", []string{"NVLink bridge"}},
		{"a100-80g-pcie", []string{"NVLink bridge"}},
		{"h100-80g-pcie", []string{"NVLink bridge"}},
		{"a800-80g-sxm", []string{"export controls", "400 GB/s"}},
		{"h800-80g-sxm", []string{"export controls", "400 GB/s", "FP64"}},
		{"h20-96g", []string{"export controls", "148 TFLOPS"}},
		{"l20-48g", []string{"export controls", "No NVLink"}},
		{"ascend-910b", []string{"CANN", "MindIE", "vllm-ascend", "npu-smi"}},
	}
	for _, tt := range tests {
		all := strings.Join(msg.Strings(msg.En, caveatMessages(mustCard(t, tt.id))), " ")
		for _, w := range tt.words {
			if !strings.Contains(all, w) {
				t.Errorf("%s: caveats do not mention %q: %q", tt.id, w, all)
			}
		}
	}
	for _, c := range catalog.All() {
		for _, cv := range msg.Strings(msg.En, caveatMessages(c)) {
			if !strings.HasSuffix(cv, ".") {
				t.Errorf("%s: caveat %q is not a sentence", c.ID, cv)
			}
		}
	}
}

// caveatMessages are the messages of c's caveats.
func caveatMessages(c catalog.Card) []msg.M {
	out := make([]msg.M, len(c.Caveats))
	for i, cv := range c.Caveats {
		out[i] = cv.M
	}
	return out
}

func TestJSONRoundTrip(t *testing.T) {
	first, err := json.Marshal(catalog.All())
	if err != nil {
		t.Fatal(err)
	}
	var back []catalog.Card
	if err := json.Unmarshal(first, &back); err != nil {
		t.Fatal(err)
	}
	second, err := json.Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Errorf("JSON changed after a decode and re-encode")
	}
}

func TestGolden(t *testing.T) {
	got, err := json.MarshalIndent(catalog.All(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	testkit.Golden(t, filepath.Join("testdata", "catalog.golden.json"), got)
}

func BenchmarkByID(b *testing.B) {
	last := wantIDs[len(wantIDs)-1]
	for b.Loop() {
		if _, ok := catalog.ByID(last); !ok {
			b.Fatal("not found")
		}
	}
}

func BenchmarkAll(b *testing.B) {
	for b.Loop() {
		if len(catalog.All()) == 0 {
			b.Fatal("empty")
		}
	}
}

// TestPurchasePrices checks that every card has a purchase price for rule
// D1 with a source, and that unsourced ones say so.
func TestPurchasePrices(t *testing.T) {
	for _, id := range catalog.IDs() {
		p, ok := catalog.PurchasePrice(id)
		if !ok {
			t.Errorf("%s: no purchase price", id)
			continue
		}
		if p.Low.IsNegative() || p.Low.GreaterThan(p.High) || p.Low.IsZero() {
			t.Errorf("%s: purchase price %s–%s", id, p.Low, p.High)
		}
		if p.Ref.Source == "" || p.Ref.Date == "" {
			t.Errorf("%s: purchase price without source", id)
		}
		if strings.HasPrefix(p.Ref.Source, "gpuplan estimate") && !p.Ref.Unconfirmed {
			t.Errorf("%s: an estimate must be marked unconfirmed", id)
		}
	}
	if p, _ := catalog.PurchasePrice("h100-80g-sxm"); !p.Low.Equal(decimal.NewFromInt(2700000).Div(decimal.NewFromInt(8))) {
		t.Errorf("H100 purchase = %s, want 2,700,000 / 8 (2024 grey-market node price)", p.Low)
	}
}

// vendorDoc names the vendor document a card's specs must cite; empty for
// cards with no public datasheet (A800, H800, H20, L20, Ascend 910B).
func vendorDoc(id string) string {
	switch {
	case id == "rtx-4090":
		return "NVIDIA Ada GPU Architecture whitepaper"
	case strings.HasPrefix(id, "a100-"):
		return "NVIDIA A100 Tensor Core GPU datasheet"
	case strings.HasPrefix(id, "h100-"):
		return "NVIDIA H100 Tensor Core GPU datasheet"
	case id == "h200-141g":
		return "NVIDIA H200 Tensor Core GPU datasheet"
	case id == "l40s-48g":
		return "NVIDIA L40S datasheet"
	}
	return ""
}
