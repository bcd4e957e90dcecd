package main

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/wasm/internal/form"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// href makes a site path usable as a link. The prerender already prefixes
// every local href with the sub-path (PREFIX), but once the wasm renders,
// go-app only rewrites /web/ paths, so the client adds the prefix itself.
// TrimSuffix matters: without a prefix GOAPP_ROOT_PREFIX is "/", and "//x"
// would be a protocol-relative link to another host.
func href(p string) string {
	if app.IsClient {
		return rootPrefix() + p
	}
	return p
}

// rootPrefix is the client's sub-path, read once: app.Getenv asks
// JavaScript every time, and a page makes dozens of links per render (it
// was a third of the planner's render time).
var rootPrefix = sync.OnceValue(func() string {
	return strings.TrimSuffix(app.Getenv("GOAPP_ROOT_PREFIX"), "/")
})

// link returns the href of a site path with a query.
func link(path string, q url.Values) string {
	if len(q) == 0 {
		return href(path)
	}
	return href(path) + "?" + q.Encode()
}

// pageState is what every page component keeps. Embed it next to app.Compo;
// its fields are unexported so go-app never overwrites them on navigation.
type pageState struct {
	// page is the route OnNav enters, for the pages that keep pageState's
	// OnNav (the planner, acceptance and embed pages have their own).
	page     string
	st       form.State
	out      form.Outcome  // the plan for st.Input, computed when the input changes
	rev      int           // counts computed outcomes; the result carries it for tests and the bench
	took     time.Duration // how long the last Compute took (the bench reads it)
	problems []form.Problem
	fail     *failure        // a panic recovered from a handler, shown until reload
	loaded   bool            // state read from the URL and storage
	urlGen   int             // counts edits, so only the last one writes the URL (saveEdit)
	queries  map[Lang]string // st encoded as a query, by language (pageLink); nil when st changes
	// pending is set while a link or an import that would replace saved
	// work is shown but not saved: the page asks to keep it or go back.
	pending *pending
	// undo is the saved state a kept replacement wrote over, for Undo; ""
	// when there is nothing to undo.
	undo string
	// locked is true when storage holds the state of a newer version of
	// the site: nothing is written to it.
	locked bool
	// inEmbed is true on /embed; view is then true when the link carries
	// figures: the page shows them and writes nothing to storage.
	inEmbed, view bool
	// printReady is set once the first render is on screen, and the
	// print-only parts follow (printparts.go); printQueued while that waits.
	printReady, printQueued bool
	// brief caches the print brief's procurement verdicts (procbrief.go).
	brief struct {
		proc  *form.Procurement
		lang  Lang
		lines []string
	}
	// saveErr is set while the browser refuses to save the state (its
	// storage full): the page says so with a way out (saveFailure).
	// lastSaved is the state this tab last wrote, to tell another tab's
	// write from its own (storage event, syncTabs).
	saveErr   bool
	lastSaved string
	// synced names what another tab changed, shown until the next edit;
	// unlisten stops following the other tabs (OnDismount).
	synced   string
	unlisten func()
	// touched holds the section fields the user has left (fieldKey):
	// only they, and fields holding text, show their error; editing is
	// the field being typed in, whose error waits until it is left.
	touched map[string]bool
	editing string
	// share caches the share fragment of share.proc (procshare.go).
	share struct {
		proc *form.Procurement
		frag string
		err  error
	}
}

// pending is a replacement of saved work that waits for the user's answer.
type pending struct {
	saved  form.State  // the saved state, to go back to
	source form.Source // FromURL or FromFile
	name   string      // the imported file's name
	shown  form.State  // FromFile: the state on the page, kept up to date by setState
}

// waitingImport is the pending import of the page last left, if any. The
// URL carries its sheet to the next page but not its procurement sections,
// which only storage holds: the next page takes them, and the question,
// from here when its sheet is still the import's.
var waitingImport *pending

// setState replaces the state and computes its plan.
func (p *pageState) setState(st form.State) {
	inputChanged := !st.Input.Equal(p.st.Input) || st.Proc != p.st.Proc || st.Prices != p.st.Prices || st.AsOf != p.st.AsOf || p.out.Req.Schema == ""
	p.st = st
	// A state set here supersedes any address-bar write an earlier edit
	// left waiting (saveEdit): an import right after typing must not have
	// the old sheet written back over its own.
	p.urlGen++
	if p.pending != nil && p.pending.source == form.FromFile {
		p.pending.shown = st
		waitingImport = p.pending
	}
	p.queries = nil
	if inputChanged {
		start := time.Now()
		p.out = form.ComputeState(st)
		p.took = time.Since(start)
		p.rev++
	}
}

