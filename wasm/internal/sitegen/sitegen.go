// Package sitegen writes the planner's static site: go-app's prerendered
// pages and service worker (patched, worker.go), the web resources,
// app.wasm, the release manifest, and a brotli and gzip copy of every
// compressible file (compress.go). Only the native build of wasm/ imports
// it (wasm/gen.go, //go:build !wasm), so none of it ends up in app.wasm.
package sitegen

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/wasm/internal/release"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Config holds the generator's flags.
type Config struct {
	Out       string // site directory; must be missing or empty
	Wasm      string // app.wasm built for GOOS=js GOARCH=wasm
	WasmExec  string // the toolchain's lib/wasm/wasm_exec.js; "" keeps go-app's copy
	Web       string // static resources copied to <out>/web
	Prefix    string // sub-path such as "/gpuplan"; "" for a site at the root
	Cache     string // compression cache directory; "" disables it
	Domain    string // host name for og:url; "" leaves it out
	BrQuality int    // brotli quality, 0–11
	GzLevel   int    // gzip level, 1–9
	Release   string // release.json of this build (release-json.sh); "" for none
}

// ParseFlags reads the generator's command line.
func ParseFlags(args []string, stderr io.Writer) (Config, error) {
	var c Config
	fs := flag.NewFlagSet("gpuplan-site", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.Out, "out", "build/site", "write the static site to `dir` (must be missing or empty)")
	fs.StringVar(&c.Wasm, "wasm", "build/app.wasm", "the app built with GOOS=js GOARCH=wasm")
	fs.StringVar(&c.WasmExec, "wasm-exec", "", "the toolchain's lib/wasm/wasm_exec.js (default: go-app's copy)")
	fs.StringVar(&c.Web, "web", "web", "static resources to copy into <out>/web")
	fs.StringVar(&c.Prefix, "prefix", "", "host the site under this sub-path, e.g. /gpuplan")
	fs.StringVar(&c.Cache, "cache", "build/cache", "directory caching compressed files by content hash (empty: none)")
	fs.StringVar(&c.Domain, "domain", "", "public host name, used in og:url")
	fs.IntVar(&c.BrQuality, "brotli-quality", 11, "brotli quality 0–11 (11: smallest, ~20 s for app.wasm)")
	fs.IntVar(&c.GzLevel, "gzip-level", 9, "gzip level 1–9 (9: smallest, ~8 s for app.wasm on a busy machine)")
	fs.StringVar(&c.Release, "release", "", "the release manifest `release.json` (verifier/release/release-json.sh): the acceptance page lists its downloads")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	p, err := cleanPrefix(c.Prefix)
	if err != nil {
		return c, err
	}
	c.Prefix = p
	if c.BrQuality < 0 || c.BrQuality > 11 {
		return c, fmt.Errorf("-brotli-quality %d: want 0 to 11", c.BrQuality)
	}
	if c.GzLevel < 1 || c.GzLevel > 9 {
		return c, fmt.Errorf("-gzip-level %d: want 1 to 9", c.GzLevel)
	}
	return c, nil
}

// cleanPrefix normalises a sub-path to "/name" form ("" stays "").
func cleanPrefix(p string) (string, error) {
	p = strings.Trim(p, "/")
	if p == "" {
		return "", nil
	}
	for _, r := range p {
		ok := r == '-' || r == '_' || r == '.' || r == '/' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if !ok {
			return "", fmt.Errorf("-prefix %q: use letters, digits and - _ . / only", p)
		}
	}
	return "/" + p, nil
}

// Site is what the generator needs to know of the app: the pages to
// prerender and precache, and the languages to prerender them in. The
// app's routes must be registered with go-app (app.Route) before Build
// runs: go-app prerenders each of them.
type Site struct {
	Pages []string // every route path, precached so deep links work offline
	// Langs are the languages of the prerender (lang.go); the first one's
	// pages are written at the root and describe the site in its web
	// manifest. At least one.
	Langs []Lang
}

