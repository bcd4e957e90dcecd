//go:build !wasm

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/checklist"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/poc"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
)

// seedSections are the procurement sections of the plan testdata's sheet.
func seedSections(t *testing.T) *plan.Procurement {
	t.Helper()
	data, err := os.ReadFile("../shared/plan/testdata/procurement.req.json")
	if err != nil {
		t.Fatal(err)
	}
	req, err := plan.DecodeRequirements(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return req.Procurement
}

// Rule O1 from a monitor CSV into the operations form: the vendor's month
// takes the CSV's mean, a month not recorded is added with the GPUs seen,
// and the section still passes ops.Review.
func TestApplyMonitorDraft(t *testing.T) {
	f, err := os.Open("../shared/ops/testdata/monitor.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := ops.ParseMonitor(f)
	if err != nil {
		t.Fatal(err)
	}
	d := form.SectionDraft(seedSections(t), "operations")
	d = applyMonitor(d, "", m)
	if got := d.Get("months[2].utilisation_pct"); got != "45" { // 2026-09
		t.Errorf("September = %q, want 45", got)
	}
	if d.Get("months[3].month") != "2026-10" || d.Get("months[3].cards") != "2" || d.Get("months[3].utilisation_pct") != "57" {
		t.Errorf("October row: %q %q %q", d.Get("months[3].month"), d.Get("months[3].cards"), d.Get("months[3].utilisation_pct"))
	}
	sec, err := form.BuildSection("operations", d)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := ops.Review(*sec.Operations); err != nil || len(r.Months) != 4 {
		t.Errorf("review: %d months, %v", len(r.Months), err)
	}
}

// A facts document in a saved draft is kept whole up to poc.MaxFactsBytes;
// typed text is cut at the typed-text bound.
func TestClipDraft(t *testing.T) {
	big := "{" + strings.Repeat(" ", 10000) + "}"
	if got := form.ClipDraft("poc", "poc_facts", big); got != big {
		t.Errorf("facts cut to %d bytes", len(got))
	}
	if got := form.ClipDraft("poc", "poc_facts", strings.Repeat(" ", poc.MaxFactsBytes+1)); got != "" {
		t.Errorf("facts over the bound kept (%d bytes)", len(got))
	}
	if got := form.ClipDraft("poc", "throughput.unit", big); len(got) != form.MaxDraftText {
		t.Errorf("typed text kept %d bytes", len(got))
	}
	if got := form.ClipDraft("quotes", "poc_facts", big); len(got) != form.MaxDraftText {
		t.Errorf("another section's field kept %d bytes", len(got))
	}
}

// The journey marks of the four stages (rules P2–P3, O2, E1, L1).
func TestJourneyStagesB(t *testing.T) {
	empty := form.State{}
	for _, id := range []string{routePOC, routeOperations, routeRenewal, routeChecklists} {
		if s := stageFor(id, empty); s != stageEmpty {
			t.Errorf("%s with nothing entered: %s", id, s)
		}
	}
	proc, err := form.NewProcurement(seedSections(t))
	if err != nil {
		t.Fatal(err)
	}
	st := form.State{Proc: proc}
	for id, want := range map[string]stage{routePOC: stageDone, routeOperations: stageDone, routeRenewal: stageDone,
		routeChecklists: stageInProgress} {
		if s := stageFor(id, st); s != want {
			t.Errorf("%s: %s, want %s", id, s, want)
		}
	}
	// A refused figure puts the POC back in progress.
	st.Proc = st.Proc.Edit("poc", st.Proc.Draft("poc").With("cards", "lots"))
	if s := stageFor(routePOC, st); s != stageInProgress {
		t.Errorf("POC with a refused field: %s", s)
	}
	// Every checklist item done or n/a: the checklists are done.
	var cs checklist.State
	for _, l := range checklist.Lists() {
		for _, it := range l.Items {
			cs, _ = cs.Set(it.ID, checklist.Done, "")
		}
	}
	st.Proc = st.Proc.Edit("checklists", form.SectionDraft(&plan.Procurement{Checklists: &cs}, "checklists"))
	if s := stageFor(routeChecklists, st); s != stageDone {
		t.Errorf("checklists all done: %s", s)
	}
}
