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
	"github.com/gpuplan/gpuplan/wasm/internal/release"
	"github.com/gpuplan/gpuplan/wasm/internal/sitegen"
)

// fakeSite builds a site from a stand-in app.wasm and the real web/ folder.
func fakeSite(t *testing.T, prefix string) (sitegen.Config, []byte) {
	t.Helper()
	return fakeSiteWith(t, prefix, "")
}

// fakeSiteWith is fakeSite with a release manifest ("" for none).
func fakeSiteWith(t *testing.T, prefix, release string) (sitegen.Config, []byte) {
	t.Helper()
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm fake module for the generator test "), 400)
	wasmPath := filepath.Join(dir, "app.wasm")
	if err := os.WriteFile(wasmPath, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	c := sitegen.Config{
		Out: filepath.Join(dir, "site"), Wasm: wasmPath, Web: "../web",
		Prefix: prefix, Cache: filepath.Join(dir, "cache"), BrQuality: 1, Release: release,
	}
	if err := sitegen.Build(c, site(), io.Discard); err != nil {
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
	for _, want := range []string{`data-wasm="false"`, `id="gpu-pick"`, `id="app-loading"`, `lang="zh-CN"`, `src="/web/queue.js"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	// The prerendered form takes typing (web/queue.js keeps it for the app).
	if strings.Contains(index, "<fieldset disabled") {
		t.Error("index.html has a disabled fieldset: the prerendered form takes no typing")
	}
	if !strings.Contains(worker, `"/web/queue.js"`) {
		t.Error("service worker does not precache /web/queue.js")
	}
}

// TestBuildSiteIsLocal: nothing the site loads may come from another host.
// A remote icon once made the precache fail offline (go-app's default
// icons are on raw.githubusercontent.com).
// In HTML only what a tag fetches counts (link, script, img, source,
// iframe, and url() in styles): a source's web address shown as text on
// the About page is for the reader, never fetched.
func TestBuildSiteIsLocal(t *testing.T) {
	c, _ := fakeSite(t, "")
	remote := regexp.MustCompile(`(?i)\b(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^"'\s]*`)
	fetched := regexp.MustCompile(`(?i)<(?:link|script|img|source|iframe)\b[^>]*\b(?:src|href|srcset)="(?:https?:)?//[^"]*"|url\(\s*['"]?(?:https?:)?//[^)]*\)`)
	allowed := map[string]bool{
		"http://www.w3.org/2000/svg":                 true, // SVG namespace, never fetched
		"https://github.com/golang/go/issues/28975)": true, // a comment in wasm_exec.js
	}
	err := filepath.WalkDir(c.Out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !sitegen.Compressible(p) {
			return err
		}
		find := remote
		if filepath.Ext(p) == ".html" {
			find = fetched
		}
		for _, m := range find.FindAllString(readFile(t, p), -1) {
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

// TestBuildSiteRelease: with -release the acceptance page of the built site
// lists every download of release.json with its full SHA-256 and link, the
// checksum file and the sha256sum command, from app.js, not from a
// request; the file itself lands at the site root unchanged. A snapshot
// (no base_url) says there is no published release; a manifest with a
// field release-json.sh never writes is refused, naming it.
func TestBuildSiteRelease(t *testing.T) {
	// The prerender reads the manifest from the process environment that
	// go-app sets from Handler.Env; restore it afterwards.
	t.Setenv(release.EnvVar, "")
	const manifest = "internal/release/testdata/release.json"
	c, _ := fakeSiteWith(t, "", manifest)
	want, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(c.Out, "release.json")); got != string(want) {
		t.Error("release.json at the site root differs from the input")
	}
	rel, err := release.Decode(want)
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

	t.Setenv(release.EnvVar, "")
	snap, _ := fakeSiteWith(t, "", "internal/release/testdata/release-snapshot.json")
	page = readFile(t, filepath.Join(snap.Out, "acceptance.html"))
	if !strings.Contains(page, `id="release-none"`) || !strings.Contains(page, Zh.Text("site.page.release_none")) ||
		strings.Contains(page, `id="release-files"`) {
		t.Error("a snapshot build does not say that nothing is published")
	}

	t.Setenv(release.EnvVar, "")
	none, _ := fakeSite(t, "")
	if page := readFile(t, filepath.Join(none.Out, "acceptance.html")); !strings.Contains(page, Zh.Text("site.page.release_none")) {
		t.Error("a build without -release does not say that nothing is published")
	}
	if _, err := os.Stat(filepath.Join(none.Out, "release.json")); err == nil {
		t.Error("a build without -release wrote release.json")
	}

	bad := filepath.Join(t.TempDir(), "release.json")
	os.WriteFile(bad, bytes.Replace(want, []byte(`"checksums"`), []byte(`"signature": "x", "checksums"`), 1), 0o644)
	c.Out = filepath.Join(t.TempDir(), "site")
	c.Release = bad
	if err := sitegen.Build(c, site(), io.Discard); err == nil || !strings.Contains(err.Error(), "signature") {
		t.Errorf("an unknown field in release.json: %v", err)
	}
}
