//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
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
const testTimeout = 60 * time.Second

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

// waitWorker waits until the service worker is active and its cache holds
// the given paths (go-app's worker used to report "activated" with an empty
// cache; the patched one fails the install instead).
func (e *env) waitWorker(paths ...string) {
	e.t.Helper()
	if state := e.eval(`navigator.serviceWorker.ready.then(r => r.active.state)`); state != "activated" {
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

// TestPlannerRenders: the wasm app takes over the prerendered page.
func TestPlannerRenders(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.WaitNotPresent(chromedp.ID("app-wasm-loader")))
	if got := e.eval(`document.querySelector("main h1").textContent`); got != "GPU rental planner" {
		t.Errorf("h1 = %q", got)
	}
	if got := e.text("breakeven"); got != "hourly" {
		t.Errorf("#breakeven = %q, want hourly for the default 8 h/day (rule B1)", got)
	}
	if got := e.eval(`String(document.querySelector("fieldset").disabled)`); got != "false" {
		t.Errorf("form still disabled after the wasm render")
	}
}

// TestTypingUpdatesBreakeven: typing into the hours field changes the
// output live, and a bad value names the field, range and rule.
func TestTypingUpdatesBreakeven(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.do("type 12", TypeInto("hours", "12"))
	e.waitText("breakeven", "monthly") // rule B1: 10 hours a day or more
	e.do("type 4", TypeInto("hours", "4"))
	e.waitText("breakeven", "hourly")
	e.do("type abc", TypeInto("hours", "abc"))
	e.waitText("breakeven", "—")
	msg := e.text("hours-error")
	for _, want := range []string{"Hours of use per day", `"abc"`, "0 to 24", "rule B1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error message %q lacks %q", msg, want)
		}
	}
	if got := e.eval(`document.getElementById("hours").getAttribute("aria-invalid")`); got != "true" {
		t.Errorf("aria-invalid = %q", got)
	}
}

