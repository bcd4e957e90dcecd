//go:build !js

// Package e2e drives the generated planner site in headless chromium with
// chromedp. The tests (the harness in e2e_test.go, the pages in the other
// _test.go files) run only when GPUPLAN_SITE names a built site, which make
// test-browser does; plain go test skips them. The helpers
// here are shared with the bench program (wasm/cmd/benchsite).
package e2e

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/gpuplan/gpuplan/wasm/sitesrv"
)

// ChromiumPath finds the browser: $CHROMIUM, else chromium (Debian),
// chromium-browser or google-chrome on PATH.
func ChromiumPath() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium on PATH (apt-get install chromium, or set CHROMIUM)")
}

// NewBrowser starts one headless chromium for many tabs. Cancel the
// returned func to stop it. The first chromedp call on the context starts
// the process, so it is done here, without a deadline (a deadline on the
// first call would bind the browser's life to it).
func NewBrowser(parent context.Context) (context.Context, context.CancelFunc, error) {
	path, err := ChromiumPath()
	if err != nil {
		return nil, nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // the tests may run as root in a container
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1100, 800),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(parent, opts...)
	ctx, cancelBrowser := chromedp.NewContext(allocCtx)
	cancel := func() { cancelBrowser(); cancelAlloc() }
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("starting %s: %w", path, err)
	}
	return ctx, cancel, nil
}

// NewTab opens a tab in a fresh browser context (an incognito-like profile:
// its own storage, caches and service workers) of the browser in parent.
func NewTab(parent context.Context) (context.Context, context.CancelFunc, error) {
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, nil, err
	}
	return ctx, cancel, nil
}

// Serve serves a generated site on 127.0.0.1 with a free port, the way
// make run does, but with Cache-Control: no-store: whatever a page shows
// once the server is closed came from the service worker, not the HTTP
// cache.
func Serve(dir, prefix string) (*httptest.Server, error) {
	h, err := sitesrv.New(sitesrv.Config{Dir: dir, Prefix: prefix, NoStore: true})
	if err != nil {
		return nil, err
	}
	srv := httptest.NewServer(h)
	return srv, nil
}

// Requests records the URL of every request a tab sends (CDP
// Network.requestWillBeSent) and every response with an error status
// (Network.responseReceived), from the moment Record is called.
type Requests struct {
	mu     sync.Mutex
	urls   []string
	failed []string // "404 http://…"
}

// Record starts recording the requests of the tab in ctx. It stops when ctx
// ends.
func Record(ctx context.Context) *Requests {
	sent := chromedp.Events(ctx, network.RequestWillBeSent)
	received := chromedp.Events(ctx, network.ResponseReceived)
	r := &Requests{}
	go func() {
		for ev, err := range sent {
			if err != nil {
				return
			}
			r.mu.Lock()
			r.urls = append(r.urls, ev.Request.URL)
			r.mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range received {
			if err != nil {
				return
			}
			if ev.Response.Status >= 400 {
				r.mu.Lock()
				r.failed = append(r.failed, fmt.Sprintf("%d %s", ev.Response.Status, ev.Response.URL))
				r.mu.Unlock()
			}
		}
	}()
	return r
}

// Failed returns the responses with a 4xx or 5xx status so far.
func (r *Requests) Failed() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.failed...)
}

// URLs returns the recorded URLs so far.
func (r *Requests) URLs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.urls...)
}

// Foreign returns the recorded URLs whose origin is none of origins
// ("http://127.0.0.1:8000"). data: and blob: URLs are local.
func (r *Requests) Foreign(origins ...string) []string {
	var out []string
	for _, raw := range r.URLs() {
		if !SameOrigin(raw, origins...) {
			out = append(out, raw)
		}
	}
	return out
}

// SameOrigin reports whether raw is a data:/blob: URL or has one of origins.
func SameOrigin(raw string, origins ...string) bool {
	if strings.HasPrefix(raw, "data:") || strings.HasPrefix(raw, "blob:") {
		return true
	}
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	o := u.Scheme + "://" + u.Host
	for _, want := range origins {
		if o == want {
			return true
		}
	}
	return false
}

// WaitWasm waits until the page with the given <main> id was rendered by the
// wasm app with its state loaded (data-wasm="true"; the prerender says
// "false").
func WaitWasm(id string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(`main#` + id + `[data-wasm="true"]`))
}

// TypeInto replaces the text of an input the way a person does: select it
// all, then type. The field is emptied with a script because, with chromedp
// v0.23.0 and cdproto v0.159.0, SetValue(sel, "") sets the string
// "undefined": the empty-string argument is dropped by the omitempty of
// runtime.CallArgument.Value under json v2. chromedp.Clear only removes the
// value attribute, not the live value.
func TypeInto(id, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.WaitEnabled(chromedp.ID(id)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).value = ""`, id)),
		chromedp.SendKeys(chromedp.ID(id), text),
	)
}

// Leave moves the focus out of an input, as a person tabbing on does: the
// page shows a refused field's error once it is left.
func Leave(id string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).blur()`, id))
}

// SelectValue chooses an option of a <select> and fires its change event,
// as a person choosing from the list does.
func SelectValue(id, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.WaitEnabled(chromedp.ID(id)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`(() => { const el = document.getElementById(%q); el.value = %q; el.dispatchEvent(new Event("change", {bubbles: true})); })()`,
			id, value)),
	)
}

// PasteInto sets the text of a textarea or input at once and fires its
// input event, as a paste does (SendKeys would type a large text key by
// key).
func PasteInto(id, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.WaitEnabled(chromedp.ID(id)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`(() => { const el = document.getElementById(%q); el.value = %s; el.dispatchEvent(new Event("input", {bubbles: true})); })()`,
			id, jsString(text))),
	)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// AllowDownloads saves the downloads of the tab's browser context into dir
// under the names the page gives them.
func AllowDownloads(dir string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		c := chromedp.FromContext(ctx)
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior:         browser.SetDownloadBehaviorBehaviorAllow,
			BrowserContextID: c.BrowserContextID,
			DownloadPath:     dir,
		})
		return err
	})
}

// WaitFile waits until the download dir/name is complete and returns it.
func WaitFile(dir, name string, timeout time.Duration) ([]byte, error) {
	path := filepath.Join(dir, name)
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			if _, err := os.Stat(path + ".crdownload"); errors.Is(err, os.ErrNotExist) {
				return b, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil, fmt.Errorf("no download %s within %s", path, timeout)
}
