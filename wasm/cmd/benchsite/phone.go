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
// the form takes input. The prerendered form takes typing as soon as it is
// parsed (web/queue.js hands it to the app once it has rendered), so that
// is the time judged; the wasm render, when the figures follow, is
// reported next to it.
const phoneTarget = 3000.0

// printPhone times the cold load of the planner and /quotes (those of
// chosen) on the phone profile.
func printPhone(w io.Writer, browser context.Context, root string, chosen []pageBench, script string, runs int) error {
	fmt.Fprintf(w, "\nphone profile (%.0f Mbit/s down, %.1f up, %d ms latency, CPU %d× slower), %d runs, ms; target %.0f ms:\n",
		phoneDown*8/1e6, phoneUp*8/1e6, phoneLatency, phoneCPU, runs, phoneTarget)
	fmt.Fprintf(w, "  %-12s %s\n", "page", "cold load → form takes input (prerender parsed, fields enabled); → wasm render")
	for _, pg := range chosen {
		if pg.id != "planner" && pg.id != "quotes" {
			continue
		}
		var cold, start, fetched, inst, parsed, input []float64
		for range runs {
			ms, ph, err := phoneLoad(browser, root+pg.path+"?lang=en", pg.id, script)
			if err != nil {
				return fmt.Errorf("%s on the phone profile: %w", pg.path, err)
			}
			cold = append(cold, ms)
			if len(ph) == 5 {
				start, fetched, inst, parsed = append(start, ph[0]), append(fetched, ph[1]), append(inst, ph[2]), append(parsed, ph[3])
				input = append(input, ph[4])
			}
		}
		if len(input) < len(cold) || slices.Contains(input, 0) {
			return fmt.Errorf("%s on the phone profile: the form never took input before the wasm render was timed", pg.path)
		}
		fmt.Fprintf(w, "  %-12s input %s  %s; wasm render %s  %s\n", pg.path, stats(input), verdict(input), stats(cold), verdict(cold))
		if len(start) > 0 {
			fmt.Fprintf(w, "  %-12s prerender parsed %s; app.wasm requested %s, received %s, instantiated %s\n", "",
				stats(parsed), stats(start), stats(fetched), stats(inst))
		}
	}
	return nil
}

// verdict says whether the median of ms is within phoneTarget.
func verdict(ms []float64) string {
	if slices.Sorted(slices.Values(ms))[len(ms)/2] > phoneTarget {
		return "OVER target"
	}
	return "within target"
}

// phoneLoad is one cold load of url in a fresh tab on the phone profile:
// the ms from navigation to the wasm render, and the phases of
// phaseScript (the last one: when the form first took input).
func phoneLoad(browser context.Context, url, id, script string) (float64, []float64, error) {
	tab, cancel, err := seeded(browser, script)
	if err != nil {
		return 0, nil, err
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
	if err := chromedp.Do(ctx, setup, chromedp.Navigate(url), e2e.WaitWasm(id)); err != nil {
		return 0, nil, err
	}
	at, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.__wasmAt`))
	if err != nil {
		return 0, nil, err
	}
	phases, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](phaseScript))
	return at, phases, err
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
