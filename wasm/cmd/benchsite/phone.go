//go:build !js

package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"github.com/gpuplan/gpuplan/wasm/e2e"
)

// The phone profile: a fast 4G network (9 Mbit/s down, 1.5 Mbit/s up,
// 60 ms latency, close to Chrome DevTools' "Fast 4G" preset; throughputs
// in bytes a second) and a CPU four times slower than this machine's.
const (
	phoneDown    = 9e6 / 8
	phoneUp      = 1.5e6 / 8
	phoneLatency = 60
	phoneCPU     = 4
)

// phoneTarget is the most a cold load may take on the phone profile until
// the page is usable, judged twice: until the form takes input (the
// prerendered form takes typing as soon as it is parsed, and web/queue.js
// hands it to the app once it has rendered), and until the app's own
// render, the live figures, is on screen (painted, a frame after the wasm
// render reached the page).
const phoneTarget = 3000.0

// phoneCase is one way a phone opens a page: what the browser holds.
type phoneCase struct {
	name   string
	seeded bool // the procurement sections of -seed are saved in the browser
	warm   bool // the service worker holds the site (a second visit)
}

// phoneCases are the loads the phone profile times. A first visit saves
// nothing yet; a buyer who comes back every week has the site from the
// service worker, her sections saved; a cold load with saved sections (a
// cleared cache, storage kept) is the slowest and is reported too.
var phoneCases = []phoneCase{
	{name: "first visit (cold, nothing saved)"},
	{name: "return visit (warm, sections saved)", seeded: true, warm: true},
	{name: "cold load with sections saved", seeded: true},
}

// printPhone times the loads of the planner and /quotes (those of chosen)
// on the phone profile, in each of phoneCases.
func printPhone(w io.Writer, browser context.Context, root string, chosen []pageBench, script string, runs int) error {
	fmt.Fprintf(w, "\nphone profile (%.0f Mbit/s down, %.1f up, %d ms latency, CPU %d× slower), %d runs, ms; target %.0f ms:\n",
		phoneDown*8/1e6, phoneUp*8/1e6, phoneLatency, phoneCPU, runs, phoneTarget)
	fmt.Fprintf(w, "  %-12s %s\n", "page", "load → form takes input (prerender parsed, fields enabled); → the app's render on screen")
	for _, c := range phoneCases {
		fmt.Fprintf(w, "  %s:\n", c.name)
		seed := ""
		if c.seeded {
			seed = script
		}
		for _, pg := range chosen {
			if pg.id != "planner" && pg.id != "quotes" {
				continue
			}
			if err := printPhonePage(w, browser, root, pg, seed, c.warm, runs); err != nil {
				return fmt.Errorf("%s on the phone profile, %s: %w", pg.path, c.name, err)
			}
		}
	}
	return nil
}

// printPhonePage prints the phases of runs loads of pg on the phone profile.
func printPhonePage(w io.Writer, browser context.Context, root string, pg pageBench, script string, warm bool, runs int) error {
	var cold, start, fetched, inst, parsed, input, app, shown []float64
	for range runs {
		ms, ph, _, err := phoneLoad(browser, root, pg.path+"?lang=en", pg.id, script, warm, false)
		if err != nil {
			return err
		}
		cold = append(cold, ms)
		if len(ph) == 6 {
			start, fetched, inst, parsed = append(start, ph[0]), append(fetched, ph[1]), append(inst, ph[2]), append(parsed, ph[3])
			input, app, shown = append(input, ph[4]), append(app, ms-ph[2]), append(shown, ph[5])
		}
	}
	if len(input) < len(cold) || slices.Contains(input, 0) || slices.Contains(shown, 0) {
		return fmt.Errorf("the form never took input, or the app's render was never painted, before they were timed")
	}
	fmt.Fprintf(w, "  %-12s input %s  %s; on screen %s  %s\n", pg.path, stats(input), verdict(input), stats(shown), verdict(shown))
	fmt.Fprintf(w, "  %-12s prerender parsed %s; app.wasm requested %s, received %s, instantiated %s\n", "",
		stats(parsed), stats(start), stats(fetched), stats(inst))
	fmt.Fprintf(w, "  %-12s instantiated → wasm render (Go start, inits, the app's first render) %s; wasm render %s\n", "", stats(app), stats(cold))
	return nil
}

