package text

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
)

// TestUXTextComplete: every field of UXText is filled in both languages,
// the format verbs agree, and the Chinese differs from the English.
func TestUXTextComplete(t *testing.T) {
	en, zh := reflect.ValueOf(uxEn), reflect.ValueOf(uxZh)
	for i := range en.NumField() {
		name := en.Type().Field(i).Name
		e, z := en.Field(i).String(), zh.Field(i).String()
		if strings.TrimSpace(e) == "" || strings.TrimSpace(z) == "" {
			t.Errorf("%s is empty in en (%q) or zh-CN (%q)", name, e, z)
		}
		if strings.Count(e, "%") != strings.Count(z, "%") {
			t.Errorf("%s: en and zh-CN have different format verbs: %q, %q", name, e, z)
		}
		if e == z && name != "GridGPU" {
			t.Errorf("%s: zh-CN is the English text", name)
		}
	}
	if Zh.UX() != &uxZh || En.UX() != &uxEn || Lang("x").UX() != &uxEn {
		t.Error("UX() picks the wrong table")
	}
}

// TestKindTitles: every kind of check has a Chinese heading, and an
// English one from shared/acceptance (what gpuverify check prints).
func TestKindTitles(t *testing.T) {
	for _, k := range acceptance.Kinds {
		zh, en := KindTitle(Zh, k), KindTitle(En, k)
		if zh == "" || en == "" || zh == en || en == string(k) {
			t.Errorf("kind %s: zh %q, en %q", k, zh, en)
		}
	}
}
