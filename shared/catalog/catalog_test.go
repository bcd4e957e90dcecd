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

func TestMemoryMiB(t *testing.T) {
	// Marketed "GB" on these cards is binary: the RTX 4090 fixture reports
	// 24564 MiB, more than 24e9 bytes (22888 MiB). So the ceiling is
	// GB x 1024 MiB; the driver keeps a reserve (ECC, firmware) that the
	// fixtures show at 0–3.2%, and 8% is the most we accept.
	for _, c := range catalog.All() {
		full := c.MemoryGB.Value * 1024
		got := c.MemoryMiB.Value
		if got > full || got < full*0.92 {
			t.Errorf("%s: %v MiB for %v GB; want between %v and %v MiB", c.ID, got, c.MemoryGB.Value, full*0.92, full)
		}
	}
	c := mustCard(t, "rtx-4090")
	if bytes := c.MemoryMiB.Value * (1 << 20); bytes <= c.MemoryGB.Value*1e9 {
		t.Errorf("rtx-4090: %v MiB is not above 24e9 bytes; the binary-GB reading above is wrong", c.MemoryMiB.Value)
	}
}

func TestPCIIDsAndNames(t *testing.T) {
	idRE := map[string]*regexp.Regexp{
		"nvidia": regexp.MustCompile(`^0x[0-9A-F]{4}10DE$`),
		"huawei": regexp.MustCompile(`^0x[0-9A-F]{4}19E5$`),
	}
	owner := map[string]string{}
	nameOwner := map[string]string{}
	for _, c := range catalog.All() {
		if len(c.PCIDeviceIDs) == 0 {
			t.Errorf("%s: no PCI device id", c.ID)
		}
		for _, id := range c.PCIDeviceIDs {
			if !idRE[c.Vendor].MatchString(id) {
				t.Errorf("%s: PCI id %q does not match %s", c.ID, id, idRE[c.Vendor])
			}
			// The verifier maps an id to one card; two owners would make
			// the match ambiguous.
			if o, dup := owner[id]; dup {
				t.Errorf("PCI id %s is listed by both %s and %s", id, o, c.ID)
			}
			owner[id] = c.ID
		}
		if c.Vendor == "nvidia" && len(c.ProductNames) == 0 {
			t.Errorf("%s: no NVML product name", c.ID)
		}
		for _, n := range c.ProductNames {
			if c.Vendor == "nvidia" && !strings.HasPrefix(n, "NVIDIA ") {
				t.Errorf("%s: product name %q does not start with \"NVIDIA \" as NVML names do", c.ID, n)
			}
			if o, dup := nameOwner[n]; dup {
				t.Errorf("product name %q is listed by both %s and %s", n, o, c.ID)
			}
			nameOwner[n] = c.ID
		}
	}
	// Cut-down or different cards that a vendor might deliver instead: they
	// must not match any entry (rule A1).
	others := map[string]string{
		"0x232210DE": "H800 PCIe",
		"0x232110DE": "H100 NVL",
		"0x233B10DE": "H200 NVL",
		"0x20F510DE": "A800 80GB PCIe",
	}
	for id, name := range others {
		if o, ok := owner[id]; ok {
			t.Errorf("%s lists %s (%s), a different card", o, id, name)
		}
	}
}

