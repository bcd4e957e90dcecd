//go:build !wasm

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestFleetBlock: several reports loaded at once are merged by the same
// code as gpuverify merge, against the plan on the page: the same report
// twice is one box counted twice (rule A1), and a file that is not a
// report is named and not merged.
func TestFleetBlock(t *testing.T) {
	h100 := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	file := testReport(t, h100)
	files := []loadedFile{{name: "a.json", data: file}, {name: "b.json", data: file}, {name: "c.txt", data: []byte("hello")}}
	f, err := runFleet(files, h100, time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if f.Plan.From != "plan-file" || len(f.Nodes) != 2 || len(f.Rejected) != 1 || f.Summary.Verdict != "fail" {
		t.Fatalf("fleet: plan from %s, %d nodes, %d rejected, verdict %s", f.Plan.From, len(f.Nodes), len(f.Rejected), f.Summary.Verdict)
	}
	html := app.HTMLString(fleetBlock(En, f))
	for _, want := range []string{`id="fleet-table"`, "a.json", "b.json", "c.txt: not a gpuverify report"} {
		if !strings.Contains(html, want) {
			t.Errorf("the fleet block lacks %s", want)
		}
	}
	for _, id := range []string{"fleet_unique_gpus", "fleet_inputs"} {
		if got := rowStatus(html, id); got != "fail" {
			t.Errorf("%s: row status %q, want fail", id, got)
		}
	}
	if zh := app.HTMLString(fleetBlock(Zh, f)); !strings.Contains(zh, "集群") {
		t.Error("the Chinese fleet block has no Chinese title")
	}
}

// rowStatus is the data-status of the check table row of check id (the
// attributes of a tag come in any order).
func rowStatus(html, id string) string {
	for _, tag := range strings.Split(html, "<tr") {
		tag, _, _ = strings.Cut(tag, ">")
		if !strings.Contains(tag, `data-check="`+id+`"`) {
			continue
		}
		_, rest, ok := strings.Cut(tag, `data-status="`)
		if !ok {
			return ""
		}
		st, _, _ := strings.Cut(rest, `"`)
		return st
	}
	return ""
}