// Main runs the generator with the process arguments and exits with 1 on
// an error.
func Main(s Site) {
	c, err := ParseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err == nil {
		err = Build(c, s, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpuplan site:", err)
		os.Exit(1)
	}
}

// Build writes the whole static site of s, configured by c, and prints a
// summary to w.
func Build(c Config, s Site, w io.Writer) error {
	start := time.Now()
	wasm, err := os.ReadFile(c.Wasm)
	if err != nil {
		return fmt.Errorf("reading app.wasm (build it with GOOS=js GOARCH=wasm first): %w", err)
	}
	if err := requireEmptyDir(c.Out); err != nil {
		return err
	}
	manifest, err := readReleaseFile(c.Release)
	if err != nil {
		return err
	}
	if len(s.Langs) == 0 {
		return errors.New("no language to prerender in")
	}
	version, err := siteVersion(wasm, c.Web, c.Prefix, manifest)
	if err != nil {
		return err
	}
	handler := func(l Lang) (*app.Handler, error) { return NewHandler(c, s, l, version, len(wasm), manifest) }
	h, err := handler(s.Langs[0])
	if err != nil {
		return err
	}
	if err := app.GenerateStaticWebsite(c.Out, h); err != nil {
		return fmt.Errorf("generating pages: %w", err)
	}
	if err := patchAppJS(c.Out); err != nil {
		return err
	}
	if err := writeLangPages(c.Out, s, handler); err != nil {
		return err
	}
	if err := finishPages(c.Out, c.Prefix, c.Domain, s); err != nil {
		return err
	}
	if err := writeNotFound(c.Out, c.Prefix); err != nil {
		return fmt.Errorf("writing the not-found pages: %w", err)
	}
	if err := copyDir(c.Web, filepath.Join(c.Out, "web")); err != nil {
		return fmt.Errorf("copying %s: %w", c.Web, err)
	}
	if err := os.WriteFile(filepath.Join(c.Out, "web", "app.wasm"), wasm, 0o644); err != nil {
		return err
	}
	if manifest != nil {
		// The same bytes at the site root, for anyone who wants the
		// manifest itself; release-verify.sh checks the site archive
		// holds them unchanged.
		if err := os.WriteFile(filepath.Join(c.Out, "release.json"), manifest, 0o644); err != nil {
			return err
		}
	}
	if c.WasmExec != "" {
		// go-app embeds the wasm_exec.js of the Go that built the generator;
		// the one of the toolchain that built app.wasm is the one that matches.
		if err := copyFile(c.WasmExec, filepath.Join(c.Out, "wasm_exec.js")); err != nil {
			return fmt.Errorf("copying wasm_exec.js: %w", err)
		}
	}
	genTime := time.Since(start)
	if c.GzLevel == 0 {
		c.GzLevel = 9 // a Config made in code, not by ParseFlags
	}
	files, err := precompress(c.Out, c.Cache, c.BrQuality, c.GzLevel)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "site %s (version %s, prefix %q): pages %.2fs, compression %.2fs\n",
		c.Out, version, c.Prefix, genTime.Seconds(), (time.Since(start) - genTime).Seconds())
	for _, f := range files {
		if f.Path == "web/app.wasm" {
			fmt.Fprintf(w, "app.wasm: raw %d, gzip-%d %d, brotli-%d %d bytes\n",
				f.Raw, c.GzLevel, f.Sizes[".gz"], c.BrQuality, f.Sizes[".br"])
		}
	}
	return nil
}

// readReleaseFile reads and checks release.json; "" gives nil.
func readReleaseFile(path string) ([]byte, error) {
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("-release: %w", err)
	}
	if _, err := release.Decode(b); err != nil {
		return nil, fmt.Errorf("-release %s: %w", path, err)
	}
	return b, nil
}

