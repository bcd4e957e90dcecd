package catalog

import (
	"reflect"
	"testing"
)

// TestCheckSource: repository file names are refused, links and the
// article citations pass (the cost page once cited a research file by its
// name). The bad ones are what a reader could not open.
func TestCheckSource(t *testing.T) {
	bad := []string{
		"seeds/001_904782e9a6b86044.txt Q2 快速选型参考 (rule G2)",
		"research/sizing.md §4",
		"fixtures/nvidia-smi/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090",
		"research/tco.md F14: RTX 4090 card 12,000–15,000 CNY",
		"Leaked figures (sizing.md §4), https://example.com",
		"001_904782e9a6b86044.txt",
		"glennklockwood.com/garden/processors/A100",
		"",
	}
	for _, s := range bad {
		if CheckSource(s) == nil {
			t.Errorf("CheckSource(%q) passed", s)
		}
	}
	good := []string{
		Article001 + ", 问题二 快速选型参考 (rule G2)",
		"NVIDIA L40S datasheet (https://www.nvidia.com/en-us/data-center/l40s/)",
		"gpuplan estimate: the A100 80GB price scaled to 40GB",
		"assumption: extra public IPv4 addresses; replace with a quote",
		"press reports of server prices (IT时报)",
		"derived from the A100 price, " + Article001,
	}
	for _, s := range good {
		if err := CheckSource(s); err != nil {
			t.Errorf("CheckSource(%q): %v", s, err)
		}
	}
}

// TestSourcesCanBeOpened walks every Ref of the catalogue (cards, their
// prices and specs, purchase prices, bench profiles) through CheckSource.
func TestSourcesCanBeOpened(t *testing.T) {
	n := 0
	check := func(where string, r Ref) {
		if r.Source == "" {
			return // a figure that does not apply
		}
		n++
		if err := CheckSource(r.Source); err != nil {
			t.Errorf("%s: %v", where, err)
		}
	}
	for _, c := range All() {
		walkRefs(reflect.ValueOf(c), c.ID, check)
		if p, ok := PurchasePrice(c.ID); ok {
			check(c.ID+" purchase", p.Ref)
		}
	}
	for _, b := range BenchProfiles() {
		walkRefs(reflect.ValueOf(b), "bench "+b.Architecture, check)
	}
	walkRefs(reflect.ValueOf(PCIeCopyEfficiency()), "pcie copy", check)
	if n < 100 {
		t.Errorf("only %d sources walked; the walk misses some", n)
	}
}

// walkRefs calls f on every Ref inside v.
func walkRefs(v reflect.Value, at string, f func(string, Ref)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkRefs(v.Elem(), at, f)
		}
	case reflect.Struct:
		if r, ok := v.Interface().(Ref); ok {
			f(at, r)
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walkRefs(v.Field(i), at+"."+v.Type().Field(i).Name, f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkRefs(v.Index(i), at, f)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			walkRefs(v.MapIndex(k), at, f)
		}
	}
}
