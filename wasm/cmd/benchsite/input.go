//go:build !js

package main

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"github.com/gpuplan/gpuplan/wasm/e2e"
)

// inputLatency dispatches one input event on the concurrency field and
// resolves with the ms until the plan on the page shows the new card count
// (16 sequences need 2 H20s, 64 need 4), and the µs the wasm spent in
// Compute (plan.Build and the form around it) for that input.
const inputLatency = `new Promise((resolve, reject) => {
  const out = document.getElementById("result");
  const input = document.getElementById("concurrency");
  const pick = () => (document.getElementById("gpu-pick") || {}).textContent;
  const before = pick();
  const next = input.value === "64" ? "16" : "64";
  const obs = new MutationObserver(() => {
    if (pick() !== before) {
      obs.disconnect();
      resolve([performance.now() - t0, Number(out.getAttribute("data-compute-us"))]);
    }
  });
  obs.observe(out, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { obs.disconnect(); reject(new Error("no update in 5 s")); }, 5000);
  input.value = next;
  const t0 = performance.now();
  input.dispatchEvent(new Event("input", {bubbles: true}));
})`

// inputLatencies loads the planner once and times n input events, pause
// apart: the whole update as the page sees it, and the wasm's Compute
// alone. With profile set it also records a CPU profile of those events.
func inputLatencies(browser context.Context, base, script string, n int, pause time.Duration, profile bool) (total, compute []float64, prof *profiler.Profile, err error) {
	tab, cancel, err := seeded(browser, script)
	if err != nil {
		return nil, nil, nil, err
	}
	defer cancel()
	ctx, cancelT := context.WithTimeout(tab, 60*time.Second)
	defer cancelT()
	if err := chromedp.Do(ctx, chromedp.Navigate(base), e2e.WaitWasm("planner")); err != nil {
		return nil, nil, nil, err
	}
	if profile {
		if err := startProfile(ctx); err != nil {
			return nil, nil, nil, fmt.Errorf("starting the profiler: %w", err)
		}
	}
	for range n {
		time.Sleep(pause)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](inputLatency, chromedp.EvalAwaitPromise))
		if err != nil || len(ms) != 2 {
			return nil, nil, nil, fmt.Errorf("input latency: %v", err)
		}
		total = append(total, ms[0])
		compute = append(compute, ms[1]/1000)
	}
	if profile {
		res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
		if err != nil {
			return nil, nil, nil, fmt.Errorf("stopping the profiler: %w", err)
		}
		prof = res.Profile
	}
	return total, compute, prof, nil
}
