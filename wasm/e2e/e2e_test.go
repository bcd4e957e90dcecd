//go:build !js

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/report"
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
	// "activating": wait for its next state then.
	if state := e.eval(`navigator.serviceWorker.ready.then(r => r.active.state !== "activating" ? r.active.state :
		new Promise(done => r.active.addEventListener("statechange", () => done(r.active.state), {once: true})))`); state != "activated" {
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

// TestPlannerRenders: the wasm app takes over the prerendered page and
// shows the plan of the default sheet.
func TestPlannerRenders(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.WaitNotPresent(chromedp.ID("app-wasm-loader")))
	if got := e.eval(`document.querySelector("main h1").textContent`); got != "GPU rental planner" {
		t.Errorf("h1 = %q", got)
	}
	e.waitText("gpu-pick", defaultPick)
	e.waitText("monthly-cost", defaultCost)
	e.waitText("billing-mode", "Pay by the hour")
	if got := e.eval(`String([...document.querySelectorAll("fieldset")].some(f => f.disabled))`); got != "false" {
		t.Errorf("form still disabled after the wasm render")
	}
	if n := e.eval(`String(document.querySelectorAll("#memory-chart rect.seg").length)`); n == "0" {
		t.Error("the memory chart has no segments")
	}
	// Folded parts are built when opened.
	if got := e.eval(`String(!!document.getElementById("alt-table-rest"))`); got != "false" {
		t.Error("the folded alternatives are built while closed")
	}
	e.do("open the other cards", chromedp.Click(chromedp.CSS("details.more-alts summary")))
	e.waitFor(`document.querySelectorAll("#alt-table-rest tbody tr").length > 0`)
}

// TestSheetChangesPlan: choosing another model and typing into the sheet
// change the plan live; bad values are named in place with the field, the
// range and the rule, and the plan comes back once they are fixed.
func TestSheetChangesPlan(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)
	e.do("qwen2.5-7b", SelectValue("model-preset", "qwen2.5-7b"))
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	// The address bar follows a moment after the edit (saveEdit).
	e.waitFor(`location.search.includes("model.preset=qwen2.5-7b")`)
	e.do("pretrain", SelectValue("model-preset", "llama-3.1-70b"), SelectValue("workload", "pretrain"))
	e.waitText("gpu-pick", "24 × NVIDIA H100 80GB SXM5")

	e.do("type abc", TypeInto("hours_per_day", "abc"))
	e.waitContains("hours_per_day-error", `"abc"`)
	msg := e.text("hours_per_day-error")
	for _, want := range []string{"Hours of use per day", `"abc"`, "0–24", "rule B1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error message %q lacks %q", msg, want)
		}
	}
	if got := e.eval(`document.getElementById("hours_per_day").getAttribute("aria-invalid")`); got != "true" {
		t.Errorf("aria-invalid = %q", got)
	}
	e.do("type 25", TypeInto("hours_per_day", "25"))
	e.waitText("hours_per_day-error", "Hours of use per day: must be between 0 and 24 (rule B1), got 25")
	e.waitFor(`document.getElementById("result-pending")`)
	e.do("type 6", TypeInto("hours_per_day", "6"))
	e.waitText("gpu-pick", "24 × NVIDIA H100 80GB SXM5")
	e.waitFor(`!document.getElementById("hours_per_day-error")`)
}

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

