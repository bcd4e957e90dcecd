//go:build !js

package e2e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/sitesrv"
)

// The prerendered form takes typing before app.wasm has loaded; web/queue.js
// hands what was typed to the app once it has rendered.

// gatedEnv is setup's env with a server that holds every request for
// app.wasm until the returned func is called: the prerender stays without
// the app for as long as a test types into it.
func gatedEnv(t *testing.T, dir, pfx string) (*env, func()) {
	t.Helper()
	e := setup(t, dir, pfx)
	h, err := sitesrv.New(sitesrv.Config{Dir: dir, Prefix: pfx, NoStore: true})
	if err != nil {
		t.Fatal(err)
	}
	gate := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/web/app.wasm") {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(srv.Close)
	t.Cleanup(release) // before Close, which waits for held requests
	e.srv, e.base, e.origin = srv, srv.URL+pfx, []string{srv.URL}
	return e, release
}

// parsed waits until the prerendered page at path (after the prefix) has
// been parsed; its load event waits for app.wasm's preload.
func (e *env) parsed(pfx, path string) {
	e.t.Helper()
	e.waitFor(`document.readyState !== "loading" && location.pathname === "` + pfx + path + `" && document.getElementById("app-loading")`)
}

// TestTypedBeforeLoad: with app.wasm held back, the prerendered planner
// takes a model chosen and two numbers typed; once the app has rendered,
// the plan is the one of those values, the fields and the address hold
// them, and the loading notice is gone. At the root and under a sub-path.
func TestTypedBeforeLoad(t *testing.T) {
	const query = "model.preset=qwen2.5-7b&concurrency=1000&hours_per_day=6"
	// The plan of these three values (what the same query in the address
	// gives): without the model it is 24 cards, without the concurrency
	// one card, without the hours ¥34,723–38,833; the default sheet is
	// defaultPick at defaultCost.
	const wantPick, wantCost = "4 × NVIDIA H20 96GB", "¥12,283–16,393"
	for _, site := range []struct{ dir, pfx string }{{siteDir, ""}, {prefixedDir, prefix}} {
		e, release := gatedEnv(t, site.dir, site.pfx)
		e.do("open", chromedp.Navigate(e.base+"/?lang=en"))
		e.parsed(site.pfx, "/")
		if got := e.eval(`document.querySelector("main").getAttribute("data-wasm")`); got != "false" {
			t.Fatalf("%q: data-wasm=%q before app.wasm was sent", site.pfx, got)
		}
		if got := e.text("app-loading"); got != msg.New("site.loading").In(msg.En) {
			t.Errorf("%q: the loading notice says %q", site.pfx, got)
		}
		e.do("type before load", SelectValue("model-preset", "qwen2.5-7b"),
			TypeInto("concurrency", "1000"), TypeInto("hours_per_day", "6"))
		if got := e.eval(`document.querySelector("main").getAttribute("data-wasm")`); got != "false" {
			t.Fatalf("%q: the app rendered before app.wasm was sent", site.pfx)
		}
		release()
		e.do("app renders", WaitWasm("planner"))
		e.waitText("gpu-pick", wantPick)
		e.waitText("monthly-cost", wantCost)
		e.waitFor(`!document.getElementById("app-loading")`)
		for id, want := range map[string]string{"model-preset": "qwen2.5-7b", "concurrency": "1000", "hours_per_day": "6"} {
			if got := e.eval(`document.getElementById("` + id + `").value`); got != want {
				t.Errorf("%q: #%s = %q after the app rendered, want %q", site.pfx, id, got, want)
			}
		}
		// go-app replaced the field being typed in; the new one has the focus.
		if got := e.eval(`document.activeElement ? document.activeElement.id : ""`); got != "hours_per_day" {
			t.Errorf("%q: the focus is on %q after the app rendered, want the field typed in last", site.pfx, got)
		}
		for _, kv := range strings.Split(query, "&") {
			e.waitFor(`location.search.includes("` + kv + `")`)
		}
	}
}

// TestTypedBeforeLoadQuotes: a number typed into the prerendered /quotes
// is the app's once it has rendered, and saved with the page's state; a
// refused number typed and left there is named once the app has rendered,
// as a field left in the app is.
func TestTypedBeforeLoadQuotes(t *testing.T) {
	e, release := gatedEnv(t, siteDir, "")
	e.do("open", chromedp.Navigate(e.base+"/quotes?lang=en"))
	e.parsed("", "/quotes")
	// The refused field last: the app hides the error of the field being
	// typed in, so only its blur shows it.
	e.do("type before load", TypeInto("quotes-need-cards", "24"),
		TypeInto("quotes-need-egress_tb", "abc"), Leave("quotes-need-egress_tb"))
	release()
	e.do("app renders", WaitWasm("quotes"))
	e.waitFor(`!document.getElementById("app-loading")`)
	e.waitFor(`document.getElementById("quotes-need-cards").value === "24"`)
	e.waitFor(`document.getElementById("quotes-need-egress_tb").value === "abc"`)
	e.waitFor(`document.querySelectorAll(".field-error, .section-error").length > 0`)
	// The app saved it: a fresh load of the page shows it again.
	e.do("reload", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"))
	e.waitFor(`document.getElementById("quotes-need-cards").value === "24"`)
}

// TestLoadingNotice: before app.wasm has run (here: never, it is blocked)
// the prerendered planner says, in the page's language, that it is loading
// and takes typing already, and its fields are enabled and reachable by a
// click; with the app the notice is gone.
func TestLoadingNotice(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("block app.wasm", blockWasm())
	for _, l := range []struct {
		query string
		lang  msg.Lang
	}{{"en", msg.En}, {"zh", msg.Zh}} {
		e.do(l.query, chromedp.Navigate(e.base+"/?lang="+l.query))
		e.loaded("", "/")
		if got, want := e.text("app-loading"), msg.New("site.loading").In(l.lang); got != want {
			t.Errorf("lang=%s: the notice says %q, want %q", l.query, got, want)
		}
		if got := e.eval(`String([...document.querySelectorAll("main fieldset")].some(f => f.disabled) || document.getElementById("hours_per_day").disabled)`); got != "false" {
			t.Errorf("lang=%s: the prerendered form takes no typing", l.query)
		}
		// A click at the field's place reaches it: nothing covers the form.
		e.do("click", chromedp.Click(chromedp.ID("hours_per_day")))
		if got := e.eval(`document.activeElement ? document.activeElement.id : ""`); got != "hours_per_day" {
			t.Errorf("lang=%s: a click on the field focuses %q", l.query, got)
		}
	}
	other := setup(t, siteDir, "")
	other.do("with the app", chromedp.Navigate(other.base+"/?lang=en"), WaitWasm("planner"))
	other.waitFor(`!document.getElementById("app-loading")`)
}