func TestFixtureFigures(t *testing.T) {
	// Figures read from fixtures/nvidia-smi (SOURCES.md): FB Memory Usage
	// Total, Max Clocks SM, Default Power Limit, PCIe generation and width
	// max, Device Id, Product Name.
	tests := []struct {
		id, fixture    string
		mib, clock     float64
		power, fxPower float64 // catalogue value; fixture's Default Power Limit
		gen, width     float64
		pciID, product string
	}{
		{"rtx-4090", "gpud__nvidia-smi-query.535.154.05.out.0.valid.4090", 24564, 3105, 450, 450, 4, 16, "0x268410DE", "NVIDIA GeForce RTX 4090"},
		{"h100-80g-sxm", "gpud__nvidia-smi-query.535.183.01.out.0.valid", 81559, 1980, 700, 700, 5, 16, "0x233010DE", "NVIDIA H100 80GB HBM3"},
		{"h200-141g", "nvidia_gpu_exporter__linux-x86_64__nvidia-h200-mig__590.48.01.txt", 143771, 1980, 700, 700, 5, 16, "0x233510DE", "NVIDIA H200"},
		{"l40s-48g", "nvidia_gpu_exporter__linux-x86_64__nvidia-l40s__595.80.txt", 46068, 2520, 350, 350, 4, 16, "0x26B910DE", "NVIDIA L40S"},
		// The A100 fixture's board has a 500 W default; the catalogue keeps
		// the 400 W floor of a normal board.
		{"a100-80g-sxm", "telegraf__a100-sxm4-v12.xml", 81920, 1410, 400, 500, 4, 16, "0x20B210DE", "NVIDIA A100-SXM4-80GB"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			c := mustCard(t, tt.id)
			for _, f := range []struct {
				name string
				s    catalog.Spec
				want float64
			}{
				{"MemoryMiB", c.MemoryMiB, tt.mib},
				{"MaxSMClockMHz", c.MaxSMClockMHz, tt.clock},
				{"PCIeGen", c.PCIeGen, tt.gen},
				{"PCIeWidth", c.PCIeWidth, tt.width},
			} {
				if f.s.Value != f.want {
					t.Errorf("%s = %v, want %v", f.name, f.s.Value, f.want)
				}
				// The source links the fixture's upstream file: the name
				// after "<repo>__" (fixtures/nvidia-smi/SOURCES.md).
				_, upstream, _ := strings.Cut(tt.fixture, "__")
				if !strings.Contains(f.s.Ref.Source, "https://github.com/") || !strings.Contains(f.s.Ref.Source, upstream) {
					t.Errorf("%s cites %q, want the upstream file of %s", f.name, f.s.Ref.Source, tt.fixture)
				}
			}
			if c.DefaultPowerW.Value != tt.power || c.DefaultPowerW.Value > tt.fxPower {
				t.Errorf("DefaultPowerW = %v, want %v (fixture reports %v)", c.DefaultPowerW.Value, tt.power, tt.fxPower)
			}
			if !slices.Contains(c.PCIDeviceIDs, tt.pciID) {
				t.Errorf("PCIDeviceIDs = %q, want %s", c.PCIDeviceIDs, tt.pciID)
			}
			if !slices.Contains(c.ProductNames, tt.product) {
				t.Errorf("ProductNames = %q, want %q", c.ProductNames, tt.product)
			}
		})
	}
}

func TestSizingFigures(t *testing.T) {
	// Key figures of the datasheets and spec tables the cards cite, with
	// the unconfirmed ones marked.
	tests := []struct {
		id, field   string
		want        float64
		unconfirmed bool
	}{
		{"rtx-4090", "MemoryGB", 24, false},
		{"rtx-4090", "BandwidthGBs", 1008, false},
		{"rtx-4090", "BF16TFLOPS", 165.2, false},
		{"rtx-4090", "FP32TFLOPS", 82.6, false},
		{"rtx-4090", "TDPW", 450, false},
		{"a100-40g-pcie", "BandwidthGBs", 1555, false},
		{"a100-40g-pcie", "TDPW", 250, false},
		{"a100-40g-sxm", "NVLinkGBs", 600, false},
		{"a100-80g-pcie", "BandwidthGBs", 1935, false},
		{"a100-80g-pcie", "NVLinkBridgeGBs", 600, false},
		{"a100-80g-sxm", "BandwidthGBs", 2039, false},
		{"a100-80g-sxm", "BF16TFLOPS", 312, false},
		{"a100-80g-sxm", "FP32TFLOPS", 19.5, false},
		{"a100-80g-sxm", "TDPW", 400, false},
		{"a800-80g-sxm", "NVLinkGBs", 400, false},
		{"h100-80g-sxm", "BandwidthGBs", 3350, false},
		{"h100-80g-sxm", "BF16TFLOPS", 989, false},
		{"h100-80g-sxm", "FP32TFLOPS", 67, false},
		{"h100-80g-sxm", "TDPW", 700, false},
		{"h100-80g-sxm", "NVLinkGBs", 900, false},
		{"h100-80g-pcie", "BandwidthGBs", 2000, false},
		{"h100-80g-pcie", "BF16TFLOPS", 756, false},
		{"h100-80g-pcie", "TDPW", 350, false},
		{"h100-80g-pcie", "NVLinkBridgeGBs", 600, false},
		{"h800-80g-sxm", "BF16TFLOPS", 989, true},
		{"h800-80g-sxm", "NVLinkGBs", 400, true},
		{"h20-96g", "MemoryGB", 96, false},
		{"h20-96g", "BandwidthGBs", 4000, true},
		{"h20-96g", "BF16TFLOPS", 148, true},
		{"h20-96g", "FP32TFLOPS", 44, true},
		{"h20-96g", "TDPW", 500, true},
		{"rtx-4090", "FP8TFLOPS", 330.3, false},
		{"rtx-4090", "INT8TOPS", 660.6, false},
		{"a100-80g-sxm", "INT8TOPS", 624, false},
		{"h100-80g-sxm", "FP8TFLOPS", 1979, false},
		{"h100-80g-pcie", "FP8TFLOPS", 1513, false},
		{"h200-141g", "FP8TFLOPS", 1979, false},
		{"h20-96g", "FP8TFLOPS", 296, true},
		{"l40s-48g", "FP8TFLOPS", 733, false},
		{"h200-141g", "MemoryGB", 141, false},
		{"h200-141g", "BandwidthGBs", 4800, false},
		{"h200-141g", "BF16TFLOPS", 989, false},
		{"l40s-48g", "BandwidthGBs", 864, false},
		{"l40s-48g", "BF16TFLOPS", 362, false},
		{"l40s-48g", "FP32TFLOPS", 91.6, false},
		{"l20-48g", "BF16TFLOPS", 119.5, true},
		{"l20-48g", "FP32TFLOPS", 59.4, false},
		{"l20-48g", "TDPW", 275, true},
		{"ascend-910b", "MemoryGB", 64, false},
		{"ascend-910b", "BandwidthGBs", 1600, true},
		{"ascend-910b", "BF16TFLOPS", 280, true},
		{"ascend-910b", "NVLinkGBs", 392, true},
	}
	for _, tt := range tests {
		t.Run(tt.id+"/"+tt.field, func(t *testing.T) {
			s, ok := specFields(mustCard(t, tt.id))[tt.field]
			if !ok {
				t.Fatalf("Card has no Spec field %s", tt.field)
			}
			if s.Value != tt.want || s.Ref.Unconfirmed != tt.unconfirmed {
				t.Errorf("= %v (unconfirmed %v), want %v (unconfirmed %v)", s.Value, s.Ref.Unconfirmed, tt.want, tt.unconfirmed)
			}
			// Issue 10 item 9: a vendor document wherever one exists.
			if doc := vendorDoc(tt.id); doc != "" && !strings.Contains(s.Ref.Source, doc) {
				t.Errorf("cites %q, want the vendor's %q", s.Ref.Source, doc)
			}
		})
	}
}