// TestShareLink: the URL holds the whole input, cost inputs included, and a
// fresh browser context (no storage) opening it exports the same plan file.
func TestShareLink(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		SelectValue("model-preset", "qwen2.5-7b"), TypeInto("hours_per_day", "10"))
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	e.do("cost page", chromedp.Click(chromedp.ID("nav-cost")), WaitWasm("cost"),
		TypeInto("cost-items-egress", "3000"))
	e.waitFor(`location.search.includes("cost.items.egress=3000")`)
	e.do("back to the planner", chromedp.Click(chromedp.ID("nav-planner")), WaitWasm("planner"))
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	mine := exportPlan(t, e.ctx)
	link := e.eval(`location.href`)
	u, _ := url.Parse(link)
	for k, v := range map[string]string{"model.preset": "qwen2.5-7b", "hours_per_day": "10", "cost.items.egress": "3000"} {
		if got := u.Query().Get(k); got != v {
			t.Errorf("link %s: %s = %q, want %q", link, k, got, v)
		}
	}
	if !strings.Contains(string(mine), `"egress": "3000"`) {
		t.Errorf("the exported plan lacks the egress amount")
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
	theirs := exportPlan(t, octx)
	if !bytes.Equal(mine, theirs) {
		t.Errorf("the shared link exports another plan:\n%s\nwant\n%s", theirs, mine)
	}
	for _, f := range reqs.Foreign(e.origin...) {
		t.Errorf("request to another origin: %s", f)
	}
}

// TestReloadKeepsState: opening the bare site again restores the input from
// localStorage and puts it back in the URL.
func TestReloadKeepsState(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"), TypeInto("concurrency", "64"))
	e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
	e.do("reload bare", chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	if v, _ := chromedp.Run(e.ctx, chromedp.Value(chromedp.ID("concurrency"))); v != "64" {
		t.Errorf("after reload: concurrency %q, want 64 from localStorage", v)
	}
	e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
	if q := e.eval(`location.search`); !strings.Contains(q, "concurrency=64") || !strings.Contains(q, "lang=en") {
		t.Errorf("URL query after reload = %q, want the state written back", q)
	}
	e.do("reload", chromedp.Reload(), WaitWasm("planner"))
	e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
}

// TestCorruptState: unreadable or outdated storage and a bad link value fall
// back to the defaults with a visible notice, never a blank page.
func TestCorruptState(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("gpuplan.state", "{not json")`))
	e.do("reload bare", chromedp.Navigate(e.base+"/"), WaitWasm("planner"),
		chromedp.WaitVisible(chromedp.ID("notice")))
	if got := e.text("notice"); !strings.Contains(got, "could not be read") {
		t.Errorf("notice = %q", got)
	}
	e.waitText("gpu-pick", defaultPick)
	if s := e.eval(`localStorage.getItem("gpuplan.state")`); !strings.HasPrefix(s, `{"v":2,`) {
		t.Errorf("storage not repaired: %q", s)
	}
	e.do("dismiss", chromedp.Click(chromedp.CSS("#notice .dismiss")), chromedp.WaitNotPresent(chromedp.ID("notice")))

	e.do("outdated", chromedp.Evaluate[chromedp.Void](`localStorage.setItem("gpuplan.state", '{"v":1,"input":{"hours":"12"}}')`),
		chromedp.Navigate(e.base+"/"), WaitWasm("planner"), chromedp.WaitVisible(chromedp.ID("notice")))
	if got := e.text("notice"); !strings.Contains(got, "older version") {
		t.Errorf("notice = %q", got)
	}

	e.do("bad link", chromedp.Navigate(e.base+"/?lang=en&hours_per_day=abc&concurrency=99999"), WaitWasm("planner"),
		chromedp.WaitVisible(chromedp.ID("notice")))
	got := e.text("notice")
	for _, want := range []string{`from the link was "abc"`, `from the link was "99999"`, "must be between 1 and 4096"} {
		if !strings.Contains(got, want) {
			t.Errorf("notice %q lacks %q", got, want)
		}
	}
	e.waitText("gpu-pick", defaultPick)
}

// TestExportImport: a plan file exported in one browser, imported in
// another, restores the sheet: the same plan on screen and the same file
// exported again.
func TestExportImport(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		SelectValue("workload", "lora"), SelectValue("model-preset", "qwen2.5-14b"), TypeInto("concurrency", "1"))
	e.waitFor(`document.getElementById("gpu-pick") && !document.getElementById("gpu-pick").textContent.startsWith("2 × NVIDIA H20")`)
	pick := e.text("gpu-pick")
	file := exportPlan(t, e.ctx)
	path := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}

	e.do("fresh start", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`),
		chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)
	e.do("import", chromedp.SetUploadFiles(`#import-file`, []string{path}), chromedp.WaitVisible(chromedp.ID("import-result")))
	if got := e.text("import-result"); got != "Imported plan.json: the sheet is restored." {
		t.Errorf("import message %q", got)
	}
	e.waitText("gpu-pick", pick)
	if v, _ := chromedp.Run(e.ctx, chromedp.Value(chromedp.ID("workload"))); v != "lora" {
		t.Errorf("workload after import = %q", v)
	}
	if again := exportPlan(t, e.ctx); !bytes.Equal(again, file) {
		t.Errorf("re-exported plan differs from the imported one")
	}

	// A plan with procurement sections keeps them: in the export, across
	// a reload, and never in the share link, which the page says.
	proc, err := filepath.Abs("../../shared/plan/testdata/procurement.plan.json") // the browser needs a full path
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(proc)
	if err != nil {
		t.Fatal(err)
	}
	// Over the saved sheet the import is shown, and asked about before it
	// is saved: saved work is never lost.
	e.do("import procurement", chromedp.SetUploadFiles(`#import-file`, []string{proc}),
		chromedp.WaitVisible(chromedp.ID("procurement-note")), chromedp.WaitVisible(chromedp.ID("replace-ask")))
	e.waitText("import-result", "Imported procurement.plan.json: the sheet and the procurement sections are restored.")
	e.do("keep it", chromedp.Click(chromedp.ID("replace-keep-new")), chromedp.WaitVisible(chromedp.ID("undo")))
	if got := e.text("procurement-note"); !strings.Contains(got, "quotes, vendors, contract, POC, operations, exit, checklists") ||
		!strings.Contains(got, "carries the requirement sheet only") {
		t.Errorf("procurement note %q", got)
	}
	if again := exportPlan(t, e.ctx); !bytes.Equal(again, want) {
		t.Errorf("the export of an imported procurement plan differs from the file")
	}
	if share := e.eval(`document.getElementById("share").href`); strings.Contains(share, "quote") || strings.Contains(share, "procurement") {
		t.Errorf("the share link carries procurement data: %s", share)
	}
	e.do("reload", chromedp.Navigate(e.base+"/"), WaitWasm("planner"), chromedp.WaitVisible(chromedp.ID("procurement-note")))
	if again := exportPlan(t, e.ctx); !bytes.Equal(again, want) {
		t.Errorf("after a reload the export lost the procurement sections")
	}
	e.do("remove", chromedp.Click(chromedp.ID("procurement-clear")), chromedp.WaitNotPresent(chromedp.ID("procurement-note")))
	if s := e.eval(`localStorage.getItem("gpuplan.state")`); strings.Contains(s, "procurement") {
		t.Errorf("storage still holds the sections")
	}
}

