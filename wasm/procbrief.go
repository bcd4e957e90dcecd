package main

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/shared/vendors"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
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
	s := proc.Sections
	var out []string
	if s.Quotes != nil {
		if r, err := quote.Compare(*s.Quotes); err == nil {
			line := l.Text("site.proc.cheapest", msg.Text(r.Quotes[0].Vendor), msg.Text(l.MoneyRange(r.Quotes[0].ExVAT.Low, r.Quotes[0].ExVAT.High)))
			if r.Spread != nil {
				line += " " + l.Text("site.proc.spread", msg.Text(l.Percent(*r.Spread)))
			}
			if left := leftSummary(l, proc, "quotes"); left != "" {
				line += " " + left
			}
			out = append(out, l.Text("site.proc.nav_quotes")+": "+line)
		}
	}
	if s.Vendors != nil {
		if r, err := vendors.Rank(*s.Vendors); err == nil && len(r.Vendors) > 0 && r.Vendors[0].Rank == 1 {
			out = append(out, l.Text("site.proc.nav_vendors")+": "+l.Text("site.proc.top", msg.Text(r.Vendors[0].Name)))
		}
	}
	if s.Contract != nil {
		if r, err := contract.Check(*s.Contract); err == nil {
			out = append(out, l.Text("site.proc.nav_contract")+": "+l.Text("site.proc.level", msg.Text(label(l, "choice:level:"+string(r.Level())))))
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
		heading(2, p.st.Lang.Text("site.proc.journey_label")),
		para("", strings.Join(lines, " · ")),
	)
}
