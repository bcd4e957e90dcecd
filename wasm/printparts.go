package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// printParts reports whether the page renders its print-only parts (the
// planner's sheet summary and procurement brief): always in the prerender,
// in the browser once its first render is on screen (showPrintParts).
func (p *pageState) printParts() bool { return !app.IsClient || p.printReady }

// showPrintParts renders the print-only parts once the browser has painted
// the page's first render. On paper they are all there; on screen they are
// hidden, and on a slow phone building them (the verdicts of the saved
// sections, about sixty elements) took about 80 ms of the time until the
// page answers, the time of a frame after which nobody has printed yet.
func (p *pageState) showPrintParts(ctx app.Context) {
	if !app.IsClient || p.printReady || p.printQueued {
		return
	}
	p.printQueued = true
	afterPaint(func() {
		ctx.Dispatch(func(app.Context) { p.printReady = true })
	})
}

// afterPaint runs f after the browser's next frame: requestAnimationFrame
// calls back just before the frame is painted, and a task set from there
// (afterTask) runs after it.
func afterPaint(f func()) {
	var frame app.Func
	frame = app.FuncOf(func(app.Value, []app.Value) any {
		frame.Release()
		afterTask(f)
		return nil
	})
	app.Window().Call("requestAnimationFrame", frame)
}

// afterTask runs f from a zero timeout: a task the browser runs after the
// one now running, and after any rendering due between them.
func afterTask(f func()) {
	var timeout app.Func
	timeout = app.FuncOf(func(app.Value, []app.Value) any {
		timeout.Release()
		f()
		return nil
	})
	app.Window().Call("setTimeout", timeout, 0)
}