// TestLanguage: the browser language picks Chinese, the switch moves to
// English and the choice stays in the URL and across a bare reload;
// amounts follow the language (万 in Chinese).
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
	e.waitText("billing-mode", "按小时计费")
	e.waitText("monthly-cost", "1.98万–2.4万元")
	if got := e.eval(`document.documentElement.lang`); got != "zh-CN" {
		t.Errorf("<html lang> = %q", got)
	}
	e.do("switch", chromedp.Click(chromedp.ID("lang-switch")))
	e.waitText("billing-mode", "Pay by the hour")
	e.waitText("monthly-cost", defaultCost)
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
	e.waitText("billing-mode", "Pay by the hour") // English kept by localStorage over the browser's zh-CN
}

// TestCostAndRentBuild: the full-cost page takes the user's own amount and
// the total follows it; the rent-or-build page draws the three curves with
// the break-even month.
func TestCostAndRentBuild(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("cost", chromedp.Navigate(e.base+"/cost?lang=en"), WaitWasm("cost"))
	e.waitText("monthly-cost", defaultCost)
	e.do("own rent", TypeInto("cost-items-gpu_rent", "12000"))
	// rule C1: 12,000 rent + the reference fees (4,723.33–8,833.33).
	e.waitText("monthly-cost", "¥16,723–20,833")
	// A quote of 8,000 a month and 20 an hour is the H20's only price: the
	// package is cheaper than 20 × 24 h × 30 days and prices the rent.
	e.do("quote", PasteInto("cost-items-gpu_rent", ""), TypeInto("cost-prices-h20-96g-monthly", "8000"),
		TypeInto("cost-prices-h20-96g-hourly", "20"))
	e.waitText("monthly-cost", "¥20,723–24,833")
	if n := e.eval(`String(document.querySelectorAll("#cost-chart rect.seg").length)`); n == "0" {
		t.Error("no cost chart")
	}

	// Two H20s quoted at 15,000 a month (30 an hour) cost more to rent
	// than to run once bought, so building breaks even.
	e.do("rent or build", chromedp.Navigate(e.base+"/rentbuild?lang=en&project_months=36&ops_team=true"+
		"&cost.prices.h20-96g.monthly=15000&cost.prices.h20-96g.hourly=30"), WaitWasm("rentbuild"))
	e.waitFor(`document.querySelectorAll("#rb-chart polyline").length === 3`)
	month := e.eval(`document.getElementById("break-even").getAttribute("data-month") || ""`)
	if month == "" {
		t.Fatal("no break-even month")
	}
	if got := e.eval(`[...document.querySelectorAll("#rb-chart text")].some(t => t.textContent === "break-even") ? "yes" : "no"`); got != "yes" {
		t.Error("break-even not marked on the chart")
	}
	e.do("own PUE", TypeInto("cost-self_build-pue", "1.2"))
	e.waitFor(`(document.getElementById("self-monthly")||{}).textContent !== undefined`)
	if rows := e.eval(`String(document.querySelectorAll("#d1-table tbody tr").length)`); rows != "5" {
		t.Errorf("D1 table has %s rows, want 5", rows)
	}
}

