package catalog_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

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
			// A vendor document wherever one exists.
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
