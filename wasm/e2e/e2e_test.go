//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Environment set by make test-browser.
var (
	siteDir     = os.Getenv("GPUPLAN_SITE")          // site built at the root
	prefixedDir = os.Getenv("GPUPLAN_SITE_PREFIXED") // site built with PREFIX
	prefix      = os.Getenv("GPUPLAN_PREFIX")        // that PREFIX, e.g. /gpuplan
)

// browserCtx is one chromium shared by all tests; each test opens its own
// browser context, so storage and service workers never leak between tests.
var browserCtx context.Context

// testTimeout bounds each test's browser actions.
const testTimeout = 120 * time.Second

func TestMain(m *testing.M) {
	if siteDir == "" {
		// Tests skip themselves with a message; plain go test stays fast.
		os.Exit(m.Run())
	}
	ctx, cancel, err := NewBrowser(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	browserCtx = ctx
	code := m.Run()
	cancel()
	os.Exit(code)
}

// env is one test's site server, tab and request recorder.
type env struct {
	t      *testing.T
	srv    *httptest.Server
	base   string // server URL with the prefix, no trailing slash
	tab    context.Context
	ctx    context.Context // tab with the test deadline
	reqs   *Requests
	origin []string // origins the tab may talk to
}

// setup serves dir (under pfx) and opens a fresh tab. At the end it checks
// that every request the tab sent stayed on the allowed origins.
func setup(t *testing.T, dir, pfx string) *env {
	t.Helper()
	if siteDir == "" {
		t.Skip("GPUPLAN_SITE is not set: run make test-browser to build the site and run these tests")
	}
	srv, err := Serve(dir, pfx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	tab, cancelTab, err := NewTab(browserCtx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cancelTab)
	ctx, cancel := context.WithTimeout(tab, testTimeout)
	t.Cleanup(cancel)
	e := &env{t: t, srv: srv, base: srv.URL + pfx, tab: tab, ctx: ctx, origin: []string{srv.URL}}
	e.reqs = Record(tab)
	// Registered last, so it runs first: while the tab is still open.
	t.Cleanup(e.checkRequests)
	return e
}

// checkRequests asserts that every request went to the site's own origin.
func (e *env) checkRequests() {
	urls := e.reqs.URLs()
	if len(urls) == 0 && !e.t.Failed() {
		e.t.Error("no network request was recorded: the recorder is broken")
	}
	for _, u := range e.reqs.Foreign(e.origin...) {
		e.t.Errorf("request to another origin: %s", u)
	}
	for _, f := range e.reqs.Failed() {
		e.t.Errorf("failed request: %s", f)
	}
}

// do runs steps in the test's tab and fails the test on error.
func (e *env) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	e.t.Helper()
	if err := chromedp.Do(e.ctx, steps...); err != nil {
		e.t.Fatalf("%s: %v", what, err)
	}
}

// text returns the text content of the element with the given id.
func (e *env) text(id string) string {
	e.t.Helper()
	s, err := chromedp.Run(e.ctx, chromedp.TextContent(chromedp.ID(id)))
	if err != nil {
		e.t.Fatalf("reading #%s: %v", id, err)
	}
	return strings.TrimSpace(s)
}

// eval evaluates a JavaScript expression returning a string.
func (e *env) eval(js string) string {
	e.t.Helper()
	s, err := chromedp.Run(e.ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		e.t.Fatalf("evaluating %s: %v", js, err)
	}
	return s
}

// waitText polls until the element's text is want.
func (e *env) waitText(id, want string) {
	e.t.Helper()
	js := fmt.Sprintf(`(document.getElementById(%q)||{}).textContent === %q`, id, want)
	if _, err := chromedp.Run(e.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		e.t.Fatalf("#%s never became %q (now %q): %v", id, want, e.eval(fmt.Sprintf(`String((document.getElementById(%q)||{}).textContent)`, id)), err)
	}
}

// waitContains polls until the element's text contains part.
func (e *env) waitContains(id, part string) {
	e.t.Helper()
	js := fmt.Sprintf(`((document.getElementById(%q)||{}).textContent||"").includes(%q)`, id, part)
	if _, err := chromedp.Run(e.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		e.t.Fatalf("#%s never contained %q (now %q): %v", id, part, e.eval(fmt.Sprintf(`String((document.getElementById(%q)||{}).textContent)`, id)), err)
	}
}

// waitFor polls until the JavaScript expression is truthy.
func (e *env) waitFor(js string) {
	e.t.Helper()
	if _, err := chromedp.Run(e.ctx, chromedp.Poll[bool]("Boolean("+js+")", chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		e.t.Fatalf("never true: %s: %v", js, err)
	}
}

// waitWorker waits until the service worker is active and its cache holds
// the given paths (go-app's worker used to report "activated" with an empty
// cache; the patched one fails the install instead).
func (e *env) waitWorker(paths ...string) {
	e.t.Helper()
	// ready resolves once a worker is active, which may still be
	// "activating" (its activate handler running): wait for "activated".
	activated := `navigator.serviceWorker.ready.then(r => r.active.state === "activated" ? "activated" :
		new Promise(res => { const w = r.active; w.addEventListener("statechange", () => { if (w.state !== "activating") res(w.state) }) }))`
	if state := e.eval(activated); state != "activated" {
		e.t.Fatalf("service worker state %q, want activated", state)
	}
	js := `caches.keys().then(async ks => { const out = []; for (const k of ks) { const c = await caches.open(k); for (const r of await c.keys()) out.push(r.url) } return out.join("\n") })`
	cached := strings.Split(e.eval(js), "\n")
	have := map[string]bool{}
	for _, u := range cached {
		have[u] = true
		if !SameOrigin(u, e.origin...) {
			e.t.Errorf("service worker cached a foreign URL %s", u)
		}
	}
	for _, p := range paths {
		if !have[e.srv.URL+p] {
			e.t.Fatalf("service worker cache lacks %s; it holds %v", p, cached)
		}
	}
}

// Texts of the default plan (docs/plan-file.md's example: 2 × H20, priced
// by the hour at AutoDL's 10.50, the cheapest offer of the price book at
// 24 hours a day, rule B1).
const (
	defaultPick = "2 × NVIDIA H20 96GB"
	defaultCost = "¥19,843–23,953"
)

// exportPlan clicks the export button of the tab in ctx and returns the
// downloaded plan.json.
func exportPlan(t *testing.T, ctx context.Context) []byte {
	t.Helper()
	dir := t.TempDir()
	if err := chromedp.Do(ctx, AllowDownloads(dir), chromedp.Click(chromedp.ID("export-json"))); err != nil {
		t.Fatalf("export: %v", err)
	}
	b, err := WaitFile(dir, "plan.json", 15*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