// TestShareLink: the URL holds the input, and a fresh browser context (no
// storage) opening it shows the same result.
func TestShareLink(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"), TypeInto("hours", "12"))
	e.waitText("breakeven", "monthly")
	link, err := chromedp.Run(e.ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(link)
	if got := u.Query().Get("hours"); got != "12" {
		t.Fatalf("URL %s does not hold hours=12", link)
	}

	other, cancel, err := NewTab(browserCtx)
	if err != nil {
		t.Fatal(err)
	}
	defer cancel()
	reqs := Record(other)
	octx, ocancel := context.WithTimeout(other, testTimeout)
	defer ocancel()
	if err := chromedp.Do(octx, chromedp.Navigate(link), WaitWasm("planner")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(octx, chromedp.TextContent(chromedp.ID("breakeven")))
	if err != nil || got != "monthly" {
		t.Errorf("shared link shows %q, %v; want monthly", got, err)
	}
	if v, _ := chromedp.Run(octx, chromedp.Value(chromedp.ID("hours"))); v != "12" {
		t.Errorf("shared link: hours field %q, want 12", v)
	}
	for _, f := range reqs.Foreign(e.origin...) {
		t.Errorf("request to another origin: %s", f)
	}
}

// TestReloadKeepsState: opening the bare site again restores the input from
// localStorage and puts it back in the URL.
func TestReloadKeepsState(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"), TypeInto("hours", "14"))
	e.waitText("breakeven", "monthly")
	e.do("reload bare", chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	if v, _ := chromedp.Run(e.ctx, chromedp.Value(chromedp.ID("hours"))); v != "14" {
		t.Errorf("after reload: hours %q, want 14 from localStorage", v)
	}
	e.waitText("breakeven", "monthly")
	if q := e.eval(`location.search`); !strings.Contains(q, "hours=14") || !strings.Contains(q, "lang=en") {
		t.Errorf("URL query after reload = %q, want the state written back", q)
	}
	e.do("reload", chromedp.Reload(), WaitWasm("planner"))
	e.waitText("breakeven", "monthly")
}

// TestCorruptState: unreadable storage and a bad link value fall back to the
// defaults with a visible notice.
func TestCorruptState(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("gpuplan.state", "{not json")`))
	e.do("reload bare", chromedp.Navigate(e.base+"/"), WaitWasm("planner"),
		chromedp.WaitVisible(chromedp.ID("notice")))
	if got := e.text("notice"); !strings.Contains(got, "could not be read") {
		t.Errorf("notice = %q", got)
	}
	if v, _ := chromedp.Run(e.ctx, chromedp.Value(chromedp.ID("hours"))); v != "8" {
		t.Errorf("hours = %q, want the default 8", v)
	}
	if s := e.eval(`localStorage.getItem("gpuplan.state")`); !strings.HasPrefix(s, `{"v":1,`) {
		t.Errorf("storage not repaired: %q", s)
	}
	e.do("dismiss", chromedp.Click(chromedp.CSS("#notice .dismiss")), chromedp.WaitNotPresent(chromedp.ID("notice")))

	e.do("bad link", chromedp.Navigate(e.base+"/?lang=en&hours=abc"), WaitWasm("planner"),
		chromedp.WaitVisible(chromedp.ID("notice")))
	if got := e.text("notice"); !strings.Contains(got, `from the link was "abc"`) {
		t.Errorf("notice = %q", got)
	}
	e.waitText("breakeven", "hourly")
}

// TestLanguage: the browser language picks Chinese, the switch moves to
// English and the choice stays in the URL and across a bare reload.
func TestLanguage(t *testing.T) {
	e := setup(t, siteDir, "")
	ua := e.eval(`navigator.userAgent`)
	setLang := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride,
			emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "zh-CN"})
		return err
	})
	e.do("load in zh-CN", setLang, chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	if got := e.eval(`navigator.language`); got != "zh-CN" {
		t.Fatalf("navigator.language = %q: the override did not apply", got)
	}
	e.waitText("breakeven", "按小时")
	if got := e.eval(`document.documentElement.lang`); got != "zh-CN" {
		t.Errorf("<html lang> = %q", got)
	}
	e.do("switch", chromedp.Click(chromedp.ID("lang-switch")))
	e.waitText("breakeven", "hourly")
	if got := e.eval(`document.documentElement.lang`); got != "en" {
		t.Errorf("<html lang> after switch = %q", got)
	}
	if q := e.eval(`location.search`); !strings.Contains(q, "lang=en") {
		t.Errorf("URL after switch = %q, want lang=en", q)
	}
	e.do("about", chromedp.Click(chromedp.ID("nav-about")), WaitWasm("about"))
	if got := e.eval(`document.querySelector("main h1").textContent`); got != "About gpuplan" {
		t.Errorf("about h1 = %q", got)
	}
	e.do("bare reload", chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	e.waitText("breakeven", "hourly") // English kept by localStorage over the browser's zh-CN
}

// TestOffline: once the service worker is active, the site works with the
// server gone: the root, a deep link and a shared link with a query.
func TestOffline(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitWorker("/", "/about", "/embed", "/web/app.wasm", "/web/app.css", "/web/icon.svg")
	e.srv.Close()
	if _, err := http.Get(e.srv.URL + "/"); err == nil {
		t.Fatal("server still answers after Close")
	}
	e.do("offline deep link", chromedp.Navigate(e.base+"/about?lang=en"), WaitWasm("about"))
	e.do("offline shared link", chromedp.Navigate(e.base+"/?lang=en&hours=12"), WaitWasm("planner"))
	e.waitText("breakeven", "monthly")
	e.do("offline root", chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
}

// TestSubPath: the site built with PREFIX works under it: client-side links
// keep the prefix, and the root and a deep link work offline.
func TestSubPath(t *testing.T) {
	if prefixedDir == "" || prefix == "" {
		t.Skip("GPUPLAN_SITE_PREFIXED or GPUPLAN_PREFIX is not set (make test-browser sets both)")
	}
	e := setup(t, prefixedDir, prefix)
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	if h := e.eval(`document.getElementById("nav-about").getAttribute("href")`); !strings.HasPrefix(h, prefix+"/about") {
		t.Errorf("client-rendered link %q lacks the prefix", h)
	}
	e.do("nav about", chromedp.Click(chromedp.ID("nav-about")), WaitWasm("about"))
	if p := e.eval(`location.pathname`); p != prefix+"/about" {
		t.Errorf("path after click = %q", p)
	}
	e.do("nav home", chromedp.Click(chromedp.ID("nav-planner")), WaitWasm("planner"), TypeInto("hours", "11"))
	e.waitText("breakeven", "monthly")
	if p := e.eval(`location.pathname + location.search`); p != prefix+"/?hours=11&lang=en" {
		t.Errorf("URL = %q", p)
	}
	e.waitWorker(prefix, prefix+"/about", prefix+"/web/app.wasm")
	e.srv.Close()
	e.do("offline root", chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	e.waitText("breakeven", "monthly")
	e.do("offline deep link", chromedp.Navigate(e.base+"/about"), WaitWasm("about"))
}

// hostPage is a third-party page embedding the planner; it records the
// height messages /embed posts.
const hostPage = `<!doctype html><title>host</title>
<h1>A blog post</h1>
<iframe id="planner" src="%s" style="width:640px;height:300px;border:0"></iframe>
<script>
window.gpuplanMessages = [];
window.addEventListener("message", (e) => {
  if (e.data && e.data.source === "gpuplan") {
    window.gpuplanMessages.push(e.data);
    if (e.data.type === "height") document.getElementById("planner").style.height = e.data.height + "px";
  }
});
</script>`

// TestEmbed: /embed runs inside an iframe of another site (localhost vs
// 127.0.0.1: another origin and another site), without the site chrome.
func TestEmbed(t *testing.T) {
	e := setup(t, siteDir, "")
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, hostPage, e.base+"/embed?lang=en")
	}))
	defer host.Close()
	hostURL := strings.Replace(host.URL, "127.0.0.1", "localhost", 1)
	e.origin = append(e.origin, hostURL)

	r, err := http.Get(e.base + "/embed")
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	for _, h := range []string{"X-Frame-Options", "Content-Security-Policy"} {
		if v := r.Header.Get(h); v != "" {
			t.Errorf("/embed sends %s: %s", h, v)
		}
	}

	e.do("load host", chromedp.Navigate(hostURL+"/"))
	if _, err := chromedp.Run(e.ctx, chromedp.Poll[bool](
		`window.gpuplanMessages.some(m => m.type === "height" && m.height > 100)`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the embed never posted its height: %v", err)
	}

	frame := e.iframeTab(e.base + "/embed")
	fctx, cancel := context.WithTimeout(frame, testTimeout)
	defer cancel()
	if err := chromedp.Do(fctx, WaitWasm("embed"), TypeInto("hours", "16")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(fctx, chromedp.Poll[bool](`document.getElementById("breakeven").textContent === "monthly"`,
		chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Errorf("typing in the iframe did not update #breakeven: %v", err)
	}
	if n, _ := chromedp.Run(fctx, chromedp.Evaluate[int](`document.querySelectorAll(".site-nav, .site-header").length`)); n != 0 {
		t.Errorf("/embed shows the site chrome (%d elements)", n)
	}
}

// iframeTab attaches to the out-of-process iframe whose URL starts with
// prefix (chromedp does not do it by itself; API.md §19).
func (e *env) iframeTab(urlPrefix string) context.Context {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		infos, err := chromedp.Targets(e.tab)
		if err != nil {
			e.t.Fatal(err)
		}
		for _, info := range infos {
			if info.Type == "iframe" && strings.HasPrefix(info.URL, urlPrefix) {
				ctx, cancel := chromedp.NewContext(e.tab, chromedp.WithTargetID(info.TargetID))
				e.t.Cleanup(cancel)
				return ctx
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	e.t.Fatalf("no iframe target for %s", urlPrefix)
	return nil
}

// TestGuardScript: when the Go program exits (a panic nothing recovered),
// web/guard.js shows a message instead of leaving a dead page. A stand-in Go
// class whose run returns at once plays the exited program.
func TestGuardScript(t *testing.T) {
	e := setup(t, siteDir, "")
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html lang="en"><body>
<script>class Go { async run() {} }</script>
<script src="/web/guard.js"></script>
<script>new Go().run();</script></body></html>`)
	})
	site := e.srv.Config.Handler
	mux.Handle("/web/", site)
	page := httptest.NewServer(mux)
	defer page.Close()
	e.origin = append(e.origin, page.URL)
	e.do("load", chromedp.Navigate(page.URL+"/"), chromedp.WaitVisible(chromedp.ID("app-stopped")))
	if got := e.text("app-stopped"); !strings.Contains(got, "Reload the page") {
		t.Errorf("message = %q", got)
	}
}
