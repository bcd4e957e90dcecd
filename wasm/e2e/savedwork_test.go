//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The site never loses saved work. Each test starts from a
// sheet saved in the browser and checks that a link, an import or storage
// of another version cannot take it away without asking, and that what
// replaces it can be undone.

// saved returns the raw saved state.
func (e *env) saved() string { return e.eval(`localStorage.getItem("gpuplan.state") || ""`) }

// value returns the live value of a form field.
func (e *env) value(id string) string {
	e.t.Helper()
	v, err := chromedp.Run(e.ctx, chromedp.Value(chromedp.ID(id)))
	if err != nil {
		e.t.Fatalf("value of #%s: %v", id, err)
	}
	return v
}

// saveConcurrency64 types a sheet into the planner and waits until it is
// saved.
func (e *env) saveConcurrency64() {
	e.t.Helper()
	e.do("type a sheet", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"), TypeInto("concurrency", "64"))
	e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes('"concurrency":"64"')`)
}

// TestLinkKeepsSavedWork: /?x=1 does not reset the saved sheet; a link with
// another sheet is shown but asked about; going back keeps the saved one;
// keeping the link's saves it with a backup, and Undo brings the saved one
// back.
func TestLinkKeepsSavedWork(t *testing.T) {
	e := setup(t, siteDir, "")
	e.saveConcurrency64()
	before := e.saved()

	e.do("a link without fields", chromedp.Navigate(e.base+"/?x=1&lang=en"), WaitWasm("planner"), chromedp.WaitVisible(chromedp.ID("notice")))
	if v := e.value("concurrency"); v != "64" || e.saved() != before {
		t.Errorf("/?x=1: concurrency %q, storage changed %v", v, e.saved() != before)
	}
	if got := e.text("notice"); !strings.Contains(got, `"x"`) {
		t.Errorf("notice %q does not name x", got)
	}

	e.do("a link with another sheet", chromedp.Navigate(e.base+"/?concurrency=8&lang=en"), WaitWasm("planner"),
		chromedp.WaitVisible(chromedp.ID("replace-ask")))
	e.waitText("gpu-pick", defaultPick)
	if e.saved() != before {
		t.Error("the link's sheet was saved before the user was asked")
	}
	e.do("go back", chromedp.Click(chromedp.ID("replace-keep-saved")), chromedp.WaitNotPresent(chromedp.ID("replace-ask")))
	e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
	e.waitFor(`location.search.includes("concurrency=64")`)
	if e.saved() != before {
		t.Error("going back changed the saved sheet")
	}

	e.do("the link again", chromedp.Navigate(e.base+"/?concurrency=8&lang=en"), WaitWasm("planner"),
		chromedp.WaitVisible(chromedp.ID("replace-ask")), chromedp.Click(chromedp.ID("replace-keep-new")),
		chromedp.WaitVisible(chromedp.ID("undo")))
	if s := e.saved(); !strings.Contains(s, `"concurrency":"8"`) {
		t.Errorf("keeping the link's sheet did not save it: %s", s)
	}
	if b := e.eval(`localStorage.getItem("gpuplan.state.backup") || ""`); b != before {
		t.Errorf("backup %q, want the replaced state", b)
	}
	e.do("undo", chromedp.Click(chromedp.ID("undo")), chromedp.WaitNotPresent(chromedp.ID("undo")))
	e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
	if e.saved() != before || e.value("concurrency") != "64" {
		t.Errorf("undo: storage restored %v, concurrency %q", e.saved() == before, e.value("concurrency"))
	}
}

// TestImportKeepsSavedWork: a plain sheet without "schema" imports like in
// the CLI and keeps the saved procurement sections; an import over saved
// work asks first; a file that fails validation changes nothing.
func TestImportKeepsSavedWork(t *testing.T) {
	e := setup(t, siteDir, "")
	proc, err := filepath.Abs("../../shared/plan/testdata/procurement.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.SetUploadFiles(`#import-file`, []string{proc}), chromedp.WaitVisible(chromedp.ID("procurement-note")))
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes('"procurement"')`)
	withSections := e.saved()

	dir := t.TempDir()
	sheet := filepath.Join(dir, "sheet.json")
	if err := os.WriteFile(sheet, []byte(`{"workload": "inference", "model": {"preset": "qwen2.5-7b"}, "concurrency": 4}`), 0o644); err != nil {
		t.Fatal(err)
	}
	e.do("import a plain sheet", chromedp.SetUploadFiles(`#import-file`, []string{sheet}), chromedp.WaitVisible(chromedp.ID("replace-ask")))
	e.waitText("import-result", "Imported sheet.json: the sheet is restored.")
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	if e.saved() != withSections {
		t.Error("the import was saved before the user was asked")
	}
	e.do("keep it", chromedp.Click(chromedp.ID("replace-keep-new")), chromedp.WaitVisible(chromedp.ID("undo")))
	if got := e.eval(`document.getElementById("procurement-note").getAttribute("data-sections")`); got != "quotes vendors contract poc operations exit checklists" {
		t.Errorf("sections after a plain sheet: %q", got)
	}
	after := e.saved()
	if !strings.Contains(after, `"procurement"`) || !strings.Contains(after, "qwen2.5-7b") {
		t.Errorf("storage after keeping: %.200s", after)
	}

	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"workload":"lora","model":{"params_b":7},"storage_tb":"1e1000000000"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	e.do("import a bad file", chromedp.SetUploadFiles(`#import-file`, []string{bad}))
	e.waitContains("import-result", "Could not import bad.json: storage_tb: must be a number between -10^20 and 10^20")
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	if e.saved() != after {
		t.Error("a refused import changed the saved state")
	}
}

// TestStorageOfOtherVersions: storage of a newer version is left untouched
// (edits are not saved over it); an older one is kept as a backup; one bad
// checklist item is dropped alone, named in the notice.
func TestStorageOfOtherVersions(t *testing.T) {
	e := setup(t, siteDir, "")
	newer := `{"v":3,"input":{"concurrency":"64"},"from":"a newer gpuplan"}`
	e.do("newer", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("gpuplan.state", `+jsString(newer)+`)`),
		chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"), chromedp.WaitVisible(chromedp.ID("storage-locked")),
		TypeInto("concurrency", "8"))
	e.waitText("gpu-pick", defaultPick)
	if got := e.saved(); got != newer {
		t.Errorf("storage of a newer version was written: %s", got)
	}

	older := `{"v":1,"input":{"hours":"12"}}`
	e.do("older", chromedp.Evaluate[chromedp.Void](`localStorage.setItem("gpuplan.state", `+jsString(older)+`)`),
		chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"), chromedp.WaitVisible(chromedp.ID("notice")))
	if got := e.text("notice"); !strings.Contains(got, "older version") || !strings.Contains(got, "kept") {
		t.Errorf("notice %q", got)
	}
	if b := e.eval(`localStorage.getItem("gpuplan.state.backup")`); b != older {
		t.Errorf("backup %q, want the older state", b)
	}

	proc, err := filepath.Abs("../../shared/plan/testdata/procurement.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	e.do("import sections", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate(e.base+"/?lang=en"),
		WaitWasm("planner"), chromedp.SetUploadFiles(`#import-file`, []string{proc}), chromedp.WaitVisible(chromedp.ID("procurement-note")))
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes('"checklists":{"items":[{"id":')`)
	e.do("spoil one item", chromedp.Evaluate[chromedp.Void](
		`localStorage.setItem("gpuplan.state", localStorage.getItem("gpuplan.state").replace('"checklists":{"items":[', '"checklists":{"items":[{"id":"999.9"},'))`),
		chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"), chromedp.WaitVisible(chromedp.ID("notice")))
	if got := e.text("notice"); !strings.Contains(got, "checklists item 999.9") {
		t.Errorf("notice %q does not name the item", got)
	}
	if got := e.eval(`document.getElementById("procurement-note").getAttribute("data-sections")`); got != "quotes vendors contract poc operations exit checklists" {
		t.Errorf("sections after one bad item: %q", got)
	}
}

// TestPasteBoxCap: more than the parsers' 8 MB in the paste box is refused
// with a message, unread.
func TestPasteBoxCap(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/acceptance?lang=en"), WaitWasm("acceptance"),
		chromedp.Evaluate[chromedp.Void](`(() => { const el = document.getElementById("facts-input"); el.value = "x".repeat(8*1024*1024+1); el.dispatchEvent(new Event("input", {bubbles: true})); })()`))
	e.waitContains("facts-error", "larger than 8,388,608 bytes")
}

// TestNoCSPViolation: the planner, a form edit, the acceptance page and the
// embed run under the site's Content-Security-Policy without one violation.
func TestNoCSPViolation(t *testing.T) {
	e := setup(t, siteDir, "")
	record := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.cspViolations = []; document.addEventListener("securitypolicyviolation", ev => window.cspViolations.push(ev.violatedDirective + " " + ev.blockedURI))`})
		return err
	})
	e.do("record violations", record)
	for _, p := range []struct{ path, id string }{{"/?lang=en", "planner"}, {"/acceptance?lang=en", "acceptance"}, {"/embed?lang=en", "embed"}} {
		e.do("load "+p.path, chromedp.Navigate(e.base+p.path), WaitWasm(p.id))
		if p.id == "planner" {
			e.do("edit", TypeInto("concurrency", "64"))
			e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
		}
		if v := e.eval(`(window.cspViolations || ["no recorder"]).join("; ")`); v != "" {
			t.Errorf("%s: CSP violations: %s", p.path, v)
		}
	}
}

