//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gpuplan/gpuplan/wasm/e2e"
)

// pageBench says how to time one page: the input to change (two values
// taken in turn) and the element whose text shows the figures the input
// changes.
type pageBench struct {
	path, id     string // the route and its <main> id
	input        string // the id of the <input> (or <select>) changed
	event        string // "input" or "change"
	first, other string // the values it takes in turn
	watch        string // the id of the element whose text must change
}

// pages are the journey's pages in order. Each input is one a buyer
// changes while looking at the verdict: the figures watched are the ones
// the input moves.
var pages = []pageBench{
	{"/", "planner", "concurrency", "input", "64", "16", "gpu-pick"},
	{"/quotes", "quotes", "quotes-quotes-0-gpu_per_card", "input", "1500", "1400", "quotes-result"},
	{"/vendors", "vendors", "vendors-vendors-0-scores-sla", "input", "5", "3", "vendors-result"},
	{"/contract", "contract", "contract-availability_pct", "input", "99.5", "99.9", "contract-result"},
	{"/poc", "poc", "poc-throughput-multi", "input", "5000", "7000", "poc-checks"},
	{"/operations", "operations", "operations-alert_pct", "input", "50", "5", "ops-months"},
	{"/renewal", "renewal", "exit-contract_end", "input", "2026-12-31", "2027-03-31", "exit-steps"},
	{"/checklists", "checklists", "check-000-1", "change", "done", "open", "checklist-progress"},
}

// pageLatency dispatches one input event on the page's input and resolves
// with the ms until the watched element's text changes. The element is
// looked up again on every mutation: a re-render may replace it.
const pageLatency = `(([inputID, event, a, b, watchID]) => new Promise((resolve, reject) => {
  const input = document.getElementById(inputID);
  const text = () => (document.getElementById(watchID) || {}).textContent;
  if (!input || text() === undefined) { reject(new Error("no #" + inputID + " or #" + watchID)); return; }
  const before = text();
  const next = input.value === a ? b : a;
  const obs = new MutationObserver(() => {
    if (text() !== before) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { obs.disconnect(); reject(new Error("no update of #" + watchID + " in 5 s")); }, 5000);
  input.value = next;
  const t0 = performance.now();
  input.dispatchEvent(new Event(event, {bubbles: true}));
}))`

// choosePages returns the pages named in the comma-separated list, in
// journey order; every page for an empty list.
func choosePages(list string) ([]pageBench, error) {
	if list == "" {
		return pages, nil
	}
	var out []pageBench
	names := strings.Split(list, ",")
	for _, pg := range pages {
		if slices.Contains(names, pg.id) {
			out = append(out, pg)
		}
	}
	if len(out) != len(names) {
		var ids []string
		for _, pg := range pages {
			ids = append(ids, pg.id)
		}
		return nil, fmt.Errorf("-pages %q: want ids from %s", list, strings.Join(ids, ","))
	}
	return out, nil
}

// pageLatencies loads the page once and times n input events, pause apart.
func pageLatencies(browser context.Context, url string, pg pageBench, script string, n int, pause time.Duration) ([]float64, error) {
	tab, cancel, err := seeded(browser, script)
	if err != nil {
		return nil, err
	}
	defer cancel()
	ctx, cancelT := context.WithTimeout(tab, 60*time.Second)
	defer cancelT()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), e2e.WaitWasm(pg.id)); err != nil {
		return nil, err
	}
	args, _ := json.Marshal([]string{pg.input, pg.event, pg.first, pg.other, pg.watch})
	var out []float64
	for range n {
		time.Sleep(pause)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](pageLatency+"("+string(args)+")", chromedp.EvalAwaitPromise))
		if err != nil {
			return nil, fmt.Errorf("input latency: %w", err)
		}
		out = append(out, ms)
	}
	return out, nil
}
