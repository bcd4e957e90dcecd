package form

import (
	"os/exec"
	"strings"
	"testing"
)

// goApp is the UI framework the form and text packages must not import,
// spelled in two parts so a text search for it finds real imports only.
const goApp = "github.com/maxence-charriere/" + "go-app"

// bannedDep reports whether p may not be a dependency of the form and text
// packages: go-app and syscall/js, the browser side that stays in package
// main, so these packages test with plain `go test` on any machine.
func bannedDep(p string) bool {
	return p == goApp || strings.HasPrefix(p, goApp+"/") || p == "syscall/js"
}

// TestNoGoApp: wasm/internal/form and its tests
// depend on neither go-app nor syscall/js: form parsing, field state and
// storage live in a package without go-app.
func TestNoGoApp(t *testing.T) {
	for _, args := range [][]string{{"-deps"}, {"-test", "-deps"}} {
		cmd := append([]string{"list"}, args...)
		cmd = append(cmd, "-f", "{{.ImportPath}}", ".")
		out, err := exec.Command("go", cmd...).CombinedOutput()
		if err != nil {
			t.Fatalf("go %v: %v\n%s", cmd, err, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			p, _, _ := strings.Cut(line, " [") // test variants: "pkg [pkg.test]"
			if bannedDep(p) {
				t.Errorf("go %v: the form package depends on %s", strings.Join(args, " "), p)
			}
		}
	}
}

// TestBannedDep keeps the check honest: it must refuse what it bans and
// pass what the packages use.
func TestBannedDep(t *testing.T) {
	for _, p := range []string{goApp + "/v10/pkg/app", "syscall/js"} {
		if !bannedDep(p) {
			t.Errorf("bannedDep(%q) = false", p)
		}
	}
	for _, p := range []string{"github.com/gpuplan/gpuplan/shared/plan", "github.com/shopspring/decimal", "syscall"} {
		if bannedDep(p) {
			t.Errorf("bannedDep(%q) = true", p)
		}
	}
}
