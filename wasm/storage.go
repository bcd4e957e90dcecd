package main

import (
	"fmt"
	"net/url"
	"time"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Browser storage and the address bar: the go-app side of the state that
// wasm/internal/form reads and encodes (form.LoadSaved, form.State.Saved).

// storageKey is the localStorage key of the saved state.
const storageKey = "gpuplan.state"

// backupKey holds the saved state as it was before the site last replaced
// it, or saved state this version could not read as it was. Undo restores
// it; a person can also copy it from the browser's storage inspector.
const backupKey = "gpuplan.state.backup"

// store is the browser storage the state uses. Tests replace it.
var store storage = browserStorage{}

// storage reads and writes one raw string. Write reports a value the
// browser refused (a full storage: QuotaExceededError).
type storage interface {
	Read(key string) string
	Write(key, value string) error
}

// browserStorage is window.localStorage. Reading it throws in some privacy
// modes and sandboxed iframes; both methods then behave as if it were empty.
type browserStorage struct{}

// Read returns the raw value, or "" when there is none or storage is blocked.
func (browserStorage) Read(key string) (v string) {
	if !app.IsClient {
		return ""
	}
	defer func() {
		if recover() != nil {
			v = ""
		}
	}()
	item := app.Window().Get("localStorage").Call("getItem", key)
	if item.IsNull() || item.IsUndefined() {
		return ""
	}
	return item.String()
}

// Write stores value. The browser's refusal (a full or blocked storage)
// comes back as the error; the page then says so (pageState.saveErr).
func (browserStorage) Write(key, value string) (err error) {
	if !app.IsClient {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("localStorage.setItem: %v", r)
		}
	}()
	app.Window().Get("localStorage").Call("setItem", key, value)
	return nil
}

// remove deletes key from storage; a blocked storage is ignored.
func (browserStorage) remove(key string) {
	if !app.IsClient {
		return
	}
	defer func() { _ = recover() }()
	app.Window().Get("localStorage").Call("removeItem", key)
}

// writeState saves the state under storageKey and records whether the
// browser took it: a refused write is shown at once with a way out
// (saveFailure), never lost silently.
func (p *pageState) writeState() {
	raw := p.st.Saved()
	p.saveErr = store.Write(storageKey, raw) != nil
	if !p.saveErr {
		p.lastSaved = raw
	}
}

// browserLang returns navigator.language, or "" outside a browser.
func browserLang() (tag string) {
	if !app.IsClient {
		return ""
	}
	defer func() {
		if recover() != nil {
			tag = ""
		}
	}()
	return app.Window().Get("navigator").Get("language").String()
}

// save writes a valid state to storage and, for pages that keep the input,
// puts the whole state in the address bar without adding a history entry.
// Pages that only show text keep just ?lang= in their URL. While the state
// is invalid what was saved last stays; while a replacement waits for the
// user's answer, or storage belongs to a newer version, only the URL is
// written.
func (p *pageState) save(ctx app.Context, r route) {
	if !p.out.Valid() || p.view {
		return
	}
	if p.pending != nil && p.pending.source == form.FromURL {
		return // the address bar keeps the link until the user answers
	}
	if p.mayWrite() {
		p.writeState()
	}
	writeURL(ctx, p.st, r.KeepsInput)
}

// mayWrite reports whether edits may be written to storage now.
func (p *pageState) mayWrite() bool {
	return !p.locked && p.pending == nil && !p.view
}

// replaceSaved writes the state over saved work the user chose to replace,
// keeping the old value in backupKey for Undo.
func (p *pageState) replaceSaved() {
	if p.locked || !p.out.Valid() {
		return
	}
	old, next := store.Read(storageKey), p.st.Saved()
	if old != "" && old != next && store.Write(backupKey, old) == nil {
		p.undo = old
	}
	p.writeState()
}

// writeURL puts the state in the address bar (see saveState).
func writeURL(ctx app.Context, s form.State, withInput bool) {
	u := *ctx.Page().URL()
	q := url.Values{"lang": {string(s.Lang)}}
	if withInput {
		q = s.Query()
	}
	if v := u.Query().Get("view"); v != "" {
		q.Set("view", v) // the embed's view (embed.go)
	}
	// A share link's sections are read once: storage holds them now, and
	// reloading the link would ask about them again.
	_, shared, _ := form.DecodeShare(u.Fragment)
	if u.RawQuery == q.Encode() && !shared {
		return
	}
	if shared {
		u.Fragment = ""
	}
	u.RawQuery = q.Encode()
	ctx.Page().ReplaceURL(&u)
}

// urlDelay is how long the address bar waits after the last edit.
const urlDelay = 200 * time.Millisecond

// saveEdit saves the state after an edit in the form: storage at once, the
// address bar urlDelay after the last edit. history.replaceState took a
// sixth of each keystroke's time in chromium, before the page could show
// the new plan, and chromium throttles a page that calls it over 100 times
// in 10 s, which fast typing does. The share link on the page is made from
// the state, so it is never stale. Outside the browser (prerender, tests)
// the URL is written at once.
func (p *pageState) saveEdit(ctx app.Context, r route) {
	if !p.out.Valid() {
		return
	}
	if p.mayWrite() {
		p.writeState()
	}
	if !app.IsClient {
		writeURL(ctx, p.st, r.KeepsInput)
		return
	}
	p.urlGen++
	gen, st := p.urlGen, p.st
	ctx.After(urlDelay, func(ctx app.Context) {
		// Writing the URL changes nothing on the page: no re-render.
		ctx.PreventUpdate()
		// A later edit has its own write; a page left in the meantime is
		// unmounted, and go-app drops the call.
		if gen == p.urlGen {
			writeURL(ctx, st, r.KeepsInput)
		}
	})
}
