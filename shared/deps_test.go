package shared_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// allowedModules is a statement of policy: shared/ is pure domain logic that
// both the WASM site and the CLI import, so it may depend on the standard
// library and on decimal only. DO NOT widen this list to fix a build.
var allowedModules = []string{
	"github.com/gpuplan/gpuplan/shared",
	"github.com/shopspring/decimal",
}

// TestSharedImports checks that every package under shared/ imports nothing
// but the standard library, other shared/ packages and decimal.
func TestSharedImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if !allowed(p) {
			t.Errorf("shared/ depends on %s: only the standard library and %v are allowed", p, allowedModules)
		}
	}
}

// testKit is the one package outside shared/ that shared/'s tests may
// import: the module's test kit (golden files, fuzz seeds, the command
// runner, the fake clock), itself held to the standard library below; and
// msgKit, its checks of catalogue messages, which may use shared/ too.
const (
	testKit = "github.com/gpuplan/gpuplan/internal/testkit"
	msgKit  = testKit + "/msgcheck"
)

// TestSharedTestImports applies the same policy to test-only imports, with
// the test kit allowed.
func TestSharedTestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-test", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		// Test variants print as "pkg [pkg.test]", "pkg_test [pkg.test]" or "pkg.test".
		p, _, _ := strings.Cut(line, " [")
		p = strings.TrimSuffix(strings.TrimSuffix(p, ".test"), "_test")
		if !allowed(p) && p != testKit && p != msgKit {
			t.Errorf("a shared/ test depends on %s", p)
		}
	}
}

// TestKitImports checks that the test kit, which shared/'s tests import,
// imports nothing but the standard library.
func TestKitImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", testKit).CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if p != testKit {
			t.Errorf("%s depends on %s: only the standard library is allowed", testKit, p)
		}
	}
	out, err = exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", msgKit).CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if p != msgKit && p != testKit && !allowed(p) {
			t.Errorf("%s depends on %s: only the standard library, the test kit and shared/ are allowed", msgKit, p)
		}
	}
}

func allowed(path string) bool {
	for _, m := range allowedModules {
		if path == m || strings.HasPrefix(path, m+"/") {
			return true
		}
	}
	return false
}

// The two stacks shared/ must never import, spelled in two parts so that a
// text search for their import paths under shared/ finds real imports only.
const (
	goNVML = "github.com/NVIDIA/" + "go-nvml"
	goApp  = "github.com/maxence-charriere/" + "go-app"
)

// TestDependencyDirection enforces the direction of the package map in
// README.md: wasm/ → shared/ ← verifier/; the site never imports the CLI or go-nvml,
// the CLI never imports the site or go-app.
func TestDependencyDirection(t *testing.T) {
	const mod = "github.com/gpuplan/gpuplan/"
	banned := map[string][]string{
		"../wasm/...":     {mod + "verifier", goNVML},
		"../verifier/...": {mod + "wasm", goApp, "github.com/chromedp"},
	}
	for pattern, bans := range banned {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pattern).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pattern, err, out)
		}
		for _, p := range strings.Fields(string(out)) {
			for _, b := range bans {
				if p == b || strings.HasPrefix(p, b+"/") {
					t.Errorf("%s depends on %s", pattern, p)
				}
			}
		}
	}
}

// TestAllowed keeps the policy check itself honest: it must reject the
// modules the policy bans.
func TestAllowed(t *testing.T) {
	for _, p := range []string{goNVML + "/pkg/nvml", goApp + "/v10/pkg/app", "github.com/gpuplan/gpuplan/wasm", "github.com/shopspring/decimalx"} {
		if allowed(p) {
			t.Errorf("allowed(%q) = true", p)
		}
	}
	for _, p := range []string{"github.com/shopspring/decimal", "github.com/gpuplan/gpuplan/shared/plan"} {
		if !allowed(p) {
			t.Errorf("allowed(%q) = false", p)
		}
	}
}

// leafDeps is a statement of policy for the contract packages: the shared/
// packages each may depend on (itself aside). The plan file's wire contract
// and the field error are leaves, so gpuverify check, the report and the
// site's acceptance page read a plan file without the planner.
var leafDeps = map[string][]string{
	"fielderr": {"msg", "internal/digits"}, // msg: what a field wants, in either language; digits: msg's number grouping
	"planfile": {"catalog", "fielderr", "money", "msg", "internal/strictjson", // msg: the catalogue's caveats
		"internal/digits"}, // money's thousands grouping
}

// TestLeafPackages keeps fielderr and planfile leaves.
func TestLeafPackages(t *testing.T) {
	const shared = "github.com/gpuplan/gpuplan/shared/"
	for pkg, allowed := range leafDeps {
		for _, p := range sharedDeps(t, "./"+pkg) {
			name := strings.TrimPrefix(p, shared)
			if name != pkg && !slices.Contains(allowed, name) {
				t.Errorf("shared/%s depends on shared/%s: it may use only %v", pkg, name, allowed)
			}
		}
	}
}

// TestContractWithoutPlanner: what reads a plan file for gpuverify check
// (planfile, the acceptance checks, the report, the fleet merge) never
// imports the planner, shared/plan.
func TestContractWithoutPlanner(t *testing.T) {
	const planner = "github.com/gpuplan/gpuplan/shared/plan"
	for _, pkg := range []string{"./planfile", "./acceptance", "./report", "./fleet"} {
		if slices.Contains(sharedDeps(t, pkg), planner) {
			t.Errorf("shared/%s imports %s: read the plan file through shared/planfile", strings.TrimPrefix(pkg, "./"), planner)
		}
	}
}

// sharedDeps lists the shared/ packages pkg depends on, pkg included.
func sharedDeps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", pkg, err, out)
	}
	var deps []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/gpuplan/gpuplan/shared/") {
			deps = append(deps, p)
		}
	}
	return deps
}