// OnDismount stops following the other tabs' saves.
func (p *pageState) OnDismount() {
	if p.unlisten != nil {
		p.unlisten()
		p.unlisten = nil
	}
}

// OnInit reads the state before the first render (go-app calls it on every
// page, through the embedded pageState).
func (p *pageState) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered: the route p.page. The
// page renders again only when that changed what it shows.
func (p *pageState) OnNav(ctx app.Context) {
	if !p.enter(ctx, routeByID(p.page)) {
		ctx.PreventUpdate()
	}
}

// preload reads the state straight from the browser before the first render,
// so the page never flashes defaults. The prerender has no browser and waits
// for OnNav.
func (p *pageState) preload() {
	if !app.IsClient {
		p.setState(form.State{Lang: Zh})
		return
	}
	p.fail = guard("reading the address", func() {
		p.load(app.Window().URL())
	})
}

// load reads the state from the URL (query and share fragment) and
// storage. Storage it could not keep as it was is copied to backupKey
// first; a link that would replace saved work is shown and left pending.
// A view-only page (an embed showing a link's figures) shows the link and
// neither asks nor saves.
func (p *pageState) load(u *url.URL) {
	stored := store.Read(storageKey)
	l := loadLink(u, stored, browserLang())
	p.view = p.inEmbed && (form.HasInput(u.Query()) || strings.HasPrefix(u.Fragment, form.ShareKey))
	if p.view {
		l.Conflict, l.Backup = false, false
	}
	if l.Backup && stored != "" {
		_ = store.Write(backupKey, stored) // a full storage keeps the old value where it is
	}
	p.problems = l.Problems
	p.locked = l.Locked
	p.pending = nil
	if l.Conflict {
		p.pending = &pending{saved: l.Saved, source: form.FromURL}
	}
	if w := waitingImport; w != nil && !l.Locked && !p.view && l.State.Input.Equal(w.shown.Input) {
		l.State.Proc = w.shown.Proc
		p.pending = w
	}
	waitingImport = nil
	p.setState(l.State)
	p.loaded = true
}

// lastLink is the last form.LoadLink made: its arguments and what it gave.
var lastLink struct {
	url, stored, lang, today string
	loaded                   form.Loaded
	ok                       bool
}

// loadLink is form.LoadLink, which depends on nothing but its arguments
// and form.Today, made once for the same ones in a row: a page reads the same
// address and storage as it starts (OnInit) and again when it is entered
// (OnNav), and reading saved procurement sections, each checked alone,
// is a large part of the app's start on a slow phone. The second read
// also gives the same sections (the same *form.Procurement), so setState
// does not compute the same plan again.
func loadLink(u *url.URL, stored, lang string) form.Loaded {
	key := u.String()
	if lastLink.ok && lastLink.url == key && lastLink.stored == stored && lastLink.lang == lang && lastLink.today == form.Today {
		return lastLink.loaded
	}
	l := form.LoadLink(u, stored, lang)
	lastLink.url, lastLink.stored, lastLink.lang, lastLink.today = key, stored, lang, form.Today
	lastLink.loaded, lastLink.ok = l, true
	return l
}

// enter loads the state for route r when the page is navigated to, sets the
// document title and language, and writes the state back. It reports
// whether that changed what the page shows (shownState): as a page starts,
// OnInit read the same address and storage before the first render, and
// the pages that show only pageState need not render again. The first
// page entered has been rendered: the app's start is over (resumeGC).
func (p *pageState) enter(ctx app.Context, r route) (changed bool) {
	before := p.shownState()
	p.fail = guard("loading "+r.ID, func() {
		p.load(ctx.Page().URL())
		if p.unlisten == nil {
			p.unlisten = p.listenTabs(ctx, r)
		}
		ctx.Page().SetLang(p.st.Lang.HTMLLang())
		ctx.Page().SetTitle("%s · %s", r.Title(p.st.Lang), p.st.Lang.Text("site.page.site_name"))
		p.save(ctx, r)
	})
	resumeGCAfterRender()
	startWorker()
	after := p.shownState()
	return after != before || after.pending || after.failed
}

// shown is what the page shows of the pageState fields enter sets: rev
// stands for the state and its outcome (setState counts every new
// outcome); a pending question or a failure always counts as a change.
type shown struct {
	rev                                            int
	lang                                           Lang
	view, locked, saveErr, loaded, pending, failed bool
	problems                                       int
	firstProblem                                   *form.Problem
	undo, synced                                   string
}

// shownState is p's shown.
func (p *pageState) shownState() shown {
	s := shown{rev: p.rev, lang: p.st.Lang, view: p.view, locked: p.locked, saveErr: p.saveErr, loaded: p.loaded,
		pending: p.pending != nil, failed: p.fail != nil, problems: len(p.problems), undo: p.undo, synced: p.synced}
	if len(p.problems) > 0 {
		s.firstProblem = &p.problems[0] // the same slice, not only the same count
	}
	return s
}

