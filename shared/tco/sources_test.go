package tco_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/tco"
)

// TestDefaultPriceSources: every default price cites what a reader can
// open or is labelled an assumption, never a repository file.
func TestDefaultPriceSources(t *testing.T) {
	v := reflect.ValueOf(tco.DefaultPrices())
	for i := range v.NumField() {
		p := v.Field(i).Interface().(tco.Price)
		if err := catalog.CheckSource(p.Source); err != nil {
			t.Errorf("%s: %v", v.Type().Field(i).Name, err)
		}
	}
}

// TestDefaultPriceSaysInChinese: every default price names the message a
// reader sees for its source, which reads in Chinese.
func TestDefaultPriceSaysInChinese(t *testing.T) {
	v := reflect.ValueOf(tco.DefaultPrices())
	for i := range v.NumField() {
		p := v.Field(i).Interface().(tco.Price)
		name := v.Type().Field(i).Name
		if !strings.HasPrefix(p.Says.ID, "tco.assume.") {
			t.Errorf("%s: says %q, want a tco.assume message", name, p.Says.ID)
			continue
		}
		if err := msg.Check(p.Says); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if zh := p.Says.In(msg.Zh); zh == p.Says.In(msg.En) || !strings.ContainsAny(zh, "假设规则") {
			t.Errorf("%s in zh = %q", name, zh)
		}
	}
	if got := tco.DefaultPrices().StoragePerGBMonth.Says.In(msg.Zh); got != "假设：云 SSD/NVMe 标价约 0.3–1.0 元/GB·月；未找到公开价目表，请用报价替换" {
		t.Errorf("storage in zh = %q", got)
	}
}