func TestInterconnect(t *testing.T) {
	// Decision: PCIe A100/H100 count as PCIe-only. An NVLink bridge joins
	// only two cards and is fitted only when the vendor says so; the bridge
	// is recorded in NVLinkBridgeGBs instead.
	wantNone := []string{"rtx-4090", "rtx-4090d", "a100-40g-pcie", "a100-80g-pcie", "h100-80g-pcie", "l40s-48g", "l20-48g"}
	wantBridge := []string{"a100-40g-pcie", "a100-80g-pcie", "h100-80g-pcie"}
	var none, bridged []string
	for _, c := range catalog.All() {
		if c.NVLinkBridgeGBs.Known() {
			bridged = append(bridged, c.ID)
		}
		if !c.HasNVLink() {
			none = append(none, c.ID)
			if c.Interconnect != catalog.PCIeOnly || c.NVLinkGBs.Known() || c.NVLinkLinks != 0 {
				t.Errorf("%s: no NVLink but interconnect %q, %v GB/s, %d links", c.ID, c.Interconnect, c.NVLinkGBs.Value, c.NVLinkLinks)
			}
			continue
		}
		if !c.NVLinkGBs.Known() || c.NVLinkLinks <= 0 {
			t.Errorf("%s: %s without bandwidth (%v) or links (%d)", c.ID, c.Interconnect, c.NVLinkGBs.Value, c.NVLinkLinks)
		}
		if want := c.Vendor == "huawei"; (c.Interconnect == catalog.HCCS) != want {
			t.Errorf("%s: interconnect %q for vendor %s", c.ID, c.Interconnect, c.Vendor)
		}
	}
	if !slices.Equal(none, wantNone) {
		t.Errorf("cards without NVLink = %q, want %q", none, wantNone)
	}
	if !slices.Equal(bridged, wantBridge) {
		t.Errorf("cards with an NVLink bridge = %q, want %q", bridged, wantBridge)
	}
	// China SKUs have their NVLink cut (A800 and H800: 400 GB/s).
	for cut, full := range map[string]string{"a800-80g-sxm": "a100-80g-sxm", "h800-80g-sxm": "h100-80g-sxm"} {
		if c, f := mustCard(t, cut), mustCard(t, full); c.NVLinkGBs.Value >= f.NVLinkGBs.Value {
			t.Errorf("%s NVLink %v GB/s, want below %s's %v", cut, c.NVLinkGBs.Value, full, f.NVLinkGBs.Value)
		}
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
