//go:build !wasm

package main

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/checklist"
	"github.com/gpuplan/gpuplan/shared/ops"
)

// TestJourneyFieldsLabelled: every field, choice and state these pages
// show has a label of its own in both languages (not the path itself).
func TestJourneyFieldsLabelled(t *testing.T) {
	var keys []string
	add := func(sec, prefix string, fs []pfield) {
		for _, f := range fs {
			keys = append(keys, sec+":"+labelKey(prefix+f.Path))
			for _, c := range f.Choices {
				if c != "" {
					keys = append(keys, f.Labels+":"+c)
				}
			}
		}
	}
	add("poc", "", pocRunFields)
	add("poc", "", pocTrialFields)
	for _, m := range pocMetrics {
		add("poc", m+".", []pfield{{Path: "measured"}, {Path: "target"}})
	}
	add("operations", "", opsSettingFields)
	add("operations", "months[0].", opsMonthFields)
	add("operations", "months[0].lines[0].", opsLineFields())
	add("operations", "budgets[0].lines[0].", opsLineFields())
	add("exit", "", exitFields)
	for _, id := range []string{"scaling", "performance", "utilisation", "network", "storage_iops", "container_start",
		"ease_of_use", "ticket_response", "trial_days", "same_machine"} {
		keys = append(keys, "poccheck:"+id)
	}
	for _, s := range []string{"pass", "fail", "not_judged", "not_measured"} {
		keys = append(keys, "pocstatus:"+s)
	}
	for _, st := range checklist.Stages {
		keys = append(keys, "stage:"+string(st))
	}
	for _, s := range []checklist.Status{checklist.Open, checklist.Done, checklist.NA} {
		keys = append(keys, "check:"+string(s))
	}
	for _, it := range ops.Items {
		keys = append(keys, "choice:item:"+it)
	}
	for _, k := range keys {
		if !hasJourneyLabel(k) {
			if sec, key, _ := strings.Cut(k, ":"); sec != "choice" || !hasProcLabel(key) {
				t.Errorf("no label for %s", k)
			}
		}
	}
}
