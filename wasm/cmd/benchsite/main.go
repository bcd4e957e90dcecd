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
//	go run ./wasm/cmd/benchsite -dir build/site [-prefix /gpuplan] [-runs 7] [-pages poc,renewal] [-pause 300ms] [-profile 30] [-profile-load 30] [-phone-only]
//
// -profile N records a CPU profile of the planner's input events in
// chromium and prints the N functions with the most self time;
// -profile-load N does the same for one cold load of the planner on the
// phone profile, from navigation to the wasm render. Function
// names need an app.wasm built without -s (the site build strips them).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/gpuplan/gpuplan/wasm/e2e"
	"github.com/gpuplan/gpuplan/wasm/internal/cmdmain"
	"github.com/gpuplan/gpuplan/wasm/sitesrv"
)

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
	topLoad := fs.Int("profile-load", 0, "print the `N` functions with the most self time in one cold load of the planner on the phone profile, from navigation to the wasm render (0: no profile)")
	phone := fs.Bool("phone", true, "also time the loads of the planner and /quotes on a throttled phone profile (fast 4G, CPU 4× slower): a first visit, a return visit and a cold load with saved sections")
	phoneOnly := fs.Bool("phone-only", false, "time only the loads on the phone profile (to compare builds run after run)")
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

	if *phoneOnly {
		if err := printPhone(stdout, browser, root, chosen, script, *runs); err != nil || *topLoad == 0 {
			return err
		}
		return printLoadProfile(stdout, browser, root, script, *topLoad)
	}
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
	if *topLoad > 0 {
		if err := printLoadProfile(stdout, browser, root, script, *topLoad); err != nil {
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
		printProfile(stdout, "the input events", prof, *top)
	}
	return nil
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
