//go:build !wasm

package main

import (
	"html"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/gpuplan/gpuplan/shared/poc"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/shared/vendors"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestProcurementSpeaksTheLanguage: the flags on /quotes, the reasons on
// /vendors, the clause titles and reasons on /contract, the checks on
// /poc, the findings on /operations and the steps on /renewal are
// rendered in the page's language and not in the other one.
func TestProcurementSpeaksTheLanguage(t *testing.T) {
	proc := goldenProcurement(t)
	s := proc.Sections
	q, err := quote.Compare(*s.Quotes)
	if err != nil {
		t.Fatal(err)
	}
	v, err := vendors.Rank(*s.Vendors)
	if err != nil {
		t.Fatal(err)
	}
	c, err := contract.Check(*s.Contract)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := poc.Judge(*s.POC)
	if err != nil {
		t.Fatal(err)
	}
	or, err := ops.Review(*s.Operations)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := exit.Schedule(*s.Exit)
	if err != nil {
		t.Fatal(err)
	}
	var qs, vs, cs, ps, os, es []msg.M
	for _, c := range pr.Checks {
		ps = append(ps, c.Reason)
	}
	for _, m := range or.Months {
		for _, f := range m.Flags {
			os = append(os, f.Message)
		}
	}
	for _, r := range or.RightSizing {
		os = append(os, r.Message)
	}
	for _, st := range ex.Steps {
		es = append(es, st.Title, st.Detail)
	}
	for _, p := range q.Quotes {
		for _, f := range p.Flags {
			qs = append(qs, f.Message)
		}
	}
	for _, r := range v.Vendors {
		vs = append(vs, r.Reasons...)
	}
	for _, cl := range c.Clauses {
		cs = append(append(cs, cl.Title), cl.Reasons...)
	}
	for _, l := range []Lang{Zh, En} {
		other := msg.Zh
		if l == Zh {
			other = msg.En
		}
		for _, page := range []struct {
			name string
			ui   app.UI
			ms   []msg.M
		}{
			{"quotes", quotesAnswer(l, proc, false), qs},
			{"vendors", vendorsAnswer(l, proc, false), vs},
			{"contract", contractAnswer(l, proc, false), cs},
			{"poc", pocAnswer(l, proc), ps},
			{"operations", opsAnswer(l, proc), os},
			{"renewal", renewalAnswer(l, proc), es},
		} {
			if len(page.ms) == 0 {
				t.Fatalf("%s: no messages to look for", page.name)
			}
			out := app.HTMLString(page.ui)
			for _, m := range page.ms {
				if want := html.EscapeString(m.In(l)); !strings.Contains(out, want) {
					t.Errorf("%s in %s lacks %s: %q", page.name, l, m.ID, want)
				}
				if bad := html.EscapeString(m.In(other)); len(bad) > 12 && strings.Contains(out, bad) {
					t.Errorf("%s in %s shows %s in the other language: %q", page.name, l, m.ID, bad)
				}
			}
		}
	}
}
