//go:build !wasm

package form

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// procurementOf reads the procurement sections of shared/plan's golden
// procurement plan.
func procurementOf(t *testing.T) *Procurement {
	t.Helper()
	p := goldenPlan(t, "procurement")
	proc, err := NewProcurement(p.Requirements.Procurement)
	if err != nil || proc == nil {
		t.Fatalf("NewProcurement: %v", err)
	}
	return proc
}

// TestProcurementState: the procurement sections of an imported plan live
// in storage next to the input and come back on reload, also when a link
// gives the input; they never go into the URL. Sections storage cannot
// read are left out with a notice, and the sheet survives.
func TestProcurementState(t *testing.T) {
	proc := procurementOf(t)
	if got := strings.Join(proc.Names(), " "); got != "quotes vendors contract poc operations exit checklists" {
		t.Errorf("Names = %q", got)
	}
	st := State{Lang: msg.En, Input: in("hours_per_day", "12"), Proc: proc}
	saved := st.Saved()
	if !strings.Contains(saved, `"procurement":{"quotes":`) {
		t.Fatalf("storage lacks the sections: %s", saved)
	}
	back, problems := LoadState(url.Values{}, saved, "")
	if problems != nil || back.Proc == nil || !back.Input.Equal(st.Input) || back.Saved() != saved {
		t.Errorf("reload: sections %v, input %v, problems %v", back.Proc != nil, back.Input.v, problems)
	}
	if q := st.Query().Encode(); strings.Contains(q, "procurement") || strings.Contains(q, "quote") {
		t.Errorf("the URL carries procurement data: %s", q)
	}
	link, _ := LoadState(mustQuery(t, "concurrency=8&lang=en"), saved, "")
	if link.Proc == nil || link.Input.Get("concurrency") != "8" || link.Input.Get("hours_per_day") != "" {
		t.Errorf("a link: input %v, sections kept %v", link.Input.v, link.Proc != nil)
	}
	if o := ComputeState(back); o.Plan == nil || o.Plan.Requirements.Procurement == nil {
		t.Errorf("the plan lacks the sections: %v %v", o.Errors, o.Err)
	}

	bad := `{"v":2,"lang":"en","input":{"hours_per_day":"12"},"procurement":{"quotes":{"nonsense":1}}}`
	got, problems := LoadState(url.Values{}, bad, "")
	if got.Proc != nil || got.Input.Get("hours_per_day") != "12" || len(problems) != 1 || !problems[0].Procurement {
		t.Fatalf("bad sections: %+v %+v", got, problems)
	}
	if msg := problems[0].Message(msg.En); !strings.Contains(msg, `procurement part "quotes"`) || !strings.Contains(msg, "nonsense") {
		t.Errorf("notice %q does not say what was dropped and why", msg)
	}
	// Well-formed but refused by plan.Build: an exit date that is no date.
	// The exit section is dropped alone; the six others stay.
	invalid := strings.Replace(saved, `"contract_end":"2026-09-30"`, `"contract_end":"30.9.2026"`, 1)
	if invalid == saved {
		t.Fatal("the golden sections have no exit date to spoil")
	}
	g, ps := LoadState(url.Values{}, invalid, "")
	if g.Proc == nil || strings.Join(g.Proc.Names(), " ") != "quotes vendors contract poc operations checklists" ||
		len(ps) != 1 || !ps[0].Procurement || ps[0].Key != "exit" || !strings.Contains(ps[0].Reason.String(), "contract_end") {
		t.Errorf("invalid exit section: kept %v, problems %+v", g.Proc.Names(), ps)
	}
}

// TestBadChecklistItemDroppedAlone: one bad checklist item is dropped with a
// notice naming it; the other items and every other section stay (issue
// 13: one bad item erased every procurement section).
func TestBadChecklistItemDroppedAlone(t *testing.T) {
	st := State{Lang: msg.En, Input: in("hours_per_day", "12"), Proc: procurementOf(t)}
	saved := st.Saved()
	items := st.Proc.Sections.Checklists.Items
	if len(items) < 2 {
		t.Fatal("the golden plan has too few checklist items")
	}
	first := `{"id":"` + items[0].ID + `"`
	if !strings.Contains(saved, first) {
		t.Fatalf("saved state lacks %s", first)
	}
	spoiled := strings.Replace(saved, first, `{"id":"999.9"},`+first, 1)
	l := LoadSaved(url.Values{}, spoiled, "")
	if l.State.Proc == nil || len(l.State.Proc.Names()) != 7 {
		t.Fatalf("sections lost: %v %+v", l.State.Proc.Names(), l.Problems)
	}
	if got := len(l.State.Proc.Sections.Checklists.Items); got != len(items) {
		t.Errorf("%d checklist items kept, want %d", got, len(items))
	}
	if len(l.Problems) != 1 || l.Problems[0].Key != "checklists item 999.9" || !l.Backup {
		t.Errorf("problems %+v, backup %v; want one naming the item and a backup", l.Problems, l.Backup)
	}
	if msg := l.Problems[0].Message(msg.Zh); !strings.Contains(msg, "checklists item 999.9") {
		t.Errorf("notice %q", msg)
	}
}

