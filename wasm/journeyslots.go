package main

import (
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The journey status of these pages' stages (journey.go).
func init() {
	stageOf[routePOC] = pocStage
	stageOf[routeOperations] = operationsStage
	stageOf[routeRenewal] = renewalStage
	stageOf[routeChecklists] = checklistsStage
}

// errSlot holds section sec's error (sectionErr) in an element that is
// always there: when the error comes or goes, the form's other elements
// keep their places, so go-app updates them rather than replacing them,
// and the field being typed in keeps the focus.
func (p *pageState) errSlot(sec string) app.UI {
	return app.Div().Class("section-error-slot").Body(p.sectionErr(sec))
}

// resultMsg is a page's answer when there is none to give: nothing
// entered ("empty") or the saved section refused ("error").
func resultMsg(id, state, text string) app.UI {
	return app.Section().ID("%s", id).Class("block", "result").Attr("data-state", state).Body(para("", text))
}

// resultOK is a page's answer for section sec: its title, the note that
// the figures are the last valid ones while the draft holds a refused
// field, and kids; key=value is the figure tests and the bench read.
func resultOK(l Lang, proc *form.Procurement, sec, key, value string, kids ...app.UI) app.UI {
	head := []app.UI{heading(2, l.Text("site.proc.result_title"))}
	if proc.Held(sec) {
		head = append(head, para("note", l.Text("site.proc.last_valid_note")))
	}
	head = append(head, leftNote(l, proc, sec))
	id := sec + "-result"
	return app.Section().ID("%s", id).Class("block", "result").Attr("data-state", "ok").Attr(key, value).
		Body(append(head, kids...)...)
}
