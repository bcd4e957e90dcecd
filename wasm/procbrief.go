package main

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/shared/vendors"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/gpuplan/gpuplan/wasm/internal/text"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// briefLines are the procurement verdicts the print brief of the planner
// carries, one line per section with one: the cheapest quote and the
// spread (quote.Compare), the first vendor (vendors.Rank), the contract's
// grade (contract.Check). They are computed once per procurement value:
// the planner renders on every keystroke.
func (p *pageState) briefLines() []string {
	if p.brief.proc == p.st.Proc && p.brief.lang == p.st.Lang {
		return p.brief.lines
	}
	p.brief.proc, p.brief.lang, p.brief.lines = p.st.Proc, p.st.Lang, procVerdicts(p.st.Lang, p.st.Proc)
	return p.brief.lines
}

// procVerdicts are the verdict lines of the saved sections.
func procVerdicts(l Lang, proc *form.Procurement) []string {
	if proc == nil || proc.Sections == nil {
		return nil
	}
	t := l.P()
	s := proc.Sections
	var out []string
	if s.Quotes != nil {
		if r, err := quote.Compare(*s.Quotes); err == nil {
			line := fmt.Sprintf(t.CheapestF, r.Quotes[0].Vendor, l.MoneyRange(r.Quotes[0].ExVAT))
			if r.Spread != nil {
				line += " " + fmt.Sprintf(t.SpreadF, text.Percent(*r.Spread))
			}
			if left := leftSummary(l, proc, "quotes"); left != "" {
				line += " " + left
			}
			out = append(out, t.NavQuotes+": "+line)
		}
	}
	if s.Vendors != nil {
		if r, err := vendors.Rank(*s.Vendors); err == nil && len(r.Vendors) > 0 && r.Vendors[0].Rank == 1 {
			out = append(out, t.NavVendors+": "+fmt.Sprintf(t.TopF, r.Vendors[0].Name))
		}
	}
	if s.Contract != nil {
		if r, err := contract.Check(*s.Contract); err == nil {
			out = append(out, t.NavContract+": "+fmt.Sprintf(t.LevelF, l.Label("choice:level:"+string(r.Level()))))
		}
	}
	return out
}

// procBrief is the print-only block of the procurement verdicts, shown
// on paper under the plan; nothing when there are none.
func (p *pageState) procBrief() app.UI {
	lines := p.briefLines()
	if len(lines) == 0 {
		return nil
	}
	return app.Div().ID("proc-brief").Class("print-only-block").Body(
		app.H2().Text(p.st.Lang.P().JourneyLabel),
		app.P().Text(strings.Join(lines, " · ")),
	)
}