// NewHandler configures go-app for a fully local, offline-capable site,
// prerendering in language l. manifest is the checked release.json, or nil.
func NewHandler(c Config, s Site, l Lang, version string, wasmSize int, manifest []byte) (*app.Handler, error) {
	worker, err := workerTemplate()
	if err != nil {
		return nil, err
	}
	// Every page is precached, so a deep link works offline; go-app only
	// precaches "/" by itself. Icon.SVG is not precached by go-app either.
	cacheable := []string{"/web/icon.svg", "/web/guard.js", "/web/lang.js", "/web/queue.js"}
	cacheable = append(cacheable, s.Pages...)
	cacheable = append(cacheable, langPages(s)...)
	h := &app.Handler{
		Name:        "gpuplan",
		ShortName:   "gpuplan",
		Title:       "gpuplan",
		Description: l.Description,
		Lang:        l.Tag,
		Domain:      c.Domain,
		// Local icons only: go-app's defaults point at GitHub, and a remote
		// URL in the precache list makes cache.addAll fail offline.
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-maskable-512.png",
			SVG:      "/web/icon.svg",
		},
		BackgroundColor: "#ffffff",
		ThemeColor:      "#1d4e89",
		LoadingLabel:    "gpuplan {progress}%",
		Styles:          []string{"/web/app.css"},
		// lang.js runs before go-app's deferred scripts: it swaps in the
		// prerender of the language asked for (lang.go). queue.js, also
		// in <head>, listens before any field exists: what is typed into
		// the prerendered form is handed to the app once it has rendered.
		Scripts: []string{"/web/lang.js", "/web/queue.js", "/web/guard.js defer"},
		RawHeaders: []string{
			// Without JavaScript the prerendered page is all there is: hide
			// the wasm loader that would otherwise cover it.
			`<noscript><style>#app-wasm-loader{display:none}</style></noscript>`,
			// Start app.wasm's download while the page parses, not after
			// app.js runs: on a phone it is most of the load. as=fetch
			// with crossorigin matches app.js's fetch(), so the response
			// is used once, not downloaded twice.
			`<link rel="preload" href="` + c.Prefix + `/web/app.wasm" as="fetch" type="application/wasm" crossorigin fetchpriority="high">`,
		},
		// The release manifest travels inside app.js, so the page needs
		// no request for it (and works offline). Set even when empty, so
		// a variable left in the generator's environment cannot leak into
		// the prerender.
		Env:                   map[string]string{release.EnvVar: compactJSON(manifest)},
		CacheableResources:    cacheable,
		Version:               version,
		WasmContentLength:     strconv.Itoa(wasmSize),
		ServiceWorkerTemplate: worker,
	}
	if c.Prefix != "" {
		h.Resources = app.PrefixedLocation(c.Prefix)
	}
	return h, nil
}

// compactJSON is b without insignificant white space; "" for nil.
func compactJSON(b []byte) string {
	if b == nil {
		return ""
	}
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return "" // release.Decode has read it
	}
	return out.String()
}

// siteVersion is the service-worker cache key: the first 12 hex digits of a
// SHA-256 over app.wasm, every file under web, the prefix, the release
// manifest (it is inside app.js) and the generator binary itself. app.wasm
// alone would miss a CSS-only change, and the browser would keep serving
// the old CSS from the worker's cache.
func siteVersion(wasm []byte, webDir, prefix string, release []byte) (string, error) {
	h := sha256.New()
	h.Write(wasm)
	fmt.Fprintf(h, "\x00prefix=%s\x00release=%d\x00", prefix, len(release))
	h.Write(release)
	var names []string
	err := filepath.WalkDir(webDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", webDir, err)
	}
	sort.Strings(names)
	if exe, err := os.Executable(); err == nil {
		names = append(names, exe)
	}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(n), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

// requireEmptyDir accepts a missing or empty directory, so the generator
// never mixes a new site with stale files.
func requireEmptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("-out %s is not empty; remove it first (make site does)", dir)
	}
	return nil
}

// copyDir copies the regular files under src into dst.
func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(p, target)
	})
}

// copyFile copies one file.
func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
