//go:build !wasm

package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"

	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/gpuplan/gpuplan/wasm/internal/sitegen"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// memStore is an in-memory localStorage for tests.
type memStore map[string]string

func (m memStore) Read(k string) string           { return m[k] }
func (m memStore) Write(k string, v string) error { m[k] = v; return nil }

// useStore swaps the package storage for the test.
func useStore(t *testing.T, m memStore) {
	old := store
	store = m
	waitingImport = nil
	t.Cleanup(func() { store, waitingImport = old, nil })
}

// prerender fetches one page as the static generator does.
func prerender(t *testing.T, target string) string {
	t.Helper()
	return prerenderRelease(t, target, nil)
}

// prerenderRelease is prerender for a site built with a release manifest.
func prerenderRelease(t *testing.T, target string, release []byte) string {
	t.Helper()
	h, err := sitegen.NewHandler(sitegen.Config{}, site(), site().Langs[0], "test", 1000, release)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", target, rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

// TestPrerenderPages renders every route as the generator does and checks
// the chrome and the page heading in both languages.
func TestPrerenderPages(t *testing.T) {
	useStore(t, memStore{})
	headings := map[string][2]string{
		routePlanner:    {En.Text("site.page.planner_title"), Zh.Text("site.page.planner_title")},
		routeCost:       {En.Text("site.page.cost_title"), Zh.Text("site.page.cost_title")},
		routeRentBuild:  {En.Text("site.page.rent_build_title"), Zh.Text("site.page.rent_build_title")},
		routeAcceptance: {En.Text("site.page.acceptance_title"), Zh.Text("site.page.acceptance_title")},
		routeAbout:      {En.Text("site.page.about_title"), Zh.Text("site.page.about_title")},
		routeEmbed:      {En.Text("site.page.planner_title"), Zh.Text("site.page.planner_title")},
		routeQuotes:     {En.Text("site.proc.quotes_title"), Zh.Text("site.proc.quotes_title")},
		routeVendors:    {En.Text("site.proc.vendors_title"), Zh.Text("site.proc.vendors_title")},
		routeContract:   {En.Text("site.proc.contract_title"), Zh.Text("site.proc.contract_title")},
		routePOC:        {En.Text("site.proc.nav_poc"), Zh.Text("site.proc.nav_poc")},
		routeOperations: {En.Text("site.proc.nav_operations"), Zh.Text("site.proc.nav_operations")},
		routeRenewal:    {En.Text("site.proc.nav_renewal"), Zh.Text("site.proc.nav_renewal")},
		routeChecklists: {En.Text("site.proc.nav_checklists"), Zh.Text("site.proc.nav_checklists")},
		routePrices:     {msg.New("site.prices.title").In(En), msg.New("site.prices.title").In(Zh)},
	}
	for _, r := range routes {
		for i, l := range []Lang{En, Zh} {
			html := prerender(t, r.Path+"?lang="+string(l))
			if !hasElement(html, "main", map[string]string{"id": r.ID, "data-wasm": "false"}) {
				t.Errorf("%s?lang=%s has no <main id=%q data-wasm=false>", r.Path, l, r.ID)
			}
			want := []string{
				"<h1>" + headings[r.ID][i] + "</h1>",
				`<html lang="` + l.HTMLLang() + `">`,
				`id="lang-switch"`,
			}
			if r.InNav {
				want = append(want, `class="site-nav"`, `aria-current="page"`)
			}
			for _, w := range want {
				if !strings.Contains(html, w) {
					t.Errorf("%s?lang=%s lacks %s", r.Path, l, w)
				}
			}
			if r.ID == routeEmbed && strings.Contains(html, "site-nav") {
				t.Error("/embed shows the site menu")
			}
		}
	}
}

// hasElement reports whether html holds a <tag> with all the given
// attributes; go-app writes attributes in map order, so a plain substring
// test of the whole tag would be flaky.
func hasElement(html, tag string, attrs map[string]string) bool {
	for _, m := range regexp.MustCompile(`<`+tag+`\b[^>]*>`).FindAllString(html, -1) {
		ok := true
		for k, v := range attrs {
			ok = ok && strings.Contains(m, " "+k+`="`+v+`"`)
		}
		if ok {
			return true
		}
	}
	return false
}

// TestPrerenderPlanner checks the plan through the whole page: the link's
// input reaches the plan, and refused values are named.
func TestPrerenderPlanner(t *testing.T) {
	useStore(t, memStore{})
	tests := []struct {
		query string
		want  []string
	}{
		// The documented example (inference-70b): 2 × H20 (rule G2, G4),
		// priced by the hour at AutoDL's 10.50 (rule B1): 19,843–23,953 all-in.
		{"lang=en", []string{`data-card="h20-96g"`, `data-count="2"`, ">2 × NVIDIA H20 96GB</output>",
			">¥19,843–23,953</output>", `id="memory-chart"`, `id="alt-table"`, `href="/about?lang=en#rule-G4"`}},
		{"lang=zh", []string{">1.98万–2.4万元</output>", ">按小时计费</output>", `lang="en"`}},
		{"model.preset=qwen2.5-7b&lang=en", []string{`data-count="1"`, `href="/?lang=en&model.preset=qwen2.5-7b"`}},
		{"workload=pretrain&lang=en", []string{`data-card="h100-80g-sxm"`, `data-count="24"`, "3 nodes of 8 cards"}},
		{"hours_per_day=25&lang=en", []string{`id="notice"`, `from the link was &#34;25&#34;`, "must be between 0 and 24 (rule B1)", `data-count="2"`}},
		{"hours=12&lang=en", []string{`id="notice"`, "is not a planner field"}},
	}
	for _, tt := range tests {
		html := prerender(t, "/?"+tt.query)
		for _, w := range tt.want {
			if !strings.Contains(html, w) {
				t.Errorf("/?%s lacks %s", tt.query, w)
			}
		}
	}
}

// plannerHarness captures the context of the test engine (which runs as a
// server: OnMount never fires, OnPreRender does).
type plannerHarness struct {
	plannerPage
	ctx app.Context
}

func (h *plannerHarness) OnPreRender(ctx app.Context) { h.ctx = ctx }

// loadPlanner mounts the planner in the test engine and enters it.
func loadPlanner(t *testing.T) (app.TestEngine, *plannerHarness) {
	t.Helper()
	e := app.NewTestEngine()
	h := &plannerHarness{}
	if err := e.Load(h); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// The test engine does not navigate; enter the page as go-app would.
	h.ctx.Dispatch(h.OnNav)
	e.ConsumeAll()
	return e, h
}

// TestPlannerEngine drives the planner through go-app's test engine: the
// default plan is shown, choosing another model changes it and saves the
// state, and a refused value is named in place and not saved.
func TestPlannerEngine(t *testing.T) {
	mem := memStore{}
	useStore(t, mem)
	e, h := loadPlanner(t)
	// site > main > (loading note, saved-work slot) planner > grid (after h1, intro, result bar) > result >
	// kpis > first kpi > value > output
	pick := app.TestPath(0, 1, 2, 3, 1, 0, 0, 1, 0)
	if err := app.TestMatch(h, app.TestUIDescriptor{Path: pick, Expected: app.Output().ID("gpu-pick").
		Attr("data-card", "h20-96g").Attr("data-count", 2)}); err != nil {
		t.Errorf("initial render: %v", err)
	}
	if err := app.TestMatch(h, app.TestUIDescriptor{Path: append(pick, 0), Expected: app.Text("2 × NVIDIA H20 96GB")}); err != nil {
		t.Errorf("initial render: %v", err)
	}

	r := h.route()
	h.ctx.Dispatch(func(ctx app.Context) { h.setField(ctx, r, "model.preset", "qwen2.5-7b") })
	e.ConsumeAll()
	if err := app.TestMatch(h, app.TestUIDescriptor{Path: append(pick, 0), Expected: app.Text("1 × NVIDIA H20 96GB")}); err != nil {
		t.Errorf("after choosing qwen2.5-7b: %v", err)
	}
	if !strings.Contains(mem[storageKey], `"model.preset":"qwen2.5-7b"`) {
		t.Errorf("storage = %q, want the preset saved", mem[storageKey])
	}

	h.ctx.Dispatch(func(ctx app.Context) { h.setField(ctx, r, "hours_per_day", "25") })
	e.ConsumeAll()
	html := app.HTMLString(h)
	want := `每天使用小时数：应在 0 到 24 之间（规则 B1），实际为 25`
	if !strings.Contains(html, `id="hours_per_day-error"`) || !strings.Contains(html, want) {
		t.Errorf("no field error %q in the page", want)
	}
	// go-app writes a "true" attribute without a value: aria-invalid.
	if !hasElement(html, "input", map[string]string{"id": "hours_per_day", "value": "25"}) ||
		!regexp.MustCompile(`<input[^>]* id="hours_per_day"[^>]*>`).MatchString(html) ||
		!strings.Contains(regexp.MustCompile(`<input[^>]* id="hours_per_day"[^>]*>`).FindString(html), " aria-invalid") {
		t.Error("the field lost what the user typed or is not marked invalid")
	}
	if !strings.Contains(html, `id="result-pending"`) || strings.Contains(html, `id="gpu-pick"`) {
		t.Error("a plan is shown for a refused sheet")
	}
	if strings.Contains(mem[storageKey], "25") {
		t.Errorf("an invalid value was saved: %q", mem[storageKey])
	}
}

// TestPlannerExport: the export button hands over exactly plan.Encode's
// output for the plan on screen, which for the first visit is the golden
// plan gpuverify writes; the Markdown is plan.WriteMarkdown's.
func TestPlannerExport(t *testing.T) {
	useStore(t, memStore{})
	_, h := loadPlanner(t)
	got, err := h.exportData(planJSON)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := form.ToRequirements(h.st.Input)
	p, err := plan.Build(req)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := plan.Encode(&want, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Error("export differs from plan.Encode")
	}
	golden, _ := os.ReadFile("../shared/plan/testdata/inference-70b.plan.json")
	if !bytes.Equal(got, golden) {
		t.Error("the first visit's export differs from the golden inference-70b plan")
	}
	md, err := h.exportData(planMarkdown)
	wantMD, _ := os.ReadFile("../shared/plan/testdata/inference-70b.md")
	if err != nil || !bytes.Equal(md, wantMD) {
		t.Errorf("Markdown export differs from the golden inference-70b.md (%v)", err)
	}
	if _, err := plan.Decode(bytes.NewReader(got)); err != nil {
		t.Errorf("the exported file does not decode: %v", err)
	}
}

// TestPlannerImport: importing a plan file restores its sheet, so the page
// shows (and would export) the same plan; a bad file is named.
func TestPlannerImport(t *testing.T) {
	mem := memStore{}
	useStore(t, mem)
	e, h := loadPlanner(t)
	golden, err := os.ReadFile("../shared/plan/testdata/lora-7b.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "lora-7b.plan.json", golden, nil) })
	e.ConsumeAll()
	got, err := h.exportData(planJSON)
	if err != nil || !bytes.Equal(got, golden) {
		t.Errorf("after import the plan differs from the imported file (%v)", err)
	}
	if !strings.Contains(mem[storageKey], `"workload":"lora"`) {
		t.Errorf("the imported sheet was not saved: %s", mem[storageKey])
	}
	html := app.HTMLString(h)
	if !strings.Contains(html, "已导入 lora-7b.plan.json") {
		t.Error("no import message")
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "x.json", []byte(`{"schema":"gpuplan.plan/v9"}`), nil) })
	e.ConsumeAll()
	if html := app.HTMLString(h); !strings.Contains(html, "无法导入 x.json") || !strings.Contains(html, "must be &#34;gpuplan.plan/v1&#34;") {
		t.Error("a bad file is not reported")
	}
	if got2, _ := h.exportData(planJSON); !bytes.Equal(got2, golden) {
		t.Error("a failed import changed the plan")
	}
}

