package main

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/checklist"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// checklistsPage is the three articles' checklists (rule L1) grouped by
// the stage of the journey where a buyer does each item, each item open,
// done or not applicable with a note; the state is the plan file's
// checklists section (shared/checklist), saved like every section.
type checklistsPage struct {
	app.Compo
	pageState
	noteErr map[string]string // a note refused, by item id
}

func newChecklistsPage() app.Composer {
	return &checklistsPage{pageState: pageState{page: routeChecklists}}
}

// Render draws the page: the progress, then one block per stage.
func (p *checklistsPage) Render() app.UI {
	return p.layout(routeByID(routeChecklists), func() app.UI {
		l := p.st.Lang
		s := checklistState(p.st.Proc)
		sum := s.Summary()
		all := sum.Lists[len(sum.Lists)-1]
		kids := []app.UI{
			heading(1, l.Text("site.proc.nav_checklists")),
			para("intro", l.Text("site.journey.checklists_intro")),
			app.P().ID("checklist-progress").Class("verdict").Attr("data-done", all.Done).Attr("data-open", all.Open).
				Text(l.Text("site.journey.progress", msg.Int(all.Done), msg.Int(all.Total), msg.Int(all.NA), msg.Int(all.Open))),
			p.errSlot("checklists"),
		}
		for i, st := range checklist.Stages {
			kids = append(kids, p.stageBlock(s, st, sum.Stages[i]))
		}
		return app.Div().Class("proc-page", "checklists-page").Body(kids...)
	})
}

// checklistState is the saved checklist state; empty when there is none.
func checklistState(proc *form.Procurement) checklist.State {
	if proc == nil || proc.Sections == nil || proc.Sections.Checklists == nil {
		return checklist.State{}
	}
	return *proc.Sections.Checklists
}

// stageBlock is one stage's items with their state.
func (p *checklistsPage) stageBlock(s checklist.State, st checklist.Stage, pr checklist.StageProgress) app.UI {
	l := p.st.Lang
	items := checklist.ByStage(st)
	rows := make([]app.UI, len(items))
	for i, it := range items {
		rows[i] = p.item(it, s.Get(it.ID))
	}
	return app.Section().ID("stage-%s", st).Class("block", "checklist-stage").Attr("data-open", pr.Open).Body(
		heading(2, label(l, "stage:"+string(st))),
		app.P().ID("stage-%s-progress", st).Class("help").Text(l.Text("site.journey.stage_progress", msg.Int(pr.Done), msg.Int(pr.Total), msg.Int(pr.NA))),
		app.Ul().Class("checklist").Body(rows...),
	)
}

// checkID is the element id of an item's control: "check-000-4".
func checkID(prefix, id string) string { return prefix + "-" + strings.ReplaceAll(id, ".", "-") }

// item is one item: its state, its text in the page's language, its
// rules and the buyer's note.
func (p *checklistsPage) item(it checklist.Item, e checklist.Entry) app.UI {
	l := p.st.Lang
	text := it.EN
	if l == Zh {
		text = it.ZH
	}
	opts := make([]app.UI, 3)
	for i, st := range []checklist.Status{checklist.Open, checklist.Done, checklist.NA} {
		o := app.Option().Value(string(st)).Text(label(l, "check:"+string(st)))
		if st == e.Status || app.IsClient {
			o = o.Selected(st == e.Status)
		}
		opts[i] = o
	}
	scope := app.EventScope(it.ID)
	note := checkID("note", it.ID)
	errText := p.noteErr[it.ID]
	// The item's id (002.4) is the plan file's, not the reader's: it stays
	// in data-item, off the page.
	return app.Li().Class("check-item").Attr("data-status", string(e.Status)).Attr("data-item", it.ID).Body(
		app.Select().ID("%s", checkID("check", it.ID)).Aria("label", text).OnChange(p.onStatus(it.ID), scope).Body(opts...),
		app.Span().Text(" "+text+" "),
		ruleRefs(l, it.Rules),
		app.Input().ID("%s", note).Type("text").Class("note").Placeholder(l.Text("site.journey.note_placeholder")).Value(e.Note).
			OnChange(p.onNote(it.ID), scope),
		app.If(errText != "", func() app.UI {
			return app.P().ID("%s-error", note).Class("field-error").Attr("role", "alert").Text(errText)
		}),
	)
}

// onStatus sets an item's state, keeping its note.
func (p *checklistsPage) onStatus(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("checklist "+id, func() {
			s := checklistState(p.st.Proc)
			p.set(ctx, id, checklist.Status(ctx.JSSrc().Get("value").String()), s.Get(id).Note)
		})
	}
}

// onNote sets an item's note, keeping its state.
func (p *checklistsPage) onNote(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("checklist note "+id, func() {
			s := checklistState(p.st.Proc)
			p.set(ctx, id, s.Get(id).Status, ctx.JSSrc().Get("value").String())
		})
	}
}

// set stores an item's state and note through checklist.State.Set (the
// canonical form the plan file keeps); a refused note is shown at the
// note and nothing else changes.
func (p *checklistsPage) set(ctx app.Context, id string, st checklist.Status, note string) {
	next, err := checklistState(p.st.Proc).Set(id, st, note)
	if p.noteErr == nil {
		p.noteErr = map[string]string{}
	}
	delete(p.noteErr, id)
	if err != nil {
		p.noteErr[id] = errText(p.st.Lang, form.ErrAsField("checklists", err))
		return
	}
	d := form.Draft{}
	if len(next.Items) > 0 {
		d = form.SectionDraft(&plan.Procurement{Checklists: &next}, "checklists")
	}
	p.editSection(ctx, routeByID(routeChecklists), "checklists", d)
}

// checklistsStage: done when every item that applies is done, in
// progress once one is ticked.
func checklistsStage(st form.State) stage {
	s := checklistState(st.Proc)
	if len(s.Items) == 0 {
		return sectionStage(st.Proc, "checklists")
	}
	all := s.Progress()
	if all[len(all)-1].Complete() {
		return stageDone
	}
	return stageInProgress
}
