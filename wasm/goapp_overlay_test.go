//go:build !js

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoAppOverlay: the route.go that wasm/site.mk lays over go-app when
// it builds app.wasm is the module's own file with its header comment and
// the one line it changes, so upgrading go-app without redoing the file
// fails here rather than silently building an older route.go.
func TestGoAppOverlay(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	upstream, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "pkg", "app", "route.go"))
	if err != nil {
		t.Fatal(err)
	}
	overlay, err := os.ReadFile(filepath.Join("goapp-overlay", "route.go.overlay"))
	if err != nil {
		t.Fatal(err)
	}
	const from, to = "\tregexp       *regexp.Regexp\n", "\tregexp       interface{ MatchString(string) bool }\n"
	if strings.Count(string(upstream), from) != 1 {
		t.Fatalf("go-app's route.go no longer has the line the overlay changes (%q)", from)
	}
	header, body, ok := strings.Cut(string(overlay), "\n\npackage app\n")
	if !ok || !strings.HasPrefix(header, "// This is go-app v10.1.11's pkg/app/route.go") {
		t.Fatalf("the overlay lacks its header comment")
	}
	if want := strings.Replace(string(upstream), from, to, 1); "package app\n"+body != want {
		t.Errorf("the overlay differs from go-app's route.go by more than the line %q", to)
	}
}
