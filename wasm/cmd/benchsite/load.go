//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/gpuplan/gpuplan/wasm/e2e"
)

// markWasm runs before any page script: it records performance.now() (ms
// since navigation start) when the wasm render first appears, when the
// browser has painted it (a zero timeout set from the next animation
// frame runs once that frame is drawn), and when the
// form first takes input: the page is parsed (DOMContentLoaded; the
// page's own scripts, web/queue.js among them, have run) and a field of
// main is enabled (not in a disabled fieldset either).
const markWasm = `(() => {
  const mark = () => {
    if (!window.__inputAt && document.readyState !== "loading" &&
        document.querySelector("main input:enabled, main select:enabled")) {
      window.__inputAt = performance.now();
    }
    if (!window.__wasmAt && document.querySelector('main[data-wasm="true"]')) {
      window.__wasmAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => { window.__paintAt = performance.now(); }, 0));
    }
  };
  document.addEventListener("DOMContentLoaded", mark);
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-wasm", "disabled"]});
  const inst = WebAssembly.instantiateStreaming;
  if (inst) {
    WebAssembly.instantiateStreaming = async (...args) => {
      const r = await inst(...args);
      window.__instAt = performance.now();
      return r;
    };
  }
})();`

// phaseScript gives, in ms since navigation start, when app.wasm's
// request started and its last byte arrived (resource timing), when
// instantiateStreaming resolved (compiled and instantiated), when the
// prerendered page was parsed (DOMContentLoaded), and when the form first
// took input, and when the wasm render was on screen (markWasm): where a
// phone's load goes.
const phaseScript = `(() => {
  const e = performance.getEntriesByType("resource").find((r) => r.name.endsWith("/web/app.wasm"));
  const nav = performance.getEntriesByType("navigation")[0];
  const dcl = nav ? nav.domContentLoadedEventEnd : 0;
  const input = window.__inputAt || 0, paint = window.__paintAt || 0;
  return e ? [e.startTime, e.responseEnd, window.__instAt || 0, dcl, input, paint] : [0, 0, window.__instAt || 0, dcl, input, paint];
})()`

// seedScript saves the procurement sections in the browser before any
// page script runs, once per profile, as a buyer who entered them has.
func seedScript(sections []byte) string {
	state, _ := json.Marshal(fmt.Sprintf(`{"v":2,"input":{},"procurement":%s}`, sections)) // a string always marshals
	return fmt.Sprintf(`if (!localStorage.getItem("gpuplan.state")) localStorage.setItem("gpuplan.state", %s);`, state)
}

// readSeed reads the procurement sections of a requirement sheet and
// returns the script that saves them in the browser.
func readSeed(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var sheet struct {
		Procurement json.RawMessage `json:"procurement"`
	}
	if err := json.Unmarshal(data, &sheet); err != nil || len(sheet.Procurement) == 0 {
		return "", fmt.Errorf("-seed %s: want a requirement sheet with a procurement object (%v)", path, err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, sheet.Procurement); err != nil {
		return "", err
	}
	return seedScript(compact.Bytes()), nil
}

// seeded opens a tab whose pages find the seed saved before they run.
func seeded(browser context.Context, script string) (context.Context, context.CancelFunc, error) {
	tab, cancel, err := e2e.NewTab(browser)
	if err != nil {
		return nil, nil, err
	}
	if _, err := chromedp.Call(tab, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		cancel()
		return nil, nil, err
	}
	return tab, cancel, nil
}

// loadTwice opens url in a fresh profile (cold), waits for the service
// worker, then loads it again (warm). It returns both times to the first
// wasm render of the page id and the bytes app.wasm took on the wire in
// the cold load.
func loadTwice(browser context.Context, url, id, script string) (cold, warm, transfer float64, err error) {
	tab, cancel, err := seeded(browser, script)
	if err != nil {
		return 0, 0, 0, err
	}
	defer cancel()
	ctx, cancelT := context.WithTimeout(tab, 60*time.Second)
	defer cancelT()
	inject := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: markWasm})
		return err
	})
	if err := chromedp.Do(ctx, inject, chromedp.Navigate(url), e2e.WaitWasm(id)); err != nil {
		return 0, 0, 0, fmt.Errorf("cold load: %w", err)
	}
	if cold, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.__wasmAt`)); err != nil {
		return 0, 0, 0, err
	}
	transfer, err = chromedp.Run(ctx, chromedp.Evaluate[float64](
		`(performance.getEntriesByType("resource").find(e => e.name.endsWith("/web/app.wasm")) || {}).transferSize || 0`))
	if err != nil {
		return 0, 0, 0, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`navigator.serviceWorker.ready.then(r => r.active.state)`, chromedp.EvalAwaitPromise)); err != nil {
		return 0, 0, 0, fmt.Errorf("service worker: %w", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), e2e.WaitWasm(id)); err != nil {
		return 0, 0, 0, fmt.Errorf("warm load: %w", err)
	}
	warm, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.__wasmAt`))
	return cold, warm, transfer, err
}
