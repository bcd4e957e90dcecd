package plan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// procurementResults are the procurement sections' results of the
// procurement plan file, computed from its sheet.
func procurementResults(t *testing.T) *ProcurementResults {
	t.Helper()
	p := buildFile(t, "testdata/procurement.req.json")
	r, err := ComputeProcurement(p.Requirements.Procurement)
	if err != nil || r == nil {
		t.Fatalf("ComputeProcurement: %v", err)
	}
	return r
}

// TestProcurementJSONRoundTrip: every result type that holds its sentences
// as messages (flags, steps, clauses, checks, lines, vendors, splits,
// suggestions) writes and reads back the same JSON.
func TestProcurementJSONRoundTrip(t *testing.T) {
	first, err := json.Marshal(procurementResults(t))
	if err != nil {
		t.Fatal(err)
	}
	var back ProcurementResults
	if err := json.Unmarshal(first, &back); err != nil {
		t.Fatal(err)
	}
	second, err := json.Marshal(&back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Errorf("the results' JSON changed after a decode and re-encode")
	}
}

// dropMessages removes every key ending "_message" or "_messages", and
// "message" beside "text", from a decoded JSON document: a file as a script
// or an older gpuverify would have written it, with the English alone.
func dropMessages(v any) {
	switch v := v.(type) {
	case map[string]any:
		_, said := v["text"]
		for k, x := range v {
			if strings.HasSuffix(k, "_message") || strings.HasSuffix(k, "_messages") || (said && k == "message") {
				delete(v, k)
				continue
			}
			dropMessages(x)
		}
	case []any:
		for _, x := range v {
			dropMessages(x)
		}
	}
}

// TestEnglishOnlyResultsReadAsWritten: results whose file carries only the
// English read, in Chinese too, as that English, and write it back.
func TestEnglishOnlyResultsReadAsWritten(t *testing.T) {
	r := procurementResults(t)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	dropMessages(doc)
	old, _ := json.Marshal(doc)
	var back ProcurementResults
	if err := json.Unmarshal(old, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(&back)
	var redoc any
	if err := json.Unmarshal(again, &redoc); err != nil {
		t.Fatal(err)
	}
	dropMessages(redoc)
	if re, _ := json.Marshal(redoc); !bytes.Equal(re, old) {
		t.Errorf("an English-only file did not write back its English unchanged")
	}
	checks := []struct {
		name    string
		zh, en  string
		nonzero bool
	}{
		{"quote flag", back.Quotes.Quotes[0].Flags[0].In(msg.Zh), r.Quotes.Quotes[0].Flags[0].In(msg.En), true},
		{"exit step", back.Exit.Steps[0].TitleIn(msg.Zh), r.Exit.Steps[0].TitleIn(msg.En), true},
		{"clause", back.Contract.Clauses[0].TitleIn(msg.Zh), r.Contract.Clauses[0].TitleIn(msg.En), true},
		{"poc check", back.POC.Checks[0].ReasonIn(msg.Zh), r.POC.Checks[0].ReasonIn(msg.En), true},
		{"vendor split", back.Vendors.Split.ReasonIn(msg.Zh), r.Vendors.Split.ReasonIn(msg.En), true},
	}
	for _, c := range checks {
		if c.zh != c.en || (c.nonzero && c.en == "") {
			t.Errorf("%s: English-only file reads %q in zh, want the English %q", c.name, c.zh, c.en)
		}
	}
	if r.Exit.Steps[0].TitleIn(msg.Zh) == r.Exit.Steps[0].TitleIn(msg.En) {
		t.Errorf("a computed exit step reads in English in zh: %q", r.Exit.Steps[0].TitleIn(msg.Zh))
	}
}
