//go:build !js

package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// printProfile prints where what was profiled (what, as "the input
// events") spent its time: the total by kind (Go in the wasm, JavaScript,
// the browser's own work), then the n functions with the most self time
// and the n with the most total time (the function and what it called).
func printProfile(w io.Writer, what string, p *profiler.Profile, n int) {
	printProfileFrom(w, what, p, n, "")
}

// printProfileFrom is printProfile of the samples from the first one whose
// stack holds the function named from ("": all of them).
func printProfileFrom(w io.Writer, what string, p *profiler.Profile, n int, from string) {
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
	started := from == ""
	for i, id := range p.Samples {
		if i+1 >= len(p.TimeDeltas) {
			break
		}
		d := p.TimeDeltas[i+1] // a sample lasts until the next one
		if started = started || onStack(byID, parent, id, from); !started {
			continue
		}
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
	fmt.Fprintf(w, "\nCPU profile of %s, %.1f ms sampled:\n", what, ms(total))
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

// onStack reports whether the stack of node id holds the function name.
func onStack(byID map[int64]*profiler.ProfileNode, parent map[int64]int64, id int64, name string) bool {
	for at, ok := id, true; ok; at, ok = parent[at] {
		if nm, _ := frameName(byID[at]); nm == name {
			return true
		}
	}
	return false
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
