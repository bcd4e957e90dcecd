//go:build !js

// Command benchsite measures the built planner site: app.wasm sizes (raw,
// gzip, brotli), and for each page of the procurement journey the time
// from navigation to the first render by the wasm app in headless
// chromium, cold (new profile) and warm (service worker), and the time
// from an input event to the page's updated figures. On the planner it
// also gives the part spent in Compute (plan.Build). Every page is opened
// with the procurement sections of -seed saved in the browser, so the
// figures it shows are a real plan's. It prints medians over several runs.
//
//	go run ./wasm/cmd/benchsite -dir build/site [-prefix /gpuplan] [-runs 7] [-pages poc,renewal] [-pause 300ms] [-profile 30]
//
// -profile N records a CPU profile of the planner's input events in
// chromium and prints the N functions with the most self time. Function
// names need an app.wasm built without -s (the site build strips them).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/gpuplan/gpuplan/wasm/e2e"
	"github.com/gpuplan/gpuplan/wasm/internal/cmdmain"
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
// instantiateStreaming resolved (compiled and instantiated), and when the
// prerendered page was parsed (DOMContentLoaded): where a phone's load
// goes.
const phaseScript = `(() => {
  const e = performance.getEntriesByType("resource").find((r) => r.name.endsWith("/web/app.wasm"));
  const nav = performance.getEntriesByType("navigation")[0];
  const dcl = nav ? nav.domContentLoadedEventEnd : 0;
  return e ? [e.startTime, e.responseEnd, window.__instAt || 0, dcl] : [0, 0, window.__instAt || 0, dcl];
})()`

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

// seedScript saves the procurement sections in the browser before any
// page script runs, once per profile, as a buyer who entered them has.
func seedScript(sections []byte) string {
	state, _ := json.Marshal(fmt.Sprintf(`{"v":2,"input":{},"procurement":%s}`, sections)) // a string always marshals
	return fmt.Sprintf(`if (!localStorage.getItem("gpuplan.state")) localStorage.setItem("gpuplan.state", %s);`, state)
}

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

func main() { cmdmain.Main("benchsite", 1, run) }

func run(args []string, stdout, stderr io.Writer) error {
	fs := cmdmain.Flags("benchsite", stderr)
	dir := fs.String("dir", "build/site", "the generated site")
	prefix := fs.String("prefix", "", "the sub-path the site was built for")
	runs := fs.Int("runs", 7, "page loads per measurement")
	only := fs.String("pages", "", "comma-separated page ids to measure (default: every page)")
	seed := fs.String("seed", "shared/plan/testdata/procurement.req.json", "a requirement sheet whose procurement sections every page opens with")
	pause := fs.Duration("pause", 0, "wait this long between input events (0: back to back, as fast typing)")
	top := fs.Int("profile", 0, "print the `N` functions with the most self time during the planner's input events (0: no profile)")
	phone := fs.Bool("phone", true, "also time the cold load of the planner and /quotes on a throttled phone profile (fast 4G, CPU 4× slower)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *runs < 1 {
		return fmt.Errorf("-runs %d: want at least 1", *runs)
	}
	chosen, err := choosePages(*only)
	if err != nil {
		return err
	}
	script, err := readSeed(*seed)
	if err != nil {
		return err
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
	root := srv.URL + *prefix

	browser, cancel, err := e2e.NewBrowser(context.Background())
	if err != nil {
		return err
	}
	defer cancel()

	fmt.Fprintf(stdout, "\nheadless chromium, localhost, %d runs (median, min–max), ms; a frame is 16.7 ms:\n", *runs)
	fmt.Fprintf(stdout, "  %-12s %-26s %-26s %s\n", "page", "cold load → wasm render", "warm load → wasm render", "input → updated figures")
	for _, pg := range chosen {
		url := root + pg.path + "?lang=en"
		var cold, warm, transfer []float64
		for range *runs {
			c, w, tr, err := loadTwice(browser, url, pg.id, script)
			if err != nil {
				return fmt.Errorf("%s: %w", pg.path, err)
			}
			cold, warm, transfer = append(cold, c), append(warm, w), append(transfer, tr)
		}
		lat, err := pageLatencies(browser, url, pg, script, *runs*3, *pause)
		if err != nil {
			return fmt.Errorf("%s: %w", pg.path, err)
		}
		fmt.Fprintf(stdout, "  %-12s %-26s %-26s %s\n", pg.path, stats(cold), stats(warm), stats(lat))
		if pg.id == "planner" {
			fmt.Fprintf(stdout, "  %-12s app.wasm transfer in a cold load %s bytes\n", "", statsf("%.0f (%.0f–%.0f)", transfer))
		}
	}
	if *phone {
		if err := printPhone(stdout, browser, root, chosen, script, *runs); err != nil {
			return err
		}
	}
	if chosen[0].id != "planner" {
		return nil
	}
	base := root + "/?lang=en"
	_, compute, prof, err := inputLatencies(browser, base, script, *runs*3, *pause, *top > 0)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "  of the planner's input time, Compute (plan.Build) %s ms (measured in the wasm)\n", stats(compute))
	if prof != nil {
		printProfile(stdout, prof, *top)
	}
	return nil
}

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
// the form takes input (the wasm render: the prerendered form is disabled
// until then).
const phoneTarget = 3000.0

// printPhone times the cold load of the planner and /quotes (those of
// chosen) on the phone profile.
func printPhone(w io.Writer, browser context.Context, root string, chosen []pageBench, script string, runs int) error {
	fmt.Fprintf(w, "\nphone profile (%.0f Mbit/s down, %.1f up, %d ms latency, CPU %d× slower), %d runs, ms; target %.0f ms:\n",
		phoneDown*8/1e6, phoneUp*8/1e6, phoneLatency, phoneCPU, runs, phoneTarget)
	fmt.Fprintf(w, "  %-12s %s\n", "page", "cold load → form ready (wasm render)")
	for _, pg := range chosen {
		if pg.id != "planner" && pg.id != "quotes" {
			continue
		}
		var cold, start, fetched, inst, parsed []float64
		for range runs {
			ms, ph, err := phoneLoad(browser, root+pg.path+"?lang=en", pg.id, script)
			if err != nil {
				return fmt.Errorf("%s on the phone profile: %w", pg.path, err)
			}
			cold = append(cold, ms)
			if len(ph) == 4 {
				start, fetched, inst, parsed = append(start, ph[0]), append(fetched, ph[1]), append(inst, ph[2]), append(parsed, ph[3])
			}
		}
		verdict := "within target"
		if slices.Sorted(slices.Values(cold))[len(cold)/2] > phoneTarget {
			verdict = "OVER target"
		}
		fmt.Fprintf(w, "  %-12s %s  %s\n", pg.path, stats(cold), verdict)
		if len(start) > 0 {
			fmt.Fprintf(w, "  %-12s prerender parsed %s; app.wasm requested %s, received %s, instantiated %s\n", "",
				stats(parsed), stats(start), stats(fetched), stats(inst))
		}
	}
	return nil
}

// phoneLoad is one cold load of url in a fresh tab on the phone profile:
// the ms from navigation to the wasm render, and the phases of
// phaseScript.
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
