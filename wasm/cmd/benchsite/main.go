//go:build !js

// Command benchsite measures the built planner site: app.wasm sizes (raw,
// gzip, brotli), the time from navigation to the first render by the wasm
// app in headless chromium, cold (new profile) and warm (service worker),
// and the time from an input event to the re-rendered plan (plan.Build in
// the browser and the page update), with the part spent in Compute. It
// prints medians over several runs.
//
//	go run ./wasm/cmd/benchsite -dir build/site [-prefix /gpuplan] [-runs 7] [-pause 300ms] [-profile 30]
//
// -profile N records a CPU profile of the input events in chromium and
// prints the N functions with the most self time. Function names need an
// app.wasm built without -s (the site build strips them).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/gpuplan/gpuplan/wasm/e2e"
	"github.com/gpuplan/gpuplan/wasm/sitesrv"
)

// markWasm runs before any page script: it records performance.now() (ms
// since navigation start) when the wasm render first appears.
const markWasm = `(() => {
  const mark = () => {
    if (!window.__wasmAt && document.querySelector('main[data-wasm="true"]')) {
      window.__wasmAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-wasm"]});
})();`

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

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "benchsite:", err)
		}
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchsite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "build/site", "the generated site")
	prefix := fs.String("prefix", "", "the sub-path the site was built for")
	runs := fs.Int("runs", 7, "page loads per measurement")
	pause := fs.Duration("pause", 0, "wait this long between input events (0: back to back, as fast typing)")
	top := fs.Int("profile", 0, "print the `N` functions with the most self time during the input events (0: no profile)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *runs < 1 {
		return fmt.Errorf("-runs %d: want at least 1", *runs)
	}
	if err := sitesrv.Check(*dir); err != nil {
		return err
	}
	if err := printSizes(stdout, *dir); err != nil {
		return err
	}

	srv, err := e2e.Serve(*dir, *prefix)
	if err != nil {
		return err
	}
	defer srv.Close()
	base := srv.URL + *prefix + "/?lang=en"

	browser, cancel, err := e2e.NewBrowser(context.Background())
	if err != nil {
		return err
	}
	defer cancel()

	var cold, warm, transfer []float64
	for range *runs {
		c, w, tr, err := loadTwice(browser, base)
		if err != nil {
			return err
		}
		cold, warm, transfer = append(cold, c), append(warm, w), append(transfer, tr)
	}
	lat, compute, prof, err := inputLatencies(browser, base, *runs*3, *pause, *top > 0)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nheadless chromium, localhost, %d runs (median, min–max):\n", *runs)
	fmt.Fprintf(stdout, "  cold load → first wasm render   %s ms   (new profile; app.wasm transfer %s bytes)\n",
		stats(cold), statsf("%.0f (%.0f–%.0f)", transfer))
	fmt.Fprintf(stdout, "  warm load → first wasm render   %s ms   (service worker cache)\n", stats(warm))
	fmt.Fprintf(stdout, "  input event → updated plan      %s ms   (%d events; a frame is 16.7 ms)\n", stats(lat), len(lat))
	fmt.Fprintf(stdout, "  of which Compute (plan.Build)   %s ms   (measured in the wasm)\n", stats(compute))
	if prof != nil {
		printProfile(stdout, prof, *top)
	}
	return nil
}

