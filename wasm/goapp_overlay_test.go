//go:build !js

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// goappDir is the directory of go-app's pkg/app in the module cache.
func goappDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "pkg", "app")
}

// readOverlay returns the header comment and the code of an overlay file
// (from "package app" on).
func readOverlay(t *testing.T, name string) (header, code string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("goapp-overlay", name+".overlay"))
	if err != nil {
		t.Fatal(err)
	}
	header, body, ok := strings.Cut(string(b), "\n\npackage app\n")
	if !ok || !strings.HasPrefix(header, "// This ") || !strings.Contains(header, "go-app v10.1.11's pkg/app/"+name) {
		t.Fatalf("%s.overlay lacks its header comment naming go-app v10.1.11's pkg/app/%s", name, name)
	}
	return header, "package app\n" + body
}

// TestGoAppOverlay: the files wasm/site.mk lays over go-app when it builds
// app.wasm are what their header comments say, made from the module's
// files as they are now, so upgrading go-app without redoing them fails
// here rather than silently building older code.
func TestGoAppOverlay(t *testing.T) {
	dir := goappDir(t)
	upstream := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	entries, err := os.ReadDir("goapp-overlay")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".overlay"); ok {
			names = append(names, n)
		}
	}
	if want := []string{"http.go", "resource.go", "route.go"}; !slices.Equal(names, want) {
		t.Fatalf("overlays %v, want %v: each needs its check here", names, want)
	}

	t.Run("route.go keeps its pattern as an interface", func(t *testing.T) {
		src := upstream("route.go")
		const from, to = "\tregexp       *regexp.Regexp\n", "\tregexp       interface{ MatchString(string) bool }\n"
		if strings.Count(src, from) != 1 {
			t.Fatalf("go-app's route.go no longer has the line the overlay changes (%q)", from)
		}
		if _, code := readOverlay(t, "route.go"); code != strings.Replace(src, from, to, 1) {
			t.Errorf("the overlay differs from go-app's route.go by more than the line %q", to)
		}
	})

	t.Run("resource.go without LocalDir", func(t *testing.T) {
		src := upstream("resource.go")
		start, end := strings.Index(src, "// LocalDir returns"), strings.Index(src, "type localResourceResolver struct {\n")
		const imports, embed = "import (\n\t\"net/http\"\n\t\"strings\"\n)", "type localResourceResolver struct {\n\thttp.Handler\n"
		if start < 0 || end < start || strings.Count(src, imports) != 1 || strings.Count(src, embed) != 1 {
			t.Fatal("go-app's resource.go no longer has LocalDir before its resolver embedding http.Handler, or its imports changed")
		}
		want := src[:start] + src[end:]
		want = strings.Replace(want, embed, "type localResourceResolver struct {\n", 1)
		want = strings.Replace(want, imports, "import (\n\t\"strings\"\n)", 1)
		if strings.Contains(want, "http.") {
			t.Fatal("go-app's resource.go uses net/http outside LocalDir")
		}
		if _, code := readOverlay(t, "resource.go"); code != want {
			t.Error("the overlay is not go-app's resource.go less LocalDir, the http.Handler its resolver embeds and the net/http import")
		}
	})

	t.Run("http.go is only the name Handler", func(t *testing.T) {
		// The overlay replaces the whole file, so it is tied to the exact
		// file it replaces: http.go of go-app v10.1.11.
		const want = "0601189a9f611378e9b24ab4bdf42780a03cbf95c1bbebd4171b523ddbe9a32d"
		sum := sha256.Sum256([]byte(upstream("http.go")))
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("go-app's http.go has SHA-256 %s, the overlay was made for %s: redo it", got, want)
		}
		if _, code := readOverlay(t, "http.go"); strings.Contains(code, "import") || !strings.Contains(code, "\ntype Handler struct{}\n") {
			t.Error("http.go.overlay should import nothing and declare only Handler")
		}
	})

	t.Run("no other browser file imports net/http", func(t *testing.T) {
		if got := netHTTPImporters(t, dir); !slices.Equal(got, []string{"http.go", "resource.go"}) {
			t.Errorf("go-app files built for the browser that import net/http: %v, want [http.go resource.go] (the overlaid ones)", got)
		}
	})
}

// netHTTPImporters lists the files of dir that GOOS=js GOARCH=wasm builds
// (tests aside) and that import net/http.
func netHTTPImporters(t *testing.T, dir string) []string {
	t.Helper()
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = "js", "wasm"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "net/http" {
				got = append(got, name)
			}
		}
	}
	return got
}
