//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

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
