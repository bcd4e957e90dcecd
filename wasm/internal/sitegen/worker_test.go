package sitegen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestWorkerTemplate(t *testing.T) {
	got, err := workerTemplate()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range workerPatches {
		if strings.Contains(got, p.old) {
			t.Errorf("%s: old block still present", p.why)
		}
		if !strings.Contains(got, p.new) {
			t.Errorf("%s: new block missing", p.why)
		}
	}
	for _, want := range []string{"event.waitUntil(installWorker()", `url.search = ""`, "cached.redirected", "{{.ResourcesToCache}}", "{{.Version}}"} {
		if !strings.Contains(got, want) {
			t.Errorf("patched worker lacks %q", want)
		}
	}
	// The rest of go-app's worker (push notifications) is kept.
	if !strings.Contains(got, `addEventListener("push"`) {
		t.Error("patched worker lost the push handler")
	}
}

// TestPatchWorkerRefusesUnknownTemplate: a go-app upgrade that changes the
// template must fail the build, not ship an unpatched worker.
func TestPatchWorkerRefusesUnknownTemplate(t *testing.T) {
	changed := strings.Replace(app.DefaultAppWorkerJS, "const cachedResponse = await caches.match(request);", "const r = await caches.match(request);", 1)
	if _, err := patchWorker(changed); err == nil || !strings.Contains(err.Error(), "fetch") {
		t.Errorf("patchWorker(changed template) error = %v, want one naming the fetch patch", err)
	}
	twice := app.DefaultAppWorkerJS + app.DefaultAppWorkerJS
	if _, err := patchWorker(twice); err == nil {
		t.Error("patchWorker accepted a template holding a block twice")
	}
}

// TestPatchAppJS: go-app's app.js, as GenerateStaticWebsite writes it,
// takes the patches once; the patched one announces an update only when a
// worker controlled the page before the new one was found, and registers
// the worker only where no app runs (the app does, once on screen), not as
// the page starts; a second run (the blocks gone) fails, as a go-app upgrade would.
func TestPatchAppJS(t *testing.T) {
	dir := t.TempDir()
	h := &app.Handler{Name: "t", Version: "v1", Icon: app.Icon{Default: "/web/i.png", SVG: "/web/i.svg", Large: "/web/l.png"}}
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
		t.Fatal(err)
	}
	if err := patchAppJS(dir); err != nil {
		t.Fatal(err)
	}
	js := readFile(t, filepath.Join(dir, "app.js"))
	if !strings.Contains(js, "if (!hadWorker) {") || strings.Contains(js, "if (!navigator.serviceWorker.controller) {") {
		t.Errorf("app.js not patched:\n%s", js)
	}
	if strings.Contains(js, "\ngoappInitServiceWorker();") || strings.Count(js, "goappInitServiceWorker();") != 2 {
		t.Errorf("app.js registers the worker as the page starts, or not where no app runs:\n%s", js)
	}
	if err := patchAppJS(dir); err == nil {
		t.Error("patchAppJS accepted an app.js without the block")
	}
}

// TestNotFoundPages: 404.html says it in Chinese, then English; en/404.html
// in English; both link home under the prefix and start no app.
func TestNotFoundPages(t *testing.T) {
	dir := t.TempDir()
	if err := writeNotFound(dir, "/gpuplan"); err != nil {
		t.Fatal(err)
	}
	zh, en := readFile(t, filepath.Join(dir, "404.html")), readFile(t, filepath.Join(dir, "en", "404.html"))
	for _, want := range []string{`<html lang="zh-CN">`, "<title>页面不存在 · gpuplan</title>", `lang="en"`, "Page not found",
		`href="/gpuplan/"`, `href="/gpuplan/web/app.css"`} {
		if !strings.Contains(zh, want) {
			t.Errorf("404.html lacks %s", want)
		}
	}
	if !strings.Contains(en, `<html lang="en">`) || strings.Contains(en, "页面不存在") || !strings.Contains(en, `href="/gpuplan/?lang=en"`) {
		t.Errorf("en/404.html:\n%s", en)
	}
	if strings.Contains(zh+en, "<script") || strings.Contains(zh+en, "app.js") {
		t.Error("a not-found page loads a script")
	}
}