// keepNew saves the sheet shown (a link's or an import's) over the saved
// one, which stays in backupKey for Undo.
func (p *pageState) keepNew(r route) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("keeping the new sheet", func() {
			p.pending, waitingImport = nil, nil
			p.replaceSaved()
			writeURL(ctx, p.st, r.KeepsInput)
		})
	}
}

// keepSaved goes back to the saved sheet and drops the link's or import's.
func (p *pageState) keepSaved(r route) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("going back to the saved sheet", func() {
			saved := p.pending.saved
			saved.Lang = p.st.Lang
			p.pending, waitingImport = nil, nil
			p.problems = nil
			p.setState(saved)
			writeURL(ctx, p.st, r.KeepsInput)
		})
	}
}

// undoReplace puts back the saved state a replacement wrote over; the state
// it replaces goes to backupKey in turn.
func (p *pageState) undoReplace(r route) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("undo", func() {
			raw := p.undo
			if raw == "" || p.locked {
				return
			}
			l := form.LoadSaved(url.Values{}, raw, "")
			_ = store.Write(backupKey, store.Read(storageKey))
			_ = store.Write(storageKey, raw)
			p.undo = ""
			p.pending, waitingImport = nil, nil
			p.problems = l.Problems
			p.setState(form.State{Lang: p.st.Lang, Input: l.State.Input, Proc: l.State.Proc, Prices: l.State.Prices, AsOf: l.State.AsOf})
			writeURL(ctx, p.st, r.KeepsInput)
		})
	}
}

// savedWork asks about a pending replacement, or offers Undo after one.
func (p *pageState) savedWork(r route) app.UI {
	l := p.st.Lang
	switch {
	case p.saveErr:
		return p.saveFailure(r)
	case p.synced != "":
		return app.Div().ID("tab-synced").Class("notice").Attr("role", "status").Body(
			para("", p.st.Lang.Text("site.sync.changed", msg.Text(p.synced))))
	case p.locked:
		return app.Div().ID("storage-locked").Class("notice").Attr("role", "status").Body(
			para("", l.Text("site.page.notice_storage_newer")))
	case p.pending != nil:
		ask := l.Text("site.page.ask_link_replace")
		if p.pending.source == form.FromFile {
			ask = l.Text("site.page.ask_file_replace", msg.Text(p.pending.name))
		}
		return app.Div().ID("replace-ask").Class("notice", "replace-ask").Attr("role", "alert").Body(
			para("", ask),
			app.Button().ID("replace-keep-new").Type("button").Class("btn").Text(l.Text("site.page.keep_new")).OnClick(p.keepNew(r)),
			app.Button().ID("replace-keep-saved").Type("button").Class("btn").Text(l.Text("site.page.keep_saved")).OnClick(p.keepSaved(r)),
		)
	case p.undo != "":
		return app.Div().ID("undo-box").Class("notice", "undo-box").Attr("role", "status").Body(
			para("", l.Text("site.page.replaced_note")),
			app.Button().ID("undo").Type("button").Class("btn").Text(l.Text("site.page.undo")).OnClick(p.undoReplace(r)),
		)
	}
	return nil
}

// setField stores the text of one field, recomputes the plan and saves the
// state when every field is valid. It is the only way the form changes the
// input.
func (p *pageState) setField(ctx app.Context, r route, key, value string) {
	p.synced = ""
	in := p.st.Input.With(key, value)
	if key == "model.preset" && value == "" && in.Get("model.params_b") == "" {
		// Switching to a model given by size starts from the preset's size.
		if m, ok := sizing.PresetByID(p.st.Input.Get("model.preset")); ok {
			in = in.With("model.params_b", strconv.FormatFloat(math.Round(m.ParamsB()*100)/100, 'f', -1, 64))
		}
	}
	if key == "model.preset" && value != "" {
		in = in.With("model.params_b", "")
		for _, f := range form.ShapeFields {
			in = in.With(f.Key, "")
		}
	}
	p.setState(form.State{Lang: p.st.Lang, Input: in, Proc: p.st.Proc, Prices: p.st.Prices, AsOf: p.st.AsOf})
	p.problems = nil
	p.saveEdit(ctx, r)
}

// onField returns the handler of one field's input or change event. The
// event scope ties the handler to the field, so go-app never reuses it for
// another field when the form's shape changes.
func (p *pageState) onField(r route, f form.Spec) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.fail = guard("input "+f.Key, func() {
			src := ctx.JSSrc()
			v := src.Get("value").String()
			if f.Kind == form.KindBool {
				v = strconv.FormatBool(src.Get("checked").Bool())
			}
			p.setField(ctx, r, f.Key, v)
		})
	}
}

