package catalog_test

import (
	"math"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

// TestBenchProfiles: every NVIDIA card's architecture has a profile, every
// range is ordered, plausible and sourced (rule A2 compares with the
// official figures; a range without a source is a guess).
func TestBenchProfiles(t *testing.T) {
	for _, c := range catalog.All() {
		if c.Vendor != "nvidia" {
			continue
		}
		if _, ok := catalog.BenchProfileFor(c.Architecture); !ok {
			t.Errorf("%s: no bench profile for architecture %q", c.ID, c.Architecture)
		}
	}
	if _, ok := catalog.BenchProfileFor("Da Vinci"); ok {
		t.Error("Da Vinci has a bench profile, but gpuverify bench runs CUDA only")
	}
	check := func(where string, e catalog.Efficiency) {
		t.Helper()
		if !e.Known() || e.Low < 0.3 || e.High > 1.3 || e.Low >= e.High {
			t.Errorf("%s: range %.2f–%.2f is not a plausible efficiency range", where, e.Low, e.High)
		}
		checkRef(t, where, e.Ref)
	}
	profiles := catalog.BenchProfiles()
	if len(profiles) != 3 {
		t.Errorf("%d profiles, want Ampere, Ada Lovelace and Hopper", len(profiles))
	}
	for _, p := range profiles {
		check(p.Architecture+" fp32", p.FP32)
		check(p.Architecture+" tensor", p.Tensor)
		check(p.Architecture+" memory", p.Memory)
	}
	check("pcie", catalog.PCIeCopyEfficiency())
	profiles[0].Architecture = "changed"
	if p, _ := catalog.BenchProfileFor("Ampere"); p.Architecture != "Ampere" {
		t.Error("BenchProfiles returned the catalogue's own slice")
	}
}

// TestBenchProfileFigures pins the ranges to the public measurements they
// cite: each cited healthy ratio must fall inside its range.
func TestBenchProfileFigures(t *testing.T) {
	tests := []struct {
		arch, kind string
		ratio      float64 // a healthy measurement from the Ref
	}{
		{"Ampere", "memory", 1732.0 / 2039},       // A100 80GB scale
		{"Ampere", "memory", 1880.0 / 2039},       // A100 80GB write-only
		{"Ampere", "tensor", 270.0 / 312},         // gpu-fryer A100 BF16
		{"Ampere", "fp32", 1305.0 / 1410},         // A100 clock under HPL
		{"Ada Lovelace", "tensor", 176.8 / 165.2}, // mmapeak
		{"Ada Lovelace", "tensor", 105.0 / 119.5}, // L20 HGEMM
		{"Ada Lovelace", "memory", 770.0 / 864},   // L40 scale
		{"Hopper", "memory", 3165.0 / 4800},       // H200 scale
		{"Hopper", "memory", 1704.0 / 2000},       // H100 PCIe scale
		{"Hopper", "tensor", 89.5 / 148},          // H20 mma HGEMM
		{"Hopper", "fp32", 1.0},                   // H200 at its max clock
	}
	for _, tt := range tests {
		p, ok := catalog.BenchProfileFor(tt.arch)
		if !ok {
			t.Fatalf("no profile for %s", tt.arch)
		}
		e := map[string]catalog.Efficiency{"fp32": p.FP32, "tensor": p.Tensor, "memory": p.Memory}[tt.kind]
		if tt.ratio < e.Low || tt.ratio > e.High {
			t.Errorf("%s %s: cited ratio %.3f is outside %.2f–%.2f", tt.arch, tt.kind, tt.ratio, e.Low, e.High)
		}
	}
	pcie := catalog.PCIeCopyEfficiency()
	for _, r := range []float64{12.35 / 15.75, 25.13 / 31.5, 57.06 / 63.0} {
		if r < pcie.Low || r > pcie.High {
			t.Errorf("pcie: cited ratio %.3f is outside %.2f–%.2f", r, pcie.Low, pcie.High)
		}
	}
	// nvbandwidth #6: the GPU at 14.2 GB/s on a Gen5 x16 link must be
	// below the range, or the check could not catch it.
	if r := 14.2 / 63.0; r >= pcie.Low*0.9 {
		t.Errorf("pcie: the broken link of nvbandwidth #6 (%.2f) would pass", r)
	}
}

func TestPCIeGBs(t *testing.T) {
	tests := []struct {
		gen, width int
		want       float64
		ok         bool
	}{
		{3, 16, 15.754, true},
		{4, 16, 31.508, true},
		{4, 8, 15.754, true},
		{5, 16, 63.015, true},
		{1, 1, 0.25, true},
		{2, 4, 2.0, true},
		{6, 16, 0, false},
		{0, 16, 0, false},
		{4, 0, 0, false},
		{4, 33, 0, false},
	}
	for _, tt := range tests {
		got, ok := catalog.PCIeGBs(tt.gen, tt.width)
		if ok != tt.ok || math.Abs(got-tt.want) > 0.001 {
			t.Errorf("PCIeGBs(%d, %d) = %.3f, %v; want %.3f, %v", tt.gen, tt.width, got, ok, tt.want, tt.ok)
		}
	}
}

func TestByProductNameAndPCIID(t *testing.T) {
	for name, want := range map[string]string{
		"NVIDIA H100 80GB HBM3":     "h100-80g-sxm",
		" nvidia a100-sxm4-80gb ":   "a100-80g-sxm",
		"NVIDIA GeForce RTX 4090":   "rtx-4090",
		"NVIDIA GeForce RTX 4090 D": "rtx-4090d", // its own card, not the 4090 (rule A1)
		"":                          "",
	} {
		c, ok := catalog.ByProductName(name)
		if ok != (want != "") || c.ID != want {
			t.Errorf("ByProductName(%q) = %q, %v; want %q", name, c.ID, ok, want)
		}
	}
	for id, want := range map[string]string{
		"0x233010DE": "h100-80g-sxm",
		"0x20b210de": "a100-80g-sxm",
		"0x268510DE": "rtx-4090d", // the 4090 D is its own card (rule A1)
		"0x232210DE": "",          // H800 PCIe: not in the catalogue
	} {
		c, ok := catalog.ByPCIDeviceID(id)
		if ok != (want != "") || c.ID != want {
			t.Errorf("ByPCIDeviceID(%q) = %q, %v; want %q", id, c.ID, ok, want)
		}
	}
}
