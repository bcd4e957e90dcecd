package text

import (
	"reflect"
	"testing"
)

// TestProcTextComplete: every procurement text and label exists in both
// languages (guide: every sentence a user reads is in zh-CN and en).
func TestProcTextComplete(t *testing.T) {
	for _, l := range []Lang{En, Zh} {
		v := reflect.ValueOf(*l.P())
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Name != "_" && v.Field(i).String() == "" {
				t.Errorf("%s: procText.%s is empty", l, f.Name)
			}
		}
	}
	for k, pair := range procLabels {
		if pair[0] == "" || pair[1] == "" {
			t.Errorf("procLabels[%q] = %q", k, pair)
		}
	}
}
