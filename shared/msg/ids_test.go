package msg_test

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// dynamicIDs are the id prefixes that code completes at run time (a kind
// or a value joined to the literal prefix), so no literal names their
// members; each comment names the file that builds them. An entry counts
// only while that literal is still in the code (TestIDsUsed fails on a
// stale one), and the package that builds the ids checks its members with
// msg.Check in its own tests.
var dynamicIDs = []string{
	"acc.kind.",          // shared/acceptance/sections.go
	"acc.virt.mode.",     // shared/acceptance/gpu.go
	"bench.kind.",        // shared/bench/render.go
	"bench.what.",        // shared/bench/judge.go
	"checklist.item.",    // shared/checklist/lists.go
	"checklist.section.", // shared/checklist/lists.go
	"contract.basis.",    // shared/contract/clauses.go
	"contract.clause.",   // shared/contract/contract.go
	"contract.col.",      // shared/contract/render.go
	"contract.source.",   // shared/contract/credits.go
	"enum.",              // shared/msg/catalogue.go
	"exit.",              // shared/exit/exit.go
	"facts.key.",         // shared/report/facts.go
	"facts.word.",        // shared/report/facts.go
	"fleet.col.",         // shared/fleet/render.go
	"json.type.",         // shared/internal/strictjson/strictjson.go
	"mode.",              // wasm/planner.go
	"monitor.col.",       // verifier/internal/monitor/summary.go
	"ops.col.",           // shared/ops/render.go
	"ops.item.",          // shared/ops/ops.go
	"poc.check.",         // shared/poc/render.go
	"poc.col.",           // shared/poc/render.go
	"poc.metric.",        // shared/poc/poc.go
	"poc.status.",        // shared/poc/render.go
	"poc.unit.",          // shared/poc/poc.go
	"prices.term_words.", // shared/pricebook/csv.go
	"prices.col.",        // shared/pricebook/render.go
	"proc.level.",        // shared/finding/finding.go
	"quote.col.",         // shared/quote/render.go
	"quote.item.",        // shared/quote/quote.go
	"render.offers.",     // shared/plan/render.go
	"rentbuild.data.",    // shared/rentbuild/decide.go
	"rule.",              // wasm/rules.go
	"rentbuild.demand.",  // shared/rentbuild/decide.go
	"site.check.",        // wasm/acceptance.go
	// The labels of the forms' fields and choices by their paths; wasm/proctext_test.go
	// and journeytext_test.go check every field has one.
	"site.label.",            // wasm/labels.go
	"provider.",              // shared/pricebook/book.go (NameIn)
	"site.offers.col.",       // wasm/cost.go
	"site.prices.col.",       // wasm/prices.go
	"site.reading.",          // wasm/acceptance.go
	"sizing.accuracy.class.", // shared/sizing/accuracy.go
	"sizing.accuracy.what.",  // shared/sizing/accuracy.go
	"sizing.framework.",      // shared/sizing/memory.go
	"sizing.recompute.",      // shared/sizing/memory.go
	"sizing.service.by.",     // shared/sizing/targets.go
	"sizing.service.unmet.",  // shared/sizing/targets.go
	"tco.unit.",              // wasm/about.go
	"term.",                  // wasm/prices.go
	"vendors.col.",           // shared/vendors/render.go
	"vendors.fail.",          // shared/vendors/vendor.go
	"vendors.status.",        // shared/vendors/render.go
	"vendors.todo.",          // shared/vendors/vendor.go
	// A suffix joined to a full id ("_monthly", "_big").
	"contract.k3.over", "contract.k3.within", // shared/contract/clauses.go
	"poc.trial.ok", "poc.trial.short", // shared/poc/poc.go
}

// notIDs are literals of the code that look like ids (an area, a dot)
// but are file names, Go names or JSON paths, never messages.
var notIDs = map[string]bool{
	"bench.poc.gpus": true, "bench.run.gpus": true, "facts.gpus": true,
	"facts.problems": true, "facts.topology": true,
}

// fileExts end the file names the code writes ("plan.json"), which share
// an area's first word.
var fileExts = []string{".json", ".md", ".csv", ".ics", ".html", ".sig", ".txt"}

// codeLiterals returns every string literal of the Go files under the
// repository folders dirs, each with whether a non-test file holds it.
func codeLiterals(t *testing.T, dirs ...string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			prod := !strings.HasSuffix(path, "_test.go")
			var s scanner.Scanner
			s.Init(token.NewFileSet().AddFile(path, -1, len(src)), src, nil, 0)
			for {
				_, tok, lit := s.Scan()
				if tok == token.EOF {
					return nil
				}
				if v, err := strconv.Unquote(lit); tok == token.STRING && err == nil {
					out[v] = out[v] || prod
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// looksLikeID reports whether the literal l names a message: its first
// word is an area of the catalogue and it is not a file, a Go name or a
// prefix.
func looksLikeID(l string, areas map[string]bool) bool {
	area, rest, ok := strings.Cut(l, ".")
	if !ok || !areas[area] || rest == "" || strings.HasSuffix(l, ".") || notIDs[l] {
		return false
	}
	if strings.ContainsAny(l, " {}%:\n") || rest[0] >= 'A' && rest[0] <= 'Z' {
		return false
	}
	for _, ext := range fileExts {
		if strings.HasSuffix(l, ext) {
			return false
		}
	}
	return true
}

// TestIDsUsed fails for an id the code of wasm/, shared/ or verifier/
// names that the catalogue lacks (the parser already refuses an entry
// without both languages), for a catalogue id no code names, and for a
// dynamic prefix the code no longer builds.
func TestIDsUsed(t *testing.T) {
	lits := codeLiterals(t, "wasm", "shared", "verifier")
	ids := msg.IDs()
	areas := map[string]bool{}
	for _, id := range ids {
		area, _, _ := strings.Cut(id, ".")
		areas[area] = true
	}
	var missing []string
	for l := range lits {
		if looksLikeID(l, areas) && !msg.Known(l) {
			missing = append(missing, l)
		}
	}
	sort.Strings(missing)
	for _, l := range missing {
		t.Errorf("the code names %q, which the catalogue lacks", l)
	}
	for _, p := range dynamicIDs {
		if !lits[p] {
			t.Errorf("dynamicIDs lists %q, which no code outside tests builds any more", p)
		}
	}
	for _, id := range ids {
		if strings.HasPrefix(id, "test.") {
			continue // added at run time by this package's tests (add_test.go)
		}
		if !lits[id] && !dynamic(id) {
			t.Errorf("catalogue id %q is used by no code outside tests: remove it", id)
		}
	}
}

// dynamic reports whether id starts with one of dynamicIDs.
func dynamic(id string) bool {
	for _, p := range dynamicIDs {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// TestLooksLikeID checks the test's own filter, so that it cannot pass by
// skipping everything.
func TestLooksLikeID(t *testing.T) {
	areas := map[string]bool{"plan": true, "site": true}
	for l, want := range map[string]bool{
		"plan.warn.nodes": true, "site.ux.grid.gpu": true, "plan.json": false, "plan.warn.": false,
		"facts.Parse": false, "other.thing": false, "plan": false, "site.x {0}": false,
	} {
		if got := looksLikeID(l, areas); got != want {
			t.Errorf("looksLikeID(%q) = %v, want %v", l, got, want)
		}
	}
}