// TestPendingImportSurvivesNavigation: an import waiting for the answer
// keeps its procurement sections, and the question, across the site's
// pages (the link carries the sheet, not the sections).
func TestPendingImportSurvivesNavigation(t *testing.T) {
	e := setup(t, siteDir, "")
	e.saveConcurrency64()
	before := e.saved()
	proc, err := filepath.Abs("../../shared/plan/testdata/procurement.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	e.do("import over saved work", chromedp.SetUploadFiles(`#import-file`, []string{proc}),
		chromedp.WaitVisible(chromedp.ID("replace-ask")), chromedp.WaitVisible(chromedp.ID("procurement-note")))
	e.goTo("nav-cost", "cost")
	e.do("the question on the cost page", chromedp.WaitVisible(chromedp.ID("replace-ask")))
	e.goTo("nav-planner", "planner")
	e.do("the question back on the planner", chromedp.WaitVisible(chromedp.ID("replace-ask")), chromedp.WaitVisible(chromedp.ID("procurement-note")))
	if e.saved() != before {
		t.Error("the import was saved before the user was asked")
	}
	e.do("keep it", chromedp.Click(chromedp.ID("replace-keep-new")), chromedp.WaitVisible(chromedp.ID("undo")))
	if s := e.saved(); !strings.Contains(s, `"procurement":{"quotes"`) {
		t.Errorf("the kept import lacks its sections: %.200s", s)
	}
}

// goTo clicks the navigation link until the page is shown: a click that
// lands while the page re-renders can be lost.
func (e *env) goTo(link, page string) {
	e.t.Helper()
	e.waitFor(fmt.Sprintf(`(() => {
		if (document.querySelector('main#%s[data-wasm="true"]')) return true;
		const a = document.getElementById(%q);
		if (a) a.click();
		return false;
	})()`, page, link))
}
