//go:build !wasm

package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestResultBar: the planner and the embed put the answer (card, cost,
// billing, rent or build) before the form, in the page's language, and the
// plan states the fields it took at their defaults.
func TestResultBar(t *testing.T) {
	useStore(t, memStore{})
	pl := form.Compute(form.DefaultInput()).Plan
	for _, tc := range []struct {
		target string
		lang   Lang
	}{{"/?lang=en", En}, {"/?lang=zh", Zh}, {"/embed?lang=en", En}} {
		html := prerender(t, tc.target)
		bar, form := strings.Index(html, `id="result-bar"`), strings.Index(html, `class="plan-form"`)
		if bar < 0 || form < 0 || bar > form {
			t.Errorf("%s: the result bar (%d) is not before the form (%d)", tc.target, bar, form)
			continue
		}
		m := tc.lang
		for id, want := range map[string]string{
			"bar-gpu":     m.Text("site.page.gpu_pick", msg.Int(pl.GPU.Count), msg.Text(pl.GPU.Name)),
			"bar-cost":    tc.lang.MoneyRange(pl.Cost.Monthly.Low, pl.Cost.Monthly.High),
			"bar-billing": tc.lang.Enum("billing", string(pl.Billing.Mode)),
			"bar-verdict": tc.lang.Enum("decision", string(pl.RentVsBuild.Decision)),
		} {
			if got := elementText(html, id); got != want {
				t.Errorf("%s: #%s = %q, want %q", tc.target, id, got, want)
			}
		}
		if !strings.Contains(html, tc.lang.Text("site.ux.resultbar.full")) {
			t.Errorf("%s: the bar has no link to the full result", tc.target)
		}
		if !strings.Contains(html, `id="plan-defaults"`) || !strings.Contains(html, sheetLabel(tc.lang, "storage_tb")) {
			t.Errorf("%s: the plan does not state its defaults", tc.target)
		}
	}
	// A refused field: the bar says the plan waits.
	in := form.DefaultInput().With("hours_per_day", "25")
	p := &plannerPage{}
	p.st.Lang = En
	p.setState(form.State{Lang: En, Input: in})
	if got := app.HTMLString(p.resultBar()); !strings.Contains(got, `data-state="pending"`) || strings.Contains(got, `id="bar-cost"`) {
		t.Errorf("bar with a bad field: %s", got)
	}
}

// sheetLabel is a field's label in l.
func sheetLabel(l Lang, key string) string {
	f, _ := form.ByKey(key)
	return f.Label(l)
}

// elementText is the text of the element with the given id in html.
func elementText(html, id string) string {
	m := regexp.MustCompile(`<[^>]*\bid="` + regexp.QuoteMeta(id) + `"[^>]*>([^<]*)<`).FindStringSubmatch(html)
	if m == nil {
		return ""
	}
	return m[1]
}