// printProfile prints where the input events spent their time: the total
// by kind (Go in the wasm, JavaScript, the browser's own work), then the n
// functions with the most self time and the n with the most total time
// (the function and what it called).
func printProfile(w io.Writer, p *profiler.Profile, n int) {
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, node := range p.Nodes {
		byID[node.ID] = node
		for _, c := range node.Children {
			parent[c] = node.ID
		}
	}
	self, inclusive := map[string]int64{}, map[string]int64{}
	kinds := map[string]int64{} // Go (wasm), JavaScript, or the VM's own entries
	var total int64
	for i, id := range p.Samples {
		if i+1 >= len(p.TimeDeltas) {
			break
		}
		d := p.TimeDeltas[i+1] // a sample lasts until the next one
		total += d
		name, kind := frameName(byID[id])
		self[name] += d
		kinds[kind] += d
		seen := map[string]bool{}
		for at, ok := id, true; ok; at, ok = parent[at] {
			nm, _ := frameName(byID[at])
			if !seen[nm] {
				seen[nm] = true
				inclusive[nm] += d
			}
		}
	}
	ms := func(us int64) float64 { return float64(us) / 1000 }
	fmt.Fprintf(w, "\nCPU profile of the input events, %.1f ms sampled:\n", ms(total))
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		if kinds[k]*100 >= total { // 1% or more
			fmt.Fprintf(w, "  %8.1f ms  %s\n", ms(kinds[k]), k)
		}
	}
	for _, t := range []struct {
		title string
		m     map[string]int64
	}{{"self time", self}, {"total time", inclusive}} {
		fmt.Fprintf(w, "by %s:\n", t.title)
		names := slices.SortedFunc(maps.Keys(t.m), func(a, b string) int { return int(t.m[b] - t.m[a]) })
		for _, k := range names[:min(n, len(names))] {
			fmt.Fprintf(w, "  %8.1f ms %5.1f%%  %s\n", ms(t.m[k]), 100*float64(t.m[k])/float64(max(total, 1)), k)
		}
	}
}

// frameName names a profile node and says what kind of code it is.
func frameName(node *profiler.ProfileNode) (name, kind string) {
	if node == nil || node.CallFrame == nil {
		return "?", "?"
	}
	name, kind = node.CallFrame.FunctionName, "JavaScript"
	switch url := node.CallFrame.URL; {
	case strings.HasPrefix(url, "wasm://"):
		kind = "Go (wasm)"
	case url == "" && strings.HasPrefix(name, "("):
		kind = name // (program), (idle), (garbage collector), (root)
	case url == "":
		kind = "browser built-ins"
	}
	if name == "" {
		name = "(anonymous " + node.CallFrame.URL + ")"
	}
	return name, kind
}

// printSizes prints app.wasm and its precompressed variants.
func printSizes(w io.Writer, dir string) error {
	fmt.Fprintln(w, "app.wasm sizes (bytes):")
	for _, name := range []string{"app.wasm", "app.wasm.gz", "app.wasm.br"} {
		info, err := os.Stat(filepath.Join(dir, "web", name))
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  %-12s %9d  (%.2f MB)\n", name, info.Size(), float64(info.Size())/1e6)
	}
	return nil
}

// loadTwice opens base in a fresh profile (cold), waits for the service
// worker, then loads it again (warm). It returns both times to the first
// wasm render and the bytes app.wasm took on the wire in the cold load.
func loadTwice(browser context.Context, base string) (cold, warm, transfer float64, err error) {
	tab, cancel, err := e2e.NewTab(browser)
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
	if err := chromedp.Do(ctx, inject, chromedp.Navigate(base), e2e.WaitWasm("planner")); err != nil {
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
	if err := chromedp.Do(ctx, chromedp.Navigate(base), e2e.WaitWasm("planner")); err != nil {
		return 0, 0, 0, fmt.Errorf("warm load: %w", err)
	}
	warm, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.__wasmAt`))
	return cold, warm, transfer, err
}

// inputLatencies loads the planner once and times n input events, pause
// apart: the whole update as the page sees it, and the wasm's Compute
// alone. With profile set it also records a CPU profile of those events.
func inputLatencies(browser context.Context, base string, n int, pause time.Duration, profile bool) (total, compute []float64, prof *profiler.Profile, err error) {
	tab, cancel, err := e2e.NewTab(browser)
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

// startProfile starts the CPU profiler of the tab, sampling every 100 µs.
func startProfile(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
	return err
}

// stats formats the median and range of xs with one decimal.
func stats(xs []float64) string { return statsf("%.1f (%.1f–%.1f)", xs) }

// statsf formats the median, minimum and maximum of xs with format f.
func statsf(f string, xs []float64) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return fmt.Sprintf(f, med, s[0], s[len(s)-1])
}
