// Command wasm is the gpuplan planner site. The same package builds twice:
// for GOOS=js GOARCH=wasm it is the app that runs in the browser; built
// natively it is the generator that writes the static site (gen.go calls
// wasm/internal/sitegen).
package main

import (
	"runtime/debug"
	"sync"
	"time"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// route is one page of the site.
type route struct {
	Path       string                // URL path, "/" for the home page
	ID         string                // id of the page's <main> and nav entry
	Title      func(msg.Lang) string // page title and nav label
	New        func() app.Composer
	InNav      bool // listed in the site menu
	KeepsInput bool // the URL carries the planner input (what differs from the defaults), not just ?lang=
	Journey    bool // a stage of the procurement journey (journey.go), shown in order with its mark
}

// Route ids, for pages that refer to each other.
const (
	routePlanner    = "planner"
	routeCost       = "cost"
	routeRentBuild  = "rentbuild"
	routeAcceptance = "acceptance"
	routeAbout      = "about"
	routeQuotes     = "quotes"
	routeVendors    = "vendors"
	routeContract   = "contract"
	routePOC        = "poc"
	routeOperations = "operations"
	routeRenewal    = "renewal"
	routeChecklists = "checklists"
	routeEmbed      = "embed"
	routePrices     = "prices"
)

// routes is every page of the site, in menu order: the procurement
// journey in the articles' order (Journey), then the other pages. The generator prerenders
// each one and the service worker precaches each one, so deep links work
// offline.
var routes = []route{
	{Path: "/", ID: routePlanner, Title: func(m msg.Lang) string { return m.Text("site.page.nav_planner") },
		New: newPlannerPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/quotes", ID: routeQuotes, Title: func(m msg.Lang) string { return m.Text("site.proc.nav_quotes") },
		New: newQuotesPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/vendors", ID: routeVendors, Title: func(m msg.Lang) string { return m.Text("site.proc.nav_vendors") },
		New: newVendorsPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/contract", ID: routeContract, Title: func(m msg.Lang) string { return m.Text("site.proc.nav_contract") },
		New: newContractPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/poc", ID: routePOC, Title: func(m msg.Lang) string { return m.Text("site.proc.nav_poc") },
		New: newPOCPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/acceptance", ID: routeAcceptance, Title: func(m msg.Lang) string { return m.Text("site.page.nav_acceptance") },
		New: newAcceptancePage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/operations", ID: routeOperations, Title: func(m msg.Lang) string { return m.Text("site.proc.nav_operations") },
		New: newOperationsPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/renewal", ID: routeRenewal, Title: func(m msg.Lang) string { return m.Text("site.proc.nav_renewal") },
		New: newRenewalPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/checklists", ID: routeChecklists, Title: func(m msg.Lang) string { return m.Text("site.proc.nav_checklists") },
		New: newChecklistsPage, InNav: true, KeepsInput: true, Journey: true},
	{Path: "/cost", ID: routeCost, Title: func(m msg.Lang) string { return m.Text("site.page.nav_cost") },
		New: newCostPage, InNav: true, KeepsInput: true},
	{Path: "/prices", ID: routePrices, Title: func(m msg.Lang) string { return msg.New("site.prices.nav").In(m) },
		New: newPricesPage, InNav: true, KeepsInput: true},
	{Path: "/rentbuild", ID: routeRentBuild, Title: func(m msg.Lang) string { return m.Text("site.page.nav_rent_build") },
		New: newRentBuildPage, InNav: true, KeepsInput: true},
	{Path: "/about", ID: routeAbout, Title: func(m msg.Lang) string { return m.Text("site.page.nav_about") },
		New: newAboutPage, InNav: true},
	{Path: "/embed", ID: routeEmbed, Title: func(m msg.Lang) string { return m.Text("site.page.embed_attribution") },
		New: newEmbedPage, KeepsInput: true},
}

// routeByID returns the route with the given id; it panics on an unknown id,
// which is a programming error caught by TestRoutes.
func routeByID(id string) route {
	for _, r := range routes {
		if r.ID == id {
			return r
		}
	}
	panic("gpuplan: unknown route " + id)
}

// registerRoutes tells go-app about every page.
func registerRoutes() {
	for _, r := range routes {
		app.Route(r.Path, r.New)
	}
}

// resumeGC turns garbage collection back on after the app's start (main
// holds it off in the browser); the first page entered has it called
// (resumeGCAfterRender). Calls after the first do nothing.
var resumeGC = func() {}

// resumeGCAfterRender calls resumeGC once the browser has the control back
// after this render: from a zero timeout, a task the browser runs after
// the one that changed the page, so the collection that turning it on
// starts at once is not part of the time to the page's first render.
// Calls after the first do nothing.
var resumeGCAfterRender = sync.OnceFunc(func() {
	if app.IsClient {
		afterTask(resumeGC)
	}
})

// startWorker registers the site's service worker (the function of
// go-app's app.js, which the generator patches so that it no longer runs
// as the page starts: wasm/internal/sitegen/worker.go) once the first page
// is on screen. Its install downloads and stores everything the site needs
// offline, about 2 MB; on a phone that is best done after the start, not
// during the download of app.wasm or the app's first render. Calls after
// the first do nothing.
var startWorker = sync.OnceFunc(func() {
	if !app.IsClient {
		return
	}
	afterPaint(func() {
		if app.Window().Get("goappInitServiceWorker").Truthy() {
			app.Window().Call("goappInitServiceWorker")
		}
	})
})

// gcHold is the longest the start runs without garbage collection, should
// no page ever be entered (a page that failed to load).
const gcHold = 10 * time.Second

func main() {
	if app.IsClient {
		// The start (package inits, reading the saved state, the first
		// plan and render) allocates about 4 MB, as much as the Go
		// runtime lets the heap grow before its first collection, so
		// that collection came in the middle of the first render, and
		// made a tenth of the time to it on a slow phone. Without it
		// the heap ends the start at about 5 MB instead of 4.
		old := debug.SetGCPercent(-1)
		resumeGC = sync.OnceFunc(func() { debug.SetGCPercent(old) })
		time.AfterFunc(gcHold, func() { resumeGC() })
	}
	registerRoutes()
	if app.IsClient {
		form.Today = time.Now().Format("2006-01-02")
	}
	// In the browser this blocks for the life of the page; natively it
	// returns at once and the generator runs.
	app.RunWhenOnBrowser()
	generate()
}
