package text

import (
	"reflect"
	"strings"
	"testing"
)

// TestJourneyTextComplete: every text of the POC, operations, renewal and
// checklists pages exists in both languages (guide: every sentence a user
// reads is in zh-CN and en), and the formats take the same verbs (i18n_test.go's verbs).
func TestJourneyTextComplete(t *testing.T) {
	en, zh := reflect.ValueOf(*En.J()), reflect.ValueOf(*Zh.J())
	for i := range en.NumField() {
		f := en.Type().Field(i)
		if f.Name == "_" {
			continue
		}
		e, z := en.Field(i).String(), zh.Field(i).String()
		if e == "" || z == "" {
			t.Errorf("journeyText.%s: en %q, zh %q", f.Name, e, z)
		}
		if strings.HasSuffix(f.Name, "F") && verbs(e) != verbs(z) {
			t.Errorf("journeyText.%s: verbs %q in en, %q in zh", f.Name, verbs(e), verbs(z))
		}
	}
	for k, pair := range journeyLabels {
		if pair[0] == "" || pair[1] == "" {
			t.Errorf("journeyLabels[%q] = %q", k, pair)
		}
	}
}
