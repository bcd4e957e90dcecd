package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/quote"
)

// The plan's "procurement" section is what the shared functions give on
// the sheet's sections (rules C5, V2–V5, K1–K6, P1–P5, O1–O3, E1–E2, L1).
func TestProcurementResults(t *testing.T) {
	p := buildFile(t, "testdata/procurement.req.json")
	if p.Procurement != nil {
		t.Error("Build computed the results; Encode does")
	}
	if err := Encode(new(bytes.Buffer), p); err != nil {
		t.Fatal(err)
	}
	in, r := p.Requirements.Procurement, p.Procurement
	if r == nil || r.Quotes == nil || r.Vendors == nil || r.Contract == nil || r.POC == nil ||
		r.Operations == nil || r.Exit == nil || r.Checklists == nil {
		t.Fatalf("results missing a section: %+v", r)
	}
	q, _ := quote.Compare(*in.Quotes)
	if !reflect.DeepEqual(*r.Quotes, q) {
		t.Errorf("quotes differ from quote.Compare")
	}
	c, _ := contract.Check(*in.Contract)
	if !reflect.DeepEqual(*r.Contract, c) {
		t.Errorf("contract differs from contract.Check")
	}
	// Figures a reader of the file relies on: the cheapest ex-VAT quote
	// (16,000 incl. 13% VAT = 14,159.29), the exit
	// table's length (a row after each month 1 … term−1, K3) and the checklists'
	// 23 items.
	if v := r.Quotes.Quotes[0]; v.Vendor != "Bundle Co" || v.ExVAT.High.StringFixed(2) != "14159.29" {
		t.Errorf("cheapest quote %s at %s", v.Vendor, v.ExVAT.High.StringFixed(2))
	}
	if len(r.Contract.Exit) != in.Contract.TermMonths-1 {
		t.Errorf("%d exit rows for a %d-month term", len(r.Contract.Exit), in.Contract.TermMonths)
	}
	if all := r.Checklists.Lists[len(r.Checklists.Lists)-1]; all.Total != 23 {
		t.Errorf("checklists total %d, want 23", all.Total)
	}
	if len(r.Checklists.Stages) != 8 {
		t.Errorf("%d stages", len(r.Checklists.Stages))
	}
}

// A plan without procurement sections has no "procurement" key: the
// plan files of earlier versions are unchanged.
func TestNoProcurementResults(t *testing.T) {
	p := buildFile(t, "testdata/inference-70b.req.json")
	var b bytes.Buffer
	if err := Encode(&b, p); err != nil {
		t.Fatal(err)
	}
	if p.Procurement != nil || strings.Contains(b.String(), `"procurement"`) {
		t.Errorf("a plan without procurement sections carries results")
	}
}

// Decode computes the results again from the inputs: an edited verdict in
// the file is replaced, a missing one filled in.
func TestDecodeRecomputesResults(t *testing.T) {
	p := buildFile(t, "testdata/procurement.req.json")
	var b bytes.Buffer
	if err := Encode(&b, p); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		name string
		edit func()
	}{
		{"edited", func() { m["procurement"].(map[string]any)["poc"].(map[string]any)["verdict"] = "pass" }},
		{"missing", func() { delete(m, "procurement") }},
	} {
		name := step.name
		step.edit()
		data, _ := json.Marshal(m)
		q, err := Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(q.Procurement, p.Procurement) {
			t.Errorf("%s: the decoded results are not the computed ones", name)
		}
	}
}

// A bad section is refused by field, prefixed with its place in the sheet.
func TestComputeProcurementField(t *testing.T) {
	p := buildFile(t, "testdata/procurement.req.json")
	in := *p.Requirements.Procurement
	bad := *in.Contract
	bad.TermMonths = 0
	in.Contract = &bad
	_, err := ComputeProcurement(&in)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "procurement.contract.term_months" {
		t.Errorf("err %v, want a field error at procurement.contract.term_months", err)
	}
	if r, err := ComputeProcurement(&Procurement{}); r != nil || err != nil {
		t.Errorf("empty sections: %v, %v", r, err)
	}
}

// TestPresent: the sections present, in file order, from the one stage
// table the validation and the rendering use.
func TestPresent(t *testing.T) {
	p := buildFile(t, "testdata/procurement.req.json")
	if got := strings.Join(p.Requirements.Procurement.Present(), " "); got != strings.Join(Sections, " ") {
		t.Errorf("present %q", got)
	}
	if got := (&Procurement{Exit: p.Requirements.Procurement.Exit}).Present(); len(got) != 1 || got[0] != "exit" {
		t.Errorf("one section: %v", got)
	}
	if (*Procurement)(nil).Present() != nil {
		t.Error("nil has sections")
	}
}
