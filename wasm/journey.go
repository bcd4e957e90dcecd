package main

import (
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The procurement journey: the stages of the articles in order, each a
// page, each marked empty, in progress or done from the state alone, so a
// buyer sees where they stand on every page.

// stage is how far the buyer got in one step of the journey.
type stage int

// The stages of a step.
const (
	stageEmpty      stage = iota // nothing entered
	stageInProgress              // started, or not yet enough to act on
	stageDone                    // enough entered, and valid
)

// String is the stage's name, the nav's data-stage attribute.
func (s stage) String() string {
	switch s {
	case stageInProgress:
		return "in-progress"
	case stageDone:
		return "done"
	}
	return "empty"
}

// text is the stage in words.
func (s stage) text(t msg.Lang) string {
	switch s {
	case stageInProgress:
		return t.Text("site.proc.stage_in_progress")
	case stageDone:
		return t.Text("site.proc.stage_done")
	}
	return t.Text("site.proc.stage_empty")
}

// stageOf maps a journey route id to the function that says how far the
// state got in it. A stage's page adds its entry here (or from its own
// file, in an init func); a route without one is marked by its plan-file
// section (journeySection: empty, in progress while a field is refused,
// done once saved and valid), else empty.
var stageOf = map[string]func(form.State) stage{
	routePlanner: plannerStage,
	routeQuotes:  quotesStage,
}

// journeySection is the procurement section behind each journey route.
var journeySection = map[string]string{
	routeQuotes: "quotes", routeVendors: "vendors", routeContract: "contract",
	routePOC: "poc", routeOperations: "operations", routeRenewal: "exit",
	routeChecklists: "checklists",
}

// stageFor says how far st got in the journey route id.
func stageFor(id string, st form.State) stage {
	if f, ok := stageOf[id]; ok {
		return f(st)
	}
	if sec, ok := journeySection[id]; ok {
		return sectionStage(st.Proc, sec)
	}
	return stageEmpty
}

// sectionStage: empty when the section was never entered, in progress
// while its draft holds a refused field, done when it is saved and valid.
func sectionStage(p *form.Procurement, name string) stage {
	if p.Err(name) != nil {
		return stageInProgress
	}
	if !p.Entered(name) {
		return stageEmpty
	}
	return stageDone
}

// plannerStage: done once the sheet differs from the defaults and is
// valid, in progress while a field is refused.
func plannerStage(st form.State) stage {
	switch {
	case st.Input.Empty():
		return stageEmpty
	case len(form.Compute(st.Input).Errors) > 0:
		return stageInProgress
	}
	return stageDone
}

// quotesStage: done with three quotes or more (rule C5), in progress with
// fewer or a refused field.
func quotesStage(st form.State) stage {
	s := sectionStage(st.Proc, "quotes")
	if s == stageDone {
		if q := st.Proc.Sections.Quotes; q == nil || len(q.Quotes) < 3 {
			return stageInProgress
		}
	}
	return s
}

// nav lists the journey in order with each stage's mark, then the other
// pages of the menu, marking the current one.
func (p *pageState) nav(current route) app.UI {
	l := p.st.Lang
	m, t := l, l
	var steps, more []app.UI
	for _, r := range routes {
		if !r.InNav {
			continue
		}
		a := app.A().ID("nav-%s", r.ID).Href("%s", p.pageLink(r, l))
		if r.ID == current.ID {
			a = a.Class("active").Aria("current", "page")
		}
		if !r.Journey {
			more = append(more, a.Text(r.Title(m)))
			continue
		}
		s := p.stage(r.ID)
		steps = append(steps, app.Li().Class("step", "step-"+s.String()).Attr("data-stage", s.String()).Body(
			a.Body(
				app.Span().Class("step-name").Text(r.Title(m)),
				app.Span().Class("step-mark").Attr("title", s.text(t)).Text(s.text(t)),
			)))
	}
	return app.Nav().Class("site-nav").Aria("label", m.Text("site.page.site_name")).Body(
		app.Ol().Class("journey").Aria("label", t.Text("site.proc.journey_label")).Body(steps...),
		app.Span().Class("nav-more").Aria("label", t.Text("site.proc.more_label")).Body(more...),
	)
}

// stage is stageFor on the page's state; the planner's is read from the
// outcome already computed rather than computed again.
func (p *pageState) stage(id string) stage {
	if id == routePlanner {
		switch {
		case p.st.Input.Empty():
			return stageEmpty
		case !p.out.Valid():
			return stageInProgress
		}
		return stageDone
	}
	return stageFor(id, p.st)
}
