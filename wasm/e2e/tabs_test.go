//go:build !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Saved work the browser refuses, and two tabs of the site open at once.

// fillStorage fills localStorage to the last character with junk keys, as
// other sites on the same address do (a GitHub Pages user's projects).
const fillStorage = `(() => {
	let i = 0;
	for (let size = 1 << 20; size >= 1; size >>= 1) {
		try { for (;;) localStorage.setItem("junk" + (i++), "x".repeat(size)); } catch (e) {}
	}
	return String(i);
})()`

// dropJunk removes what fillStorage wrote.
const dropJunk = `Object.keys(localStorage).filter(k => k.startsWith("junk")).forEach(k => localStorage.removeItem(k))`

// TestStorageFull: with the storage full, typing on /quotes shows at once
// that the change was not saved, with the export and a retry; once space
// is freed the retry saves what was typed.
func TestStorageFull(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("quotes", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"),
		chromedp.Click(chromedp.ID("quotes-add-quotes")), chromedp.WaitVisible(chromedp.ID("quotes-quotes-0-gpu_per_card")),
		TypeInto("quotes-quotes-0-gpu_per_card", "9000"))
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes("9000")`)
	e.do("fill storage", chromedp.Evaluate[chromedp.Void](fillStorage))
	e.do("type more", TypeInto("quotes-quotes-0-vendor", "A vendor with a much longer name"))
	e.do("the notice", chromedp.WaitVisible(chromedp.ID("save-failed")), chromedp.WaitVisible(chromedp.ID("save-export")))
	if got := e.text("save-failed"); !strings.Contains(got, "not saved") || !strings.Contains(got, "Export plan.json") {
		t.Errorf("notice %q", got)
	}
	if strings.Contains(e.saved(), "much longer name") {
		t.Fatal("the storage took the change: it was not full")
	}
	e.do("free space", chromedp.Evaluate[chromedp.Void](dropJunk), chromedp.Click(chromedp.ID("save-retry")))
	if _, err := chromedp.Run(e.ctx, chromedp.Poll[bool](`!document.getElementById("save-failed")`, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("the notice stays after the retry: storage keys %s; probe %s", e.eval(`Object.keys(localStorage).join(" ")`), e.eval(`(() => { try { localStorage.setItem("probe", "x".repeat(100000)); localStorage.removeItem("probe"); return "ok" } catch (e) { return String(e) } })()`))
	}
	if !strings.Contains(e.saved(), "much longer name") {
		t.Errorf("the retry did not save what was typed (field %q): %s", e.value("quotes-quotes-0-vendor"), e.saved())
	}
}

// TestTabsInStep: a quote typed in one tab shows in the other tab of the
// same browser at once, with a notice naming the page that changed; the
// other tab's next save then keeps it instead of writing over it.
func TestTabsInStep(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("tab A", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"),
		chromedp.Click(chromedp.ID("quotes-add-quotes")), chromedp.WaitVisible(chromedp.ID("quotes-quotes-0-gpu_per_card")),
		TypeInto("quotes-quotes-0-gpu_per_card", "9000"))
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes("9000")`)

	b, cancel := chromedp.NewContext(e.tab) // same browser context: the same storage
	defer cancel()
	bctx, bcancel := context.WithTimeout(b, testTimeout)
	defer bcancel()
	if err := chromedp.Do(bctx, chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"),
		chromedp.WaitVisible(chromedp.ID("quotes-quotes-0-gpu_per_card"))); err != nil {
		t.Fatalf("tab B: %v", err)
	}
	e.do("tab A types a vendor", TypeInto("quotes-quotes-0-vendor", "Alpha Cloud"))
	if err := chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("tab-synced"))); err != nil {
		t.Fatalf("tab B shows no notice: %v", err)
	}
	got, err := chromedp.Run(bctx, chromedp.Evaluate[string](`document.getElementById("tab-synced").textContent + "|" + document.getElementById("quotes-quotes-0-vendor").value`))
	if err != nil || !strings.Contains(got, "another tab") || !strings.Contains(got, "|Alpha Cloud") {
		t.Errorf("tab B: %q %v", got, err)
	}
	// Tab B adds a quote: the saved state keeps tab A's vendor.
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.ID("quotes-add-quotes")),
		chromedp.WaitVisible(chromedp.ID("quotes-quotes-1-gpu_per_card")), TypeInto("quotes-quotes-1-gpu_per_card", "8000")); err != nil {
		t.Fatal(err)
	}
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes("8000")`)
	if s := e.saved(); !strings.Contains(s, "Alpha Cloud") {
		t.Error("tab B's save wrote over tab A's vendor")
	}
}
