//go:build !js

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// blockWasm keeps app.wasm from loading, so what the tab shows is the
// prerender and what web/lang.js made of it.
func blockWasm() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.SetBlockedURLs, network.SetBlockedURLsParams{
			URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/*.wasm", Block: true}}})
		return err
	})
}

// loaded waits until the document at path (after the prefix) has loaded.
func (e *env) loaded(pfx, path string) {
	e.t.Helper()
	e.waitFor(fmt.Sprintf(`document.readyState === "complete" && location.pathname === %q`, pfx+path))
}

// TestLangPrerender: before any wasm runs, ?lang=en gives the English
// prerender with <html lang="en">, its title and words, at the app's own
// address, and ?lang=zh the Chinese one; an /en/ address opened directly
// is English and shows the app's address; hreflang alternates name both
// At the root and under a sub-path.
func TestLangPrerender(t *testing.T) {
	for _, site := range []struct{ dir, pfx string }{{siteDir, ""}, {prefixedDir, prefix}} {
		e := setup(t, site.dir, site.pfx)
		e.do("block app.wasm", blockWasm())

		e.do("cost in English", chromedp.Navigate(e.base+"/cost?lang=en&project_months=24"))
		e.loaded(site.pfx, "/cost")
		if got := e.eval(`document.documentElement.lang`); got != "en" {
			t.Errorf("%q /cost?lang=en: <html lang=%q>", site.pfx, got)
		}
		if got := e.eval(`document.title`); got != "Full cost · gpuplan" {
			t.Errorf("%q /cost?lang=en: title %q", site.pfx, got)
		}
		if got := e.eval(`location.search`); !strings.Contains(got, "project_months=24") || !strings.Contains(got, "lang=en") {
			t.Errorf("%q: the query changed to %q", site.pfx, got)
		}
		if got := e.eval(`document.querySelector("main").getAttribute("data-wasm")`); got != "false" {
			t.Errorf("%q: data-wasm=%q, want the prerender", site.pfx, got)
		}
		if got := e.eval(`String(document.querySelectorAll('link[rel="alternate"][hreflang]').length)`); got != "3" {
			t.Errorf("%q: %s hreflang links, want zh-CN, en and x-default", site.pfx, got)
		}

		e.do("cost in Chinese", chromedp.Navigate(e.base+"/cost?lang=zh"))
		e.loaded(site.pfx, "/cost")
		if got := e.eval(`document.documentElement.lang`); got != "zh-CN" {
			t.Errorf("%q /cost?lang=zh: <html lang=%q>", site.pfx, got)
		}

		e.do("English file", chromedp.Navigate(e.base+"/en/about"))
		e.loaded(site.pfx, "/about")
		if got := e.eval(`document.documentElement.lang + " " + location.search`); got != "en ?lang=en" {
			t.Errorf("%q /en/about: %q, want English at /about?lang=en", site.pfx, got)
		}
		if got := e.eval(`document.querySelector("main h1").textContent`); got != "About gpuplan" {
			t.Errorf("%q /en/about: h1 %q", site.pfx, got)
		}
	}
}

// inView is a script that is true when the element with id is wholly
// inside the viewport.
func inView(id string) string {
	return fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight })()`, id)
}

// TestAnswerFirstPhone: on a 390 px phone the plan's answer (the result
// bar: card, cost, billing, rent or build) is on the first screen and stays
// in view while a field at the end of the form changes it.
func TestAnswerFirstPhone(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3)),
		chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("bar-cost", defaultCost)
	if e.eval(`String(`+inView("result-bar")+`)`) != "true" {
		t.Errorf("the result bar is not on the first screen: %s", e.eval(`JSON.stringify(document.getElementById("result-bar").getBoundingClientRect())`))
	}
	if got := e.text("bar-gpu"); got != defaultPick {
		t.Errorf("bar card %q, want %q", got, defaultPick)
	}
	// The last fields of the form are far below the first screen.
	e.do("scroll to the IPs", chromedp.Evaluate[chromedp.Void](`document.getElementById("extra_ips").scrollIntoView({block: "center"})`))
	if y := e.eval(`String(window.scrollY)`); y == "0" {
		t.Fatal("the page did not scroll: the form fits one screen and the test proves nothing")
	}
	e.do("more IPs", TypeInto("extra_ips", "40"))
	e.waitFor(`document.getElementById("bar-cost").textContent !== ` + fmt.Sprintf("%q", defaultCost))
	e.waitFor(inView("result-bar"))
	if bar, full := e.text("bar-cost"), e.text("monthly-cost"); bar != full {
		t.Errorf("the bar says %q, the result %q", bar, full)
	}
}

// TestAnswerFirstEmbed: in a 700 px embed the answer opens the frame.
func TestAnswerFirstEmbed(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load the embed", chromedp.EmulateViewport(700, 900),
		chromedp.Navigate(e.base+"/embed?lang=en"), WaitWasm("embed"))
	e.waitText("bar-cost", defaultCost)
	top := e.num(`document.getElementById("result-bar").getBoundingClientRect().top + window.scrollY`)
	form := e.num(`document.querySelector(".plan-form").getBoundingClientRect().top + window.scrollY`)
	if top >= form || top > 600 {
		t.Errorf("the answer starts at %.0f px, the form at %.0f px: want the answer first, in the first 600 px", top, form)
	}
}

// num evaluates a JavaScript expression returning a number.
func (e *env) num(js string) float64 {
	e.t.Helper()
	v, err := chromedp.Run(e.ctx, chromedp.Evaluate[float64](js))
	if err != nil {
		e.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// TestAcceptanceGroups: an 8-GPU report shows its checks grouped by kind,
// a failed group first and open, the passed groups folded, and the GPU ×
// check grid one row a GPU; an edited report shows no verdict at all
// (a changed report proves nothing).
func TestAcceptanceGroups(t *testing.T) {
	e := setup(t, siteDir, "")
	good, _ := e.report4090()
	dir := t.TempDir()
	goodPath, badPath := filepath.Join(dir, "report.json"), filepath.Join(dir, "edited.json")
	os.WriteFile(goodPath, good, 0o644)
	os.WriteFile(badPath, bytes.ReplaceAll(good, []byte(`"status": "fail"`), []byte(`"status": "pass"`)), 0o644)

	e.do("load the report", chromedp.SetUploadFiles(`#facts-file`, []string{goodPath}),
		chromedp.WaitVisible(chromedp.CSS(`#check-table details.kind-group`)))
	if got := e.eval(`(() => { const g = document.querySelector("#check-table details.kind-group"); return g.dataset.status + " " + g.open })()`); got != "fail true" {
		t.Errorf("first group: %q, want a failed one, open", got)
	}
	if got := e.eval(`String(document.querySelectorAll('#check-table details.kind-group[data-status="pass"][open]').length)`); got != "0" {
		t.Errorf("%s passed groups are open", got)
	}
	if got := e.eval(`String(document.querySelectorAll("#check-grid tbody tr").length)`); got != "8" {
		t.Errorf("%s grid rows, want one a GPU of 8", got)
	}

	e.do("load the edited report", chromedp.SetUploadFiles(`#facts-file`, []string{badPath}),
		chromedp.WaitVisible(chromedp.CSS(`#check-verdict[data-verdict="unverified"]`)))
	if got := e.eval(`String(document.querySelectorAll("#check-table, #check-grid").length)`); got != "0" {
		t.Errorf("the edited report still shows %s check tables", got)
	}
	if got := e.text("check-verdict"); !strings.Contains(got, "No verdict") || strings.Contains(got, "No check failed") {
		t.Errorf("verdict box %q", got)
	}
}