// TestAcceptancePaste: the 8 × RTX 4090 nvidia-smi -q capture pasted
// against a plan that wants H100s shows the parsed cards and fails identity
// (rule A1), computed in the browser by the verifier's own checks.
func TestAcceptancePaste(t *testing.T) {
	fixture, err := os.ReadFile("../../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		t.Fatal(err)
	}
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/acceptance?lang=en&workload=pretrain"), WaitWasm("acceptance"))
	if got := e.eval(`document.querySelector("#acc-block").textContent`); !strings.Contains(got, "h100-80g-sxm") {
		t.Fatalf("the plan does not want H100s: %q", got)
	}
	e.do("paste", PasteInto("facts-input", string(fixture)))
	e.waitFor(`document.getElementById("facts-table")`)
	if got := e.eval(`document.querySelector("#facts-table tbody tr td").textContent`); got != "NVIDIA GeForce RTX 4090" {
		t.Errorf("first GPU name %q", got)
	}
	e.waitFor(`document.querySelector('#check-table tr[data-check="gpu0/identity"][data-status="fail"]')`)
	if n := e.eval(`document.getElementById("check-verdict").getAttribute("data-failed")`); n == "0" || n == "" {
		t.Errorf("verdict reports %q failures", n)
	}
	if got := e.text("check-verdict"); !strings.Contains(got, "open a ticket") {
		t.Errorf("verdict %q", got)
	}
	e.do("not nvidia-smi", PasteInto("facts-input", "hello"))
	e.waitFor(`document.getElementById("facts-error")`)
	// The test site is built without RELEASE_JSON.
	if got := e.text("release-none"); got != "No published release for this build." {
		t.Errorf("release line %q", got)
	}
}