// input renders one field of the page's state, as a fieldBox: go-app
// renders it again only when its text, error or placeholder changes.
func (p *pageState) input(r route, f form.Spec, placeholder string) app.UI {
	return &fieldBox{Key: f.Key, Route: r.ID, Lang: p.st.Lang, Value: p.st.Input.Get(f.Key),
		Placeholder: placeholder, Err: p.out.ErrorFor(f.Key), Page: p}
}

// dismiss hides the notices.
func (p *pageState) dismiss(ctx app.Context, e app.Event) {
	p.problems = nil
}

// wasmRendered is the data-wasm attribute: "true" only once the wasm render
// shows the loaded state, "false" in the prerender. Tests wait for it.
func (p *pageState) wasmRendered() bool {
	return app.IsClient && p.loaded
}

// pageLink is the href of route r with the page's state in language l:
// the whole input for pages that keep it, only the language for the
// others. The encoded input is kept until the state changes: a page links
// to every route and re-renders on each keystroke.
func (p *pageState) pageLink(r route, l Lang) string {
	if !r.KeepsInput {
		return link(r.Path, langQuery(l))
	}
	if p.queries == nil {
		p.queries = map[Lang]string{}
	}
	q, ok := p.queries[l]
	if !ok {
		s := p.st
		s.Lang = l
		q = s.Query().Encode()
		p.queries[l] = q
	}
	return href(r.Path) + "?" + q
}

// layout wraps a page body in the site chrome: header with navigation and
// language switch, notices, and footer. The body is rendered through
// safeRender, so a panic in it leaves the chrome and a message.
func (p *pageState) layout(r route, body func() app.UI) app.UI {
	l := p.st.Lang
	return app.Div().Class("site").Body(
		app.Header().Class("site-header").Body(
			app.A().Class("brand").Href("%s", link("/", url.Values{"lang": {string(l)}})).Body(
				app.Img().Src("/web/icon.svg").Aria("hidden", true).Width(28).Height(28),
				app.Span().Text(l.Text("site.page.site_name")),
			),
			app.Span().Class("tagline").Text(l.Text("site.page.tagline")),
			p.nav(r),
			p.langSwitch(r),
		),
		app.Main().ID("%s", r.ID).Class("page").Attr("data-wasm", p.wasmRendered()).Body(
			app.If(!p.wasmRendered(), func() app.UI { return loadingNote(l) }),
			// Always there, empty or not: a notice coming (a refused save
			// while typing) must not replace the form after it, or the
			// field being typed in loses its focus and the next keys.
			app.Div().Class("saved-work-slot").Body(p.savedWork(r)),
			p.notices(),
			app.If(p.fail != nil, func() app.UI { return failureBox(l, p.fail) }),
			safeRender(l, r.ID, body),
			app.If(r.ID == routePlanner && p.printParts(), p.procBrief),
		),
		app.Footer().Class("site-footer").Body(
			app.Span().Class("print-only").Text(l.Text("site.page.print_note")),
			app.Span().Text(l.Text("site.page.about_privacy")),
		),
	)
}

// loadingNote says, in the prerendered page, that the app is still
// loading: the fields take typing already (web/queue.js hands it to the
// app), and the figures follow once the app has loaded.
func loadingNote(l Lang) app.UI {
	return app.P().ID("app-loading").Class("loading-note").Attr("role", "status").Text(l.Text("site.loading"))
}

// langSwitch links to the same page and state in the other language. It is a
// plain link, so it also works in the prerender without wasm.
func (p *pageState) langSwitch(r route) app.UI {
	other := p.st.Lang.Other()
	return app.A().ID("lang-switch").Class("lang-switch").
		Href("%s", p.pageLink(r, other)).
		Attr("hreflang", other.HTMLLang()).
		Attr("lang", other.HTMLLang()).
		Text(p.st.Lang.Text("site.page.switch_to"))
}

// notices shows the state that could not be used, if any.
func (p *pageState) notices() app.UI {
	if len(p.problems) == 0 {
		return nil
	}
	l := p.st.Lang
	var items []app.UI
	for _, pr := range p.problems {
		if pr.Newer {
			continue // savedWork says it, for as long as it holds
		}
		items = append(items, app.Li().Text(pr.Message(l)))
	}
	if len(items) == 0 {
		return nil
	}
	return app.Div().ID("notice").Class("notice").Attr("role", "status").Body(
		app.Ul().Body(items...),
		app.Button().Type("button").Class("dismiss").Text(l.Text("site.page.dismiss")).OnClick(p.dismiss),
	)
}

// langQuery is the query of a page that keeps only the language.
func langQuery(l Lang) url.Values { return url.Values{"lang": {string(l)}} }
