package main

import (
	"maps"
	"net/url"
	"slices"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Saved work the browser will not keep, and work changed in another tab.

// saveFailure is the notice of a write the browser refused: what happened,
// that the typing is still on the page, and the ways out: export the plan
// file, drop gpuplan's own backup copy and save again, save again, or clear
// the other sites' data in the browser's settings.
func (p *pageState) saveFailure(r route) app.UI {
	l := p.st.Lang
	kids := []app.UI{para("", l.Text("site.save.full")), btn("save-export", l.Text("site.save.export"), p.exportPlanFile, "primary")}
	if store.Read(backupKey) != "" {
		kids = append(kids, btn("save-drop-backup", l.Text("site.save.backup"), p.dropBackupAndSave(r)))
	}
	kids = append(kids, btn("save-retry", l.Text("site.save.retry"), p.retrySave(r)), para("help", l.Text("site.save.free")))
	return app.Div().ID("save-failed").Class("notice", "save-failed").Attr("role", "alert").Body(kids...)
}

// exportPlanFile downloads the plan file of the state on the page, the
// one the planner's Export writes.
func (p *pageState) exportPlanFile(ctx app.Context, e app.Event) {
	p.fail = guard("export plan.json", func() {
		if p.out.Plan == nil {
			return
		}
		if data, err := planJSON(p.out.Plan); err == nil {
			download("plan.json", "application/json", data)
		}
	})
}

// dropBackupAndSave removes gpuplan's backup copy (Undo's), which frees
// its space, and saves again.
func (p *pageState) dropBackupAndSave(r route) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("freeing the backup", func() {
			if b, ok := store.(interface{ remove(string) }); ok {
				b.remove(backupKey)
			}
			p.undo = ""
			p.save(ctx, r)
		})
	}
}

// retrySave writes the state again.
func (p *pageState) retrySave(r route) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("saving again", func() { p.save(ctx, r) })
	}
}

// listenTabs follows the state other tabs of the site save: the browser
// fires "storage" in every other tab of the origin when one writes. The
// page then shows the other tab's state and names what changed, so two
// tabs never overwrite each other's work unseen. It returns the function
// that stops listening.
func (p *pageState) listenTabs(ctx app.Context, r route) func() {
	if !app.IsClient {
		return func() {}
	}
	fn := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 || args[0].Get("key").String() != storageKey {
			return nil
		}
		raw := args[0].Get("newValue")
		if raw.IsNull() || raw.IsUndefined() {
			return nil
		}
		value := raw.String()
		ctx.Dispatch(func(ctx app.Context) {
			p.fail = guard("another tab's change", func() { p.followTab(ctx, r, value) })
		})
		return nil
	})
	app.Window().Call("addEventListener", "storage", fn)
	return func() {
		app.Window().Call("removeEventListener", "storage", fn)
		fn.Release()
	}
}

// followTab takes the state another tab saved, unless this tab wrote it
// or is waiting for an answer (a link or import shown but not kept), and
// records what changed (tabChanges).
func (p *pageState) followTab(ctx app.Context, r route, raw string) {
	if raw == p.lastSaved || !p.mayWrite() {
		return
	}
	next, _ := form.LoadState(url.Values{"lang": {string(p.st.Lang)}}, raw, "")
	changed := tabChanges(p.st.Lang, p.st, next)
	p.lastSaved = raw
	if len(changed) == 0 {
		return
	}
	p.setState(next)
	p.problems, p.saveErr = nil, false
	p.synced = nameList(changed...).In(p.st.Lang)
	writeURL(ctx, p.st, r.KeepsInput)
}

// tabChanges names the parts of the state that differ between a and b:
// the requirement sheet, and each procurement section by its page's name.
func tabChanges(l Lang, a, b form.State) []msg.M {
	var out []msg.M
	if !a.Input.Equal(b.Input) {
		out = append(out, msg.New("site.sync.sheet"))
	}
	for _, name := range plan.Sections {
		if a.Proc.Draft(name).Equal(b.Proc.Draft(name)) {
			continue
		}
		if id := sectionRoute(name); id != "" {
			out = append(out, msg.New("site.sync.section", msg.Text(routeByID(id).Title(l))))
		}
	}
	return out
}

// sectionRoute is the journey route whose page edits section name.
func sectionRoute(name string) string {
	for _, id := range slices.Sorted(maps.Keys(journeySection)) {
		if journeySection[id] == name {
			return id
		}
	}
	return ""
}

// nameList joins names as a list reads in each language: "a, b, c" in
// English, "a、b、c" in Chinese (the enumeration comma).
func nameList(ms ...msg.M) msg.M {
	switch len(ms) {
	case 0:
		return msg.M{}
	case 1:
		return ms[0]
	}
	half := len(ms) / 2
	return msg.New("site.list", msg.Sub(nameList(ms[:half]...)), msg.Sub(nameList(ms[half:]...)))
}
