//go:build !wasm

package main

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

// TestProcFieldsLabelled: every field the procurement forms show has a
// label and every choice a text, in both languages.
func TestProcFieldsLabelled(t *testing.T) {
	groups := map[string][]pfield{"need.": needFields, "quotes[0].": quoteFields, "": slaFields,
		"credits.tiers[0].": tierFields, "data.": dataFields, "termination.": {{Path: "remaining_pct"}, {Path: "cap_months"}},
		"names.": nameFields, "weights.": weightFields, "vendors[0].": vendorFields}
	for _, extra := range [][]pfield{termFields, {{Path: "cards"}}} {
		groups[""] = append(groups[""], extra...)
	}
	for prefix, fs := range groups {
		for _, f := range fs {
			key := labelKey(prefix + f.Path)
			if _, ok := procLabels[key]; !ok {
				t.Errorf("no label for %s", key)
			}
			for _, c := range f.Choices {
				if _, ok := procLabels[f.Labels+":"+c]; c != "" && !ok {
					t.Errorf("no label for choice %s:%s", f.Labels, c)
				}
			}
		}
	}
}