// TestAcceptanceReport: a report written by gpuverify check (report.New
// over the plan file this page exports and the 8 × RTX 4090 capture) loads
// into the page: the same checks, the digest verified, the plan
// recognised; the report edited afterwards (a failed check turned into a
// pass) is flagged (rule A4).
func TestAcceptanceReport(t *testing.T) {
	e := setup(t, siteDir, "")
	good, r := e.report4090()
	tampered := bytes.Replace(good, []byte(`"status": "fail"`), []byte(`"status": "pass"`), 1)
	dir := t.TempDir()
	goodPath, badPath := filepath.Join(dir, "report.json"), filepath.Join(dir, "edited.json")
	os.WriteFile(goodPath, good, 0o644)
	os.WriteFile(badPath, tampered, 0o644)

	e.do("load the report", chromedp.SetUploadFiles(`#facts-file`, []string{goodPath}),
		chromedp.WaitVisible(chromedp.CSS(`#report-digest[data-digest="match"]`)))
	if got := e.eval(`document.getElementById("report").getAttribute("data-plan")`); got != "same" {
		t.Errorf("the report's plan is %q, want the plan on the page", got)
	}
	rows := e.eval(`String(document.querySelectorAll("#check-table tbody tr").length)`)
	if rows != fmt.Sprint(len(r.Checks)) {
		t.Errorf("%s rows in the check table, the report has %d checks", rows, len(r.Checks))
	}
	e.waitFor(`document.querySelector('#check-table tr[data-check="gpu0/identity"][data-status="fail"]')`)
	if n := e.eval(`document.getElementById("check-verdict").getAttribute("data-failed")`); n != fmt.Sprint(r.Summary.Fail) {
		t.Errorf("verdict counts %s failures, the report %d", n, r.Summary.Fail)
	}

	e.do("load the edited report", chromedp.SetUploadFiles(`#facts-file`, []string{badPath}),
		chromedp.WaitVisible(chromedp.CSS(`#report-digest[data-digest="mismatch"][role="alert"]`)))
	if got := e.text("report-digest"); !strings.Contains(got, "Digest mismatch") || strings.Contains(got, r.Digest) {
		t.Errorf("mismatch warning %q (it must not print a digest a forger could paste in)", got)
	}
	// Issue 12: the checks are derived again from the facts, so the edited
	// status is named; the facts came from a file, which the page says.
	e.waitFor(`document.querySelector('#report-derived[data-derived="disagree"][role="alert"]')`)
	e.waitFor(`document.querySelector('#report-origin[data-origin="file"]')`)
}

// TestAcceptanceFleet: two reports selected at once are merged in the
// page as gpuverify merge does; the same server's report under two names
// is one box counted twice (rule A1), named in the fleet table.
func TestAcceptanceFleet(t *testing.T) {
	e := setup(t, siteDir, "")
	data, _ := e.report4090()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "report-node-a.json"), filepath.Join(dir, "report-node-b.json")
	os.WriteFile(a, data, 0o644)
	os.WriteFile(b, data, 0o644)
	e.do("load two reports", chromedp.SetUploadFiles(`#facts-file`, []string{a, b}),
		chromedp.WaitVisible(chromedp.CSS(`#fleet-table`)))
	if n := e.eval(`String(document.querySelectorAll("#fleet-table tbody tr").length)`); n != "2" {
		t.Errorf("%s rows in the fleet table, want 2", n)
	}
	e.waitFor(`document.querySelector('#check-table tr[data-check="fleet_unique_gpus"][data-status="fail"]')`)
	if got := e.eval(`document.querySelector('#check-table tr[data-check="fleet_unique_gpus"]').textContent`); !strings.Contains(got, "report-node-a.json") || !strings.Contains(got, "report-node-b.json") {
		t.Errorf("the box-twice row does not name both reports: %q", got)
	}
	if got := e.eval(`document.getElementById("fleet").getAttribute("data-verdict")`); got != "fail" {
		t.Errorf("fleet verdict %q", got)
	}
}

