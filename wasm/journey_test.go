//go:build !wasm

package main

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestJourneyStages: each stage is empty until something is entered, in
// progress while a field is refused (or, for quotes, with fewer than three
// quotes, rule C5), done when its section is saved and valid.
func TestJourneyStages(t *testing.T) {
	proc := goldenProcurement(t)
	two := proc.Edit("quotes", proc.Draft("quotes").RemoveRow("quotes", 2))
	bad := proc.Edit("contract", proc.Draft("contract").With("term_months", "0"))
	tests := []struct {
		name string
		st   form.State
		id   string
		want stage
	}{
		{"fresh planner", form.State{}, routePlanner, stageEmpty},
		{"edited planner", form.State{Input: in("hours_per_day", "12")}, routePlanner, stageDone},
		{"refused planner", form.State{Input: in("hours_per_day", "25")}, routePlanner, stageInProgress},
		{"no quotes", form.State{}, routeQuotes, stageEmpty},
		{"three quotes", form.State{Proc: proc}, routeQuotes, stageDone},
		{"two quotes (C5)", form.State{Proc: two}, routeQuotes, stageInProgress},
		{"contract", form.State{Proc: proc}, routeContract, stageDone},
		{"refused contract", form.State{Proc: bad}, routeContract, stageInProgress},
		{"renewal is the exit section", form.State{Proc: proc}, routeRenewal, stageDone},
		{"acceptance keeps nothing", form.State{Proc: proc}, routeAcceptance, stageEmpty},
	}
	if n := len(proc.Sections.Quotes.Quotes); n != 3 {
		t.Fatalf("the golden plan has %d quotes, the test wants 3", n)
	}
	for _, tt := range tests {
		if got := stageFor(tt.id, tt.st); got != tt.want {
			t.Errorf("%s: %s is %v, want %v", tt.name, tt.id, got, tt.want)
		}
	}
}

// TestEmbedViews: the prerendered quotes and contract widgets show the
// verdict of the sections (view=quotes, view=contract) with new-tab links
// only, and an unknown view is the planner.
func TestEmbedViews(t *testing.T) {
	proc := goldenProcurement(t)
	for _, v := range []string{"quotes", "contract", "plan", "nonsense"} {
		p := newEmbedPage().(*embedPage)
		p.setState(form.State{Lang: En, Proc: proc})
		p.view = embedView(v)
		html := app.HTMLString(p.Render())
		switch v {
		case "quotes":
			if !strings.Contains(html, `data-cheapest="`) || !strings.Contains(html, `id="quotes-chart"`) {
				t.Errorf("quotes widget lacks the verdict or the chart")
			}
		case "contract":
			if !strings.Contains(html, `data-level="red"`) || !strings.Contains(html, `id="exit-chart"`) {
				t.Errorf("contract widget lacks the grade or the exit chart")
			}
		default:
			if p.view != viewPlan || !strings.Contains(html, `id="gpu-pick"`) {
				t.Errorf("view=%s is not the planner", v)
			}
		}
		if p.view == viewPlan {
			continue // the planner's links get their target when clicked (newTabLinks)
		}
		for _, a := range strings.Split(html, "<a ")[1:] {
			if !strings.Contains(a[:strings.Index(a, ">")], `target="_blank"`) && !strings.Contains(a, `id="lang-switch"`) {
				t.Errorf("view=%s: a link opens inside the frame: <a %.120s", v, a)
			}
		}
	}
}

// TestPrintBrief: the planner's print brief carries the verdicts of the
// procurement sections, as the shared functions give them.
func TestPrintBrief(t *testing.T) {
	p := &plannerPage{}
	p.setState(form.State{Lang: En, Proc: goldenProcurement(t)})
	html := app.HTMLString(p.Render())
	for _, want := range []string{`id="proc-brief"`, "Quotes: Cheapest all-in: Bundle Co", "Contract: Overall: red."} {
		if !strings.Contains(html, want) {
			t.Errorf("the print brief lacks %q", want)
		}
	}
	p.setState(form.State{Lang: En})
	if strings.Contains(app.HTMLString(p.Render()), "proc-brief") {
		t.Error("a brief without sections")
	}
}
