package main

import (
	"fmt"
	"runtime/debug"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// go-app v10 recovers nothing: a panic in Render, in an event handler or in
// OnNav unwinds through its engine loop and ends the Go program, which leaves
// a dead page. The helpers below turn such a panic into a visible message in
// the part of the page that failed, and log the stack to the console.

// failure is a recovered panic.
type failure struct {
	What  string // the part that failed, e.g. "planner form"
	Value any    // what was passed to panic
}

// safeRender returns render(), or a failure box when render panics.
func safeRender(l Lang, what string, render func() app.UI) (ui app.UI) {
	defer func() {
		if r := recover(); r != nil {
			logPanic(what, r)
			ui = failureBox(l, &failure{What: what, Value: r})
		}
	}()
	return render()
}

// guard runs f and returns the recovered panic, or nil.
func guard(what string, f func()) (fail *failure) {
	defer func() {
		if r := recover(); r != nil {
			logPanic(what, r)
			fail = &failure{What: what, Value: r}
		}
	}()
	f()
	return nil
}

// logPanic writes the panic and its stack where a developer will look.
func logPanic(what string, r any) {
	app.Logf("gpuplan: %s panicked: %v\n%s", what, r, debug.Stack())
}

// failureBox shows a recovered panic. It has role=alert so screen readers
// announce it, and the id lets tests find it.
func failureBox(l Lang, f *failure) app.UI {
	return app.Div().ID("failure").Class("failure").Attr("role", "alert").Body(
		para("", l.Text("site.page.failed", msg.Text(f.What), msg.Text(fmt.Sprint(f.Value)))),
		para("", l.Text("site.page.failed_hint")),
	)
}
