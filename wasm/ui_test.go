//go:build !wasm

package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// memStore is an in-memory localStorage for tests.
type memStore map[string]string

func (m memStore) Read(k string) string     { return m[k] }
func (m memStore) Write(k string, v string) { m[k] = v }

// useStore swaps the package storage for the test.
func useStore(t *testing.T, m memStore) {
	old := store
	store = m
	t.Cleanup(func() { store = old })
}

// prerender fetches one page as the static generator does.
func prerender(t *testing.T, target string) string {
	t.Helper()
	h, err := newHandler(genConfig{}, "test", 1000)
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
		routePlanner:    {enMessages.PlannerTitle, zhMessages.PlannerTitle},
		routeCost:       {enMessages.CostTitle, zhMessages.CostTitle},
		routeRentBuild:  {enMessages.RentBuildTitle, zhMessages.RentBuildTitle},
		routeAcceptance: {enMessages.AcceptanceTitle, zhMessages.AcceptanceTitle},
		routeAbout:      {enMessages.AboutTitle, zhMessages.AboutTitle},
		routeEmbed:      {enMessages.PlannerTitle, zhMessages.PlannerTitle},
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

// TestPrerenderPlanner checks the live computation through the whole page:
// the link's input reaches #breakeven (rule B1) and errors are named.
func TestPrerenderPlanner(t *testing.T) {
	useStore(t, memStore{})
	tests := []struct {
		query string
		want  []string
	}{
		{"hours=12&lang=en", []string{`>monthly</output>`, `data-billing="monthly"`, "pay by the month (rule B1)", `href="/?hours=12&lang=en"`}},
		{"hours=4&lang=en", []string{`>hourly</output>`, `data-billing="hourly"`}},
		{"hours=4&lang=zh", []string{`>按小时</output>`, `href="/?hours=4&lang=en"`}},
		{"hours=abc&lang=en", []string{`id="notice"`, `from the link was &#34;abc&#34;`, `value="8"`, `data-billing="hourly"`}},
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

// TestPlannerEngine drives the planner through go-app's test engine: typing
// a value updates the result and writes the state to storage.
func TestPlannerEngine(t *testing.T) {
	mem := memStore{}
	useStore(t, mem)
	e := app.NewTestEngine()
	h := &plannerHarness{}
	if err := e.Load(h); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// The test engine does not navigate; enter the page as go-app would.
	h.ctx.Dispatch(h.OnNav)
	e.ConsumeAll()
	// The prerender state: no browser language, so Chinese; default 8 h/day.
	breakeven := app.TestPath(0, 1, 0, 2, 1, 1, 0) // site > main > planner > grid > result > output > text
	if err := app.TestMatch(h, app.TestUIDescriptor{Path: breakeven, Expected: app.Text("按小时")}); err != nil {
		t.Errorf("initial render: %v", err)
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.setField(ctx, "hours", "12") })
	e.ConsumeAll()
	if err := app.TestMatch(h, app.TestUIDescriptor{Path: breakeven, Expected: app.Text("按月")}); err != nil {
		t.Errorf("after typing 12 (rule B1): %v", err)
	}
	if !strings.Contains(mem[storageKey], `"hours":"12"`) {
		t.Errorf("storage = %q, want hours 12 saved", mem[storageKey])
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.setField(ctx, "hours", "99") })
	e.ConsumeAll()
	if !strings.Contains(mem[storageKey], `"hours":"12"`) {
		t.Errorf("an invalid value was saved: %q", mem[storageKey])
	}
	if h.st.Input.HoursPerDay != "99" {
		t.Errorf("the field lost what the user typed: %q", h.st.Input.HoursPerDay)
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
		var m map[string]*Messages
		return app.Text(m["x"].SiteName) // nil pointer dereference
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
	// site > main > failure box (the empty notice and handler-failure
	// slots render nothing). The header is still there at index 0.
	if err := app.TestMatch(p, app.TestUIDescriptor{
		Path:     app.TestPath(0, 0),
		Expected: app.Header().Class("site-header"),
	}); err != nil {
		t.Error(err)
	}
	if err := app.TestMatch(p, app.TestUIDescriptor{
		Path:     app.TestPath(0, 1, 0),
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
