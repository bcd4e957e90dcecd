//go:build !wasm

package main

import (
	"testing"
)

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
			if !hasProcLabel(key) {
				t.Errorf("no label for %s", key)
			}
			for _, c := range f.Choices {
				if c != "" && !hasProcLabel(f.Labels+":"+c) {
					t.Errorf("no label for choice %s:%s", f.Labels, c)
				}
			}
		}
	}
}