// TestOffline: once the service worker is active, the site works with the
// server gone: the root, a deep link and a shared link with a query.
func TestOffline(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitWorker("/", "/cost", "/rentbuild", "/acceptance", "/about", "/embed", "/web/app.wasm", "/web/app.css", "/web/icon.svg")
	e.srv.Close()
	if _, err := http.Get(e.srv.URL + "/"); err == nil {
		t.Fatal("server still answers after Close")
	}
	e.do("offline deep link", chromedp.Navigate(e.base+"/rentbuild?lang=en&project_months=36"), WaitWasm("rentbuild"))
	e.waitFor(`document.querySelectorAll("#rb-chart polyline").length === 3`)
	e.do("offline shared link", chromedp.Navigate(e.base+"/?lang=en&model.preset=qwen2.5-7b"), WaitWasm("planner"))
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
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
	if h := e.eval(`document.querySelector("#result .rule-ref").getAttribute("href")`); !strings.HasPrefix(h, prefix+"/about") {
		t.Errorf("rule link %q lacks the prefix", h)
	}
	e.do("nav about", chromedp.Click(chromedp.ID("nav-about")), WaitWasm("about"))
	if p := e.eval(`location.pathname`); p != prefix+"/about" {
		t.Errorf("path after click = %q", p)
	}
	e.do("nav home", chromedp.Click(chromedp.ID("nav-planner")), WaitWasm("planner"), SelectValue("model-preset", "qwen2.5-7b"))
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	e.waitFor(fmt.Sprintf(`location.pathname + location.search === %q`, prefix+"/?lang=en&model.preset=qwen2.5-7b"))
	e.waitWorker(prefix, prefix+"/about", prefix+"/cost", prefix+"/web/app.wasm")
	e.srv.Close()
	e.do("offline root", chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	e.do("offline deep link", chromedp.Navigate(e.base+"/cost"), WaitWasm("cost"))
	e.waitText("monthly-cost", "¥12,283–16,393")
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
	// Only the embed may be framed; the rest of its policy is
	// the site's, so the frame below also proves the app runs under it.
	if v := r.Header.Get("X-Frame-Options"); v != "" {
		t.Errorf("/embed sends X-Frame-Options: %s", v)
	}
	if v := r.Header.Get("Content-Security-Policy"); !strings.Contains(v, "frame-ancestors *") || !strings.Contains(v, "script-src 'self' 'wasm-unsafe-eval'") {
		t.Errorf("/embed Content-Security-Policy %q", v)
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
	if err := chromedp.Do(fctx, WaitWasm("embed"), SelectValue("model-preset", "qwen2.5-7b")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(fctx, chromedp.Poll[bool](`document.getElementById("gpu-pick").textContent === "1 × NVIDIA H20 96GB"`,
		chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Errorf("choosing a model in the iframe did not update the plan: %v", err)
	}
	if n, _ := chromedp.Run(fctx, chromedp.Evaluate[int](`document.querySelectorAll(".site-nav, .site-header").length`)); n != 0 {
		t.Errorf("/embed shows the site chrome (%d elements)", n)
	}
}

// iframeTab attaches to the out-of-process iframe whose URL starts with
// prefix (chromedp does not do it by itself).
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

// report4090 opens the acceptance page of a pretraining plan, exports the
// plan and returns the sealed report (file and value) of the 8 × RTX 4090
// capture against it.
func (e *env) report4090() ([]byte, *report.Report) {
	e.t.Helper()
	capture, err := os.ReadFile("../../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		e.t.Fatal(err)
	}
	f, err := facts.Parse(capture)
	if err != nil {
		e.t.Fatal(err)
	}
	e.do("load", chromedp.Navigate(e.base+"/acceptance?lang=en&workload=pretrain"), WaitWasm("acceptance"))
	planFile := exportPlan(e.t, e.ctx)
	pl, err := plan.Decode(bytes.NewReader(planFile))
	if err != nil {
		e.t.Fatal(err)
	}
	r, err := report.New(planFile, pl.Acceptance, f, report.Tool{Name: "gpuverify", Version: "v0.0.0-e2e"},
		time.Date(2026, 11, 30, 8, 15, 0, 0, time.UTC))
	if err != nil {
		e.t.Fatal(err)
	}
	data, err := report.Marshal(r)
	if err != nil {
		e.t.Fatal(err)
	}
	return data, r
}
