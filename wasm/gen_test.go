//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// fakeSite builds a site from a stand-in app.wasm and the real web/ folder.
func fakeSite(t *testing.T, prefix string) (genConfig, []byte) {
	t.Helper()
	return fakeSiteWith(t, prefix, "")
}

// fakeSiteWith is fakeSite with a release manifest ("" for none).
func fakeSiteWith(t *testing.T, prefix, release string) (genConfig, []byte) {
	t.Helper()
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm fake module for the generator test "), 400)
	wasmPath := filepath.Join(dir, "app.wasm")
	if err := os.WriteFile(wasmPath, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	c := genConfig{
		Out: filepath.Join(dir, "site"), Wasm: wasmPath, Web: "../web",
		Prefix: prefix, Cache: filepath.Join(dir, "cache"), BrQuality: 1, Release: release,
	}
	if err := buildSite(c, io.Discard); err != nil {
		t.Fatal(err)
	}
	return c, wasm
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBuildSite(t *testing.T) {
	c, wasm := fakeSite(t, "")
	for _, name := range []string{"index.html", "cost.html", "rentbuild.html", "acceptance.html",
		"about.html", "embed.html", "app.js", "app-worker.js", "manifest.webmanifest",
		"wasm_exec.js", "web/app.css", "web/icon.svg", "web/icon-192.png", "web/icon-512.png",
		"web/guard.js", "web/app.wasm", "web/app.wasm.br", "web/app.wasm.gz", "index.html.br"} {
		if _, err := os.Stat(filepath.Join(c.Out, name)); err != nil {
			t.Errorf("missing %s", name)
		}
	}
	if got := readFile(t, filepath.Join(c.Out, "web/app.wasm")); got != string(wasm) {
		t.Error("web/app.wasm differs from the input")
	}
	appJS := readFile(t, filepath.Join(c.Out, "app.js"))
	if want := `goappWasmContentLength = "` + strconv.Itoa(len(wasm)) + `"`; !strings.Contains(appJS, want) {
		t.Errorf("app.js lacks %s (the loader shows NaN%% without it)", want)
	}
	worker := readFile(t, filepath.Join(c.Out, "app-worker.js"))
	for _, r := range routes {
		if !strings.Contains(worker, `"`+r.Path+`"`) {
			t.Errorf("service worker does not precache %s: deep links fail offline", r.Path)
		}
	}
	if !strings.Contains(worker, "event.waitUntil(installWorker()") {
		t.Error("service worker is not the patched template")
	}
	index := readFile(t, filepath.Join(c.Out, "index.html"))
	for _, want := range []string{`data-wasm="false"`, `id="gpu-pick"`, `<fieldset disabled>`, `lang="zh-CN"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
}

// TestBuildSiteIsLocal: nothing in the site may point to another host. A
// remote icon once made the precache fail offline (goapp-build.md §1).
func TestBuildSiteIsLocal(t *testing.T) {
	c, _ := fakeSite(t, "")
	remote := regexp.MustCompile(`(?i)\b(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^"'\s]*`)
	allowed := map[string]bool{
		"http://www.w3.org/2000/svg":                 true, // SVG namespace, never fetched
		"https://github.com/golang/go/issues/28975)": true, // a comment in wasm_exec.js
	}
	err := filepath.WalkDir(c.Out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[filepath.Ext(p)] {
			return err
		}
		for _, m := range remote.FindAllString(readFile(t, p), -1) {
			if !allowed[m] {
				rel, _ := filepath.Rel(c.Out, p)
				t.Errorf("%s refers to %s", rel, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPrecompressed: every .br and .gz decodes to its file.
func TestPrecompressed(t *testing.T) {
	c, _ := fakeSite(t, "")
	n := 0
	err := filepath.WalkDir(c.Out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		var r io.Reader
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		switch filepath.Ext(p) {
		case ".br":
			r = brotli.NewReader(f)
		case ".gz":
			if r, err = gzip.NewReader(f); err != nil {
				return err
			}
		default:
			return nil
		}
		got, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		if string(got) != readFile(t, strings.TrimSuffix(strings.TrimSuffix(p, ".br"), ".gz")) {
			t.Errorf("%s does not decode to its file", p)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Errorf("only %d compressed files", n)
	}
	if _, err := os.Stat(filepath.Join(c.Out, "web/icon-192.png.gz")); err == nil {
		t.Error("PNG was compressed")
	}
}

// TestPrecompressUsesCache: a cached result is used as is, so brotli-11 runs
// once per distinct file.
func TestPrecompressUsesCache(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	data := strings.Repeat("cache me ", 200)
	if err := os.WriteFile(filepath.Join(dir, "a.js"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := precompress(dir, cache, 5); err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "*-q5.br"))
	if len(entries) != 1 {
		t.Fatalf("cache holds %v, want one brotli entry", entries)
	}
	if err := os.WriteFile(entries[0], []byte("from cache"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := precompress(dir, cache, 5); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(dir, "a.js.br")); got != "from cache" {
		t.Errorf("a.js.br = %q, want the cached bytes", got)
	}
}

func TestBuildSiteWithPrefix(t *testing.T) {
	c, _ := fakeSite(t, "/gpuplan")
	index := readFile(t, filepath.Join(c.Out, "index.html"))
	for _, want := range []string{`href="/gpuplan/about?lang=zh"`, `src="/gpuplan/app.js"`, `href="/gpuplan/web/app.css"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	appJS := readFile(t, filepath.Join(c.Out, "app.js"))
	if !strings.Contains(appJS, `"GOAPP_ROOT_PREFIX":"/gpuplan"`) || !strings.Contains(appJS, `/gpuplan/web/app.wasm`) {
		t.Error("app.js is not prefixed")
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

// TestBuildSiteRelease: with -release the acceptance page of the built site
// lists every download of release.json with its full SHA-256 and link, the
// checksum file and the sha256sum command, from app.js, not from a
// request; the file itself lands at the site root unchanged. A snapshot
// (no base_url) says there is no published release; a manifest with a
// field release-json.sh never writes is refused, naming it.
func TestBuildSiteRelease(t *testing.T) {
	// The prerender reads the manifest from the process environment that
	// go-app sets from Handler.Env; restore it afterwards.
	t.Setenv(releaseEnv, "")
	const manifest = "testdata/release.json"
	c, _ := fakeSiteWith(t, "", manifest)
	want, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(c.Out, "release.json")); got != string(want) {
		t.Error("release.json at the site root differs from the input")
	}
	rel, err := DecodeRelease(want)
	if err != nil {
		t.Fatal(err)
	}
	appJS := readFile(t, filepath.Join(c.Out, "app.js"))
	if !strings.Contains(appJS, `"GPUPLAN_RELEASE":"{\"schema\":\"gpuplan.release/v1\"`) {
		t.Error("app.js does not carry the manifest")
	}
	page := readFile(t, filepath.Join(c.Out, "acceptance.html"))
	checks := []string{`id="release-files"`, `href="` + rel.BaseURL + `checksums.txt"`,
		"sha256sum -c checksums.txt --ignore-missing", "v0.3.0"}
	for _, f := range rel.Files {
		checks = append(checks, `href="`+rel.BaseURL+f.Name+`"`, ">"+f.SHA256+"<", f.OS+"/"+f.Arch)
	}
	for _, w := range checks {
		if !strings.Contains(page, w) {
			t.Errorf("acceptance.html lacks %s", w)
		}
	}
	if len(rel.Files) != 6 {
		t.Errorf("%d files in the manifest, want the 6 of a release", len(rel.Files))
	}

	t.Setenv(releaseEnv, "")
	snap, _ := fakeSiteWith(t, "", "testdata/release-snapshot.json")
	page = readFile(t, filepath.Join(snap.Out, "acceptance.html"))
	if !strings.Contains(page, `id="release-none"`) || !strings.Contains(page, zhMessages.ReleaseNone) ||
		strings.Contains(page, `id="release-files"`) {
		t.Error("a snapshot build does not say that nothing is published")
	}

	t.Setenv(releaseEnv, "")
	none, _ := fakeSite(t, "")
	if page := readFile(t, filepath.Join(none.Out, "acceptance.html")); !strings.Contains(page, zhMessages.ReleaseNone) {
		t.Error("a build without -release does not say that nothing is published")
	}
	if _, err := os.Stat(filepath.Join(none.Out, "release.json")); err == nil {
		t.Error("a build without -release wrote release.json")
	}

	bad := filepath.Join(t.TempDir(), "release.json")
	os.WriteFile(bad, bytes.Replace(want, []byte(`"checksums"`), []byte(`"signature": "x", "checksums"`), 1), 0o644)
	c.Out = filepath.Join(t.TempDir(), "site")
	c.Release = bad
	if err := buildSite(c, io.Discard); err == nil || !strings.Contains(err.Error(), "signature") {
		t.Errorf("an unknown field in release.json: %v", err)
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
	c, err := parseGenFlags([]string{"-prefix", "gpuplan/", "-brotli-quality", "9", "-release", "r.json"}, io.Discard)
	if err != nil || c.Prefix != "/gpuplan" || c.BrQuality != 9 || c.Out != "build/site" || c.Release != "r.json" {
		t.Errorf("parseGenFlags = %+v, %v", c, err)
	}
	for _, args := range [][]string{
		{"-brotli-quality", "12"},
		{"-prefix", "/a b"},
		{"-prefix", "/x?y"},
		{"stray"},
	} {
		if _, err := parseGenFlags(args, io.Discard); err == nil {
			t.Errorf("parseGenFlags(%q) accepted", args)
		}
	}
}