// TestPlannerImportProcurement: a plan with procurement sections comes back
// whole: the page keeps the sections (in storage too), exports the same
// file, and says the share link carries the sheet only. Removing the
// sections, or importing a plan without them, drops them.
func TestPlannerImportProcurement(t *testing.T) {
	mem := memStore{}
	useStore(t, mem)
	e, h := loadPlanner(t)
	file, err := os.ReadFile("../shared/plan/testdata/procurement.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "procurement.plan.json", file, nil) })
	e.ConsumeAll()
	got, err := h.exportData(planJSON)
	if err != nil || !bytes.Equal(got, file) {
		t.Errorf("the exported plan differs from the imported procurement.plan.json (%v)", err)
	}
	if !strings.Contains(mem[storageKey], `"procurement":{"quotes":`) {
		t.Error("the sections are not saved in storage")
	}
	html := app.HTMLString(h)
	for _, want := range []string{"已导入 procurement.plan.json：需求表和采购部分已恢复。", `id="procurement-note"`,
		"本方案含采购部分（报价、供应商、合同、POC 测试、运营记录、退租、检查清单）", `id="procurement-clear"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if share := regexp.MustCompile(`<a[^>]* id="share"[^>]*>`).FindString(html); strings.Contains(share, "quote") || share == "" {
		t.Errorf("share link %q", share)
	}

	// A reload (a new page reading storage) keeps them.
	_, again := loadPlanner(t)
	if again.st.Proc == nil {
		t.Error("the sections are lost on reload")
	}
	if b, _ := again.exportData(planJSON); !bytes.Equal(b, file) {
		t.Error("after reload the export differs")
	}

	h.ctx.Dispatch(func(ctx app.Context) { h.clearProcurement(ctx, app.Event{}) })
	e.ConsumeAll()
	if h.st.Proc != nil || strings.Contains(app.HTMLString(h), `id="procurement-note"`) ||
		strings.Contains(mem[storageKey], "procurement") {
		t.Error("removing the sections left them")
	}
	if b, _ := h.exportData(planJSON); bytes.Contains(b, []byte(`"procurement"`)) {
		t.Error("the export still holds the sections")
	}

	// A bad section names the field and imports nothing.
	bad := bytes.Replace(file, []byte(`"contract_end": "2026-09-30"`), []byte(`"contract_end": "30.9.2026"`), 1)
	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "bad.json", bad, nil) })
	e.ConsumeAll()
	if html := app.HTMLString(h); !strings.Contains(html, "无法导入 bad.json") || !strings.Contains(html, "contract_end") {
		t.Error("a bad procurement section is not reported with its field")
	}
	if h.st.Proc != nil {
		t.Error("a refused file changed the sections")
	}
}

// TestSafeRender: a panicking body becomes a failure box; the app goes on.
func TestSafeRender(t *testing.T) {
	ui := safeRender(En, "planner form", func() app.UI { panic("index out of range") })
	want := failureBox(En, &failure{What: "planner form", Value: "index out of range"})
	if err := app.Match(want, ui); err != nil {
		t.Fatal(err)
	}
	if err := app.Match(app.Text("This part of the page failed: planner form: index out of range"), ui, 0, 0); err != nil {
		t.Error(err)
	}
	ok := safeRender(En, "x", func() app.UI { return app.Text("fine") })
	if err := app.Match(app.Text("fine"), ok); err != nil {
		t.Error(err)
	}
}

// panicPage is a page whose body panics on every render.
type panicPage struct {
	app.Compo
	pageState
}

func (p *panicPage) Render() app.UI {
	return p.layout(routeByID(routeAbout), func() app.UI {
		var m map[string]*string
		return app.Text(*m["x"]) // nil pointer dereference
	})
}

// TestPanickingPageKeepsChrome: the engine loads a page whose body panics;
// the header and a failure message render instead of a dead page.
func TestPanickingPageKeepsChrome(t *testing.T) {
	useStore(t, memStore{})
	e := app.NewTestEngine()
	p := &panicPage{}
	if err := e.Load(p); err != nil {
		t.Fatalf("Load: %v", err)
	}
	e.ConsumeAll()
	// site > main > failure box after the loading note of the prerender
	// and the saved-work slot
	// (the empty notice and handler-failure slots render nothing). The
	// header is still there at index 0.
	if err := app.TestMatch(p, app.TestUIDescriptor{
		Path:     app.TestPath(0, 0),
		Expected: app.Header().Class("site-header"),
	}); err != nil {
		t.Error(err)
	}
	if err := app.TestMatch(p, app.TestUIDescriptor{
		Path:     app.TestPath(0, 1, 2),
		Expected: app.Div().ID("failure").Class("failure").Attr("role", "alert"),
	}); err != nil {
		t.Error(err)
	}
}

// TestGuard: a panicking handler is reported, not propagated.
func TestGuard(t *testing.T) {
	f := guard("input hours", func() { panic("boom") })
	if f == nil || f.What != "input hours" || f.Value != "boom" {
		t.Errorf("guard = %+v", f)
	}
	if f := guard("ok", func() {}); f != nil {
		t.Errorf("guard(no panic) = %+v", f)
	}
}

// planMarkdown is the plan as plan.WriteMarkdown writes it.
func planMarkdown(p *plan.Plan) ([]byte, error) {
	var b bytes.Buffer
	err := plan.WriteMarkdown(&b, p)
	return b.Bytes(), err
}
