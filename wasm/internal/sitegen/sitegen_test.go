package sitegen

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPrecompressUsesCache: a cached result is used as is, so brotli-11 runs
// once per distinct file.
func TestPrecompressUsesCache(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	data := strings.Repeat("cache me ", 200)
	if err := os.WriteFile(filepath.Join(dir, "a.js"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := precompress(dir, cache, 5, 9); err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "*-q5.br"))
	if len(entries) != 1 {
		t.Fatalf("cache holds %v, want one brotli entry", entries)
	}
	if err := os.WriteFile(entries[0], []byte("from cache"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := precompress(dir, cache, 5, 9); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(dir, "a.js.br")); got != "from cache" {
		t.Errorf("a.js.br = %q, want the cached bytes", got)
	}
}

func TestSiteVersion(t *testing.T) {
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "app.css"), []byte("a{}"), 0o644)
	v1, err := siteVersion([]byte("wasm"), web, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	v2, _ := siteVersion([]byte("wasm"), web, "", nil)
	if v1 != v2 || len(v1) != 12 {
		t.Fatalf("versions %q %q: want equal, 12 hex digits", v1, v2)
	}
	// A CSS-only change must change the worker's cache key.
	os.WriteFile(filepath.Join(web, "app.css"), []byte("b{}"), 0o644)
	v3, _ := siteVersion([]byte("wasm"), web, "", nil)
	if v3 == v1 {
		t.Error("changing web/app.css kept the version")
	}
	if v4, _ := siteVersion([]byte("wasm2"), web, "", nil); v4 == v3 {
		t.Error("changing app.wasm kept the version")
	}
	if v5, _ := siteVersion([]byte("wasm"), web, "/x", nil); v5 == v3 {
		t.Error("changing the prefix kept the version")
	}
	// The manifest is inside app.js: a new release must reach the cache.
	if v6, _ := siteVersion([]byte("wasm"), web, "", []byte("{}")); v6 == v3 {
		t.Error("adding a release kept the version")
	}
}

func TestRequireEmptyDir(t *testing.T) {
	dir := t.TempDir()
	if err := requireEmptyDir(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("missing dir: %v", err)
	}
	if err := requireEmptyDir(dir); err != nil {
		t.Errorf("empty dir: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "x"), nil, 0o644)
	if err := requireEmptyDir(dir); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("non-empty dir: %v", err)
	}
}

func TestParseGenFlags(t *testing.T) {
	c, err := ParseFlags([]string{"-prefix", "gpuplan/", "-brotli-quality", "9", "-release", "r.json"}, io.Discard)
	if err != nil || c.Prefix != "/gpuplan" || c.BrQuality != 9 || c.Out != "build/site" || c.Release != "r.json" {
		t.Errorf("ParseFlags = %+v, %v", c, err)
	}
	for _, args := range [][]string{
		{"-brotli-quality", "12"},
		{"-gzip-level", "0"},
		{"-gzip-level", "10"},
		{"-prefix", "/a b"},
		{"-prefix", "/x?y"},
		{"stray"},
	} {
		if _, err := ParseFlags(args, io.Discard); err == nil {
			t.Errorf("ParseFlags(%q) accepted", args)
		}
	}
}
