//go:build !wasm

package main

import (
	"html"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
)

// TestPagesSpeakTheirLanguage: every sentence the planning core writes
// (warnings, reasons, notes, how each cost was computed, the D1 values)
// appears on the page in the page's language and not in the other one
// (Chinese once stopped at the labels).
func TestPagesSpeakTheirLanguage(t *testing.T) {
	useStore(t, memStore{})
	p := form.Compute(form.DefaultInput()).Plan
	if p == nil {
		t.Fatal("the default sheet has no plan")
	}
	planner := append(append(append([]msg.M{}, p.WarningMessages...), p.Billing.ReasonMessages...), p.Sizing.NoteMessages...)
	planner = append(planner, p.RentVsBuild.ReasonMessages...)
	for _, a := range p.GPU.Alternatives {
		planner = append(planner, a.ReasonMessage)
	}
	var cost, d1 []msg.M
	for _, it := range p.Cost.Items {
		if !it.UserEntered {
			cost = append(cost, it.BasisMessage)
		}
	}
	for _, r := range p.RentVsBuild.D1 {
		d1 = append(d1, r.ValueMessage)
	}
	for _, c := range []struct {
		path string
		ms   []msg.M
	}{{"/", planner}, {"/cost", cost}, {"/rentbuild", d1}} {
		for _, l := range []msg.Lang{msg.Zh, msg.En} {
			other := msg.En
			if l == msg.En {
				other = msg.Zh
			}
			page := prerender(t, c.path+"?lang="+string(l))
			for _, m := range c.ms {
				if m.IsZero() {
					continue
				}
				if want := html.EscapeString(m.In(l)); !strings.Contains(page, want) {
					t.Errorf("%s?lang=%s lacks %s: %q", c.path, l, m.ID, m.In(l))
				}
				// Short texts ("none") occur in markup too; sentences do not.
				if bad := html.EscapeString(m.In(other)); len(bad) > 12 && bad != html.EscapeString(m.In(l)) && strings.Contains(page, bad) {
					t.Errorf("%s?lang=%s shows %s in the other language: %q", c.path, l, m.ID, m.In(other))
				}
			}
		}
	}
	if len(planner) < 10 || len(cost) == 0 || len(d1) != 5 {
		t.Errorf("messages: %d on the planner, %d cost bases, %d D1 values", len(planner), len(cost), len(d1))
	}
}

// TestNoCardErrorInChinese: when no card qualifies (only an RTX 4090 is
// offered for domestic-only work, rule G2), the reasons read in the page's
// language.
func TestNoCardErrorInChinese(t *testing.T) {
	out := form.Compute(form.DefaultInput().With("cards.rtx-4090", "true").With("domestic_only", "true"))
	if out.Err == nil {
		t.Fatal("only an RTX 4090 offered for domestic-only work: want no card")
	}
	if got := Zh.Err(out.Err); !strings.HasPrefix(got, "没有符合条件的卡：") {
		t.Errorf("zh error = %q", got)
	}
	if got := En.Err(out.Err); !strings.HasPrefix(got, "no card qualifies: ") {
		t.Errorf("en error = %q", got)
	}
}