// verdict says whether the median of ms is within phoneTarget.
func verdict(ms []float64) string {
	if slices.Sorted(slices.Values(ms))[len(ms)/2] > phoneTarget {
		return "OVER target"
	}
	return "within target"
}

// phoneLoad is one load of root+path in a fresh tab on the phone profile:
// the ms from navigation to the wasm render, and the phases of phaseScript
// (the last two: when the form first took input, and when the wasm render
// was painted; unprofiled loads wait for that). A cold load is the tab's
// first; with warm set the page is loaded once, the service worker waited
// for, and the second load timed. With
// profile set it also returns a CPU profile of the load, from navigation
// to the wasm render: the tab first opens a small file of the same site,
// so the page loads in the renderer whose profiler is already running.
func phoneLoad(browser context.Context, root, path, id, script string, warm, profile bool) (float64, []float64, *profiler.Profile, error) {
	tab, cancel, err := seeded(browser, script)
	if err != nil {
		return 0, nil, nil, err
	}
	defer cancel()
	ctx, cancelT := context.WithTimeout(tab, 90*time.Second)
	defer cancelT()
	setup := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: markWasm}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Latency: phoneLatency, DownloadThroughput: phoneDown, UploadThroughput: phoneUp}},
		}); err != nil {
			// Chromium before about 150 refuses the rule form's
			// parameters; its Network.emulateNetworkConditions
			// throttles the same way.
			if _, err := cdp.Call(ctx, t, legacyThrottle, legacyThrottleParams{
				Latency: phoneLatency, DownloadThroughput: phoneDown, UploadThroughput: phoneUp,
			}); err != nil {
				return err
			}
		}
		_, err := cdp.Call(ctx, t, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: phoneCPU})
		return err
	})
	var prof *profiler.Profile
	steps := []chromedp.Action[chromedp.Void]{setup}
	if profile {
		steps = append(steps, chromedp.Navigate(root+"/manifest.webmanifest"), chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			return startProfile(ctx)
		}))
	}
	if warm {
		steps = append(steps, chromedp.Navigate(root+path), e2e.WaitWasm(id),
			chromedp.Poll[chromedp.Void](`navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === "activated"`,
				chromedp.WithPollingTimeout(60*time.Second)))
	}
	steps = append(steps, chromedp.Navigate(root+path), e2e.WaitWasm(id))
	if !profile {
		steps = append(steps, chromedp.Poll[chromedp.Void](`window.__paintAt > 0`))
	}
	if profile {
		steps = append(steps, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
			if err == nil {
				prof = res.Profile
			}
			return err
		}))
	}
	if err := chromedp.Do(ctx, steps...); err != nil {
		return 0, nil, nil, err
	}
	at, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.__wasmAt`))
	if err != nil {
		return 0, nil, nil, err
	}
	phases, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](phaseScript))
	return at, phases, prof, err
}

// legacyThrottleParams are the parameters of Network.emulateNetworkConditions,
// the throttling command of Chromium versions whose protocol predates
// emulateNetworkConditionsByRule's current form (cdproto no longer has it).
type legacyThrottleParams struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// legacyThrottle is Network.emulateNetworkConditions.
var legacyThrottle = cdp.Command[legacyThrottleParams, cdp.Empty]{Method: "Network.emulateNetworkConditions"}

// printLoadProfile profiles one cold load of the planner on the phone
// profile and prints its phases and the n functions with the most time.
func printLoadProfile(w io.Writer, browser context.Context, root, script string, n int) error {
	at, ph, prof, err := phoneLoad(browser, root, "/?lang=en", "planner", script, false, true)
	if err != nil {
		return fmt.Errorf("profiling the planner's load: %w", err)
	}
	if len(ph) == 6 {
		fmt.Fprintf(w, "\nprofiled phone load of the planner, ms: app.wasm received %.0f, instantiated %.0f, wasm render %.0f\n", ph[1], ph[2], at)
	}
	printProfile(w, "the cold load (CPU 4× slower)", prof, n)
	// The Go program starts in the wasm's exported run (wasm_exec.js).
	printProfileFrom(w, "the cold load from the Go program's start", prof, n, "wasm_export_run")
	return nil
}