// TestValidNeverNil: Valid gives the saved sections, and an empty set, not
// nil, when there is no procurement (the pages read it without checks).
func TestValidNeverNil(t *testing.T) {
	var none *Procurement
	if v := none.Valid(); v == nil || v.Quotes != nil {
		t.Errorf("(*Procurement)(nil).Valid() = %+v, want an empty set", v)
	}
	proc := procurementOf(t)
	if v := proc.Valid(); v != proc.Sections || v.Quotes == nil {
		t.Errorf("Valid() = %p, want the saved sections %p with their quotes", v, proc.Sections)
	}
}

// TestNewProcurementChecksAsBuild: NewProcurement, which checks the
// sections without building a plan, takes and refuses what plan.Build of
// the default sheet with those sections takes and refuses, with the same
// error: the golden sections, and each of them spoiled in turn.
func TestNewProcurementChecksAsBuild(t *testing.T) {
	def, _ := ToRequirements(DefaultInput())
	if _, err := plan.Build(def); err != nil {
		t.Fatalf("the default sheet does not build: %v", err)
	}
	saved := string(procurementOf(t).raw)
	cases := map[string]string{
		"golden":    saved,
		"exit date": strings.Replace(saved, `"contract_end":"2026-09-30"`, `"contract_end":"30.9.2026"`, 1),
		"checklist": strings.Replace(saved, `"items":[{"id":"`, `"items":[{"id":"999.9"},{"id":"`, 1),
	}
	for name, raw := range cases {
		if name != "golden" && raw == saved {
			t.Fatalf("%s: nothing spoiled", name)
		}
		var p plan.Procurement
		for _, sec := range plan.Sections {
			var all map[string]json.RawMessage
			if err := json.Unmarshal([]byte(raw), &all); err != nil {
				t.Fatal(err)
			}
			if s, ok := all[sec]; ok {
				if err := plan.DecodeSection(&p, sec, s); err != nil {
					t.Fatalf("%s: %s: %v", name, sec, err)
				}
			}
		}
		built := p // Build's own copy: the checks may tidy what they read
		req, _ := ToRequirements(DefaultInput())
		req.Procurement = &built
		_, want := plan.Build(req)
		_, got := NewProcurement(&p)
		if fmt.Sprint(got) != fmt.Sprint(want) || (name == "golden") != (got == nil) {
			t.Errorf("%s: NewProcurement error %v, plan.Build's %v", name, got, want)
		}
	}
}

// TestLoadProcurementChecksAsNew: loadProcurement checks each saved section
// alone (ValidateSection) and keeps the ones that pass without checking
// them together again; that is sound while plan.Procurement.Validate is
// no more than those checks in turn. Here NewProcurement of the sections
// it kept takes them, and holds the same sections, for the golden file
// and for each of them spoiled in a way one section's check refuses.
func TestLoadProcurementChecksAsNew(t *testing.T) {
	saved := string(procurementOf(t).raw)
	cases := map[string]struct {
		raw     string
		dropped string
	}{
		"golden":    {saved, ""},
		"exit date": {strings.Replace(saved, `"contract_end":"2026-09-30"`, `"contract_end":"30.9.2026"`, 1), "exit"},
		"quote":     {strings.Replace(saved, `"vendor":"`, `"vendor":"`+strings.Repeat("x", 500), 1), "quotes"},
	}
	for name, c := range cases {
		if name != "golden" && c.raw == saved {
			t.Fatalf("%s: nothing spoiled", name)
		}
		got, problems := loadProcurement([]byte(c.raw))
		if got == nil {
			t.Fatalf("%s: nothing kept (%v)", name, problems)
		}
		var dropped []string
		for _, p := range problems {
			dropped = append(dropped, p.Key)
		}
		if want := []string{c.dropped}; c.dropped == "" && len(dropped) > 0 || c.dropped != "" && fmt.Sprint(dropped) != fmt.Sprint(want) {
			t.Errorf("%s: dropped %v, want %q", name, dropped, c.dropped)
		}
		again, err := NewProcurement(got.Sections)
		if err != nil {
			t.Errorf("%s: the kept sections, checked together: %v", name, err)
			continue
		}
		if string(again.raw) != string(got.raw) {
			t.Errorf("%s: checking the kept sections together changed them:\n%s\n%s", name, got.raw, again.raw)
		}
	}
}
