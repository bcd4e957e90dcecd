//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The buyer's own price list (/prices): pasted CSV is read row by row, a
// refused cell holds back the whole list and is shown at its line, the text
// survives a reload either way, the plan takes the buyer's cheaper offer,
// and the list drops in one click.

const goodList = "provider,card,unit,term,price,date,source\n" +
	"星河算力,h20-96g,card,month,5000,2026-11-20,quote SH-2026-118\n"

// TestPriceListUsed: a list that reads is used: 2 × H20 at 5,000 a month
// from the buyer's provider beat AutoDL's 10.50 an hour (15,120 a month).
func TestPriceListUsed(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("paste a list", chromedp.Navigate(e.base+"/prices?lang=en"), WaitWasm("prices"), PasteInto("price-list-csv", goodList))
	e.waitFor(`document.getElementById("price-list-state").dataset.state === "used"`)
	e.waitFor(`document.getElementById("offer-used") && document.getElementById("offer-used").dataset.provider === "星河算力"`)
	if got := e.text("price-list-state"); !strings.Contains(got, "1 offer from 1 provider") {
		t.Errorf("state %q", got)
	}
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes("星河算力")`)

	e.do("reload", chromedp.Reload(), WaitWasm("prices"))
	if v := e.value("price-list-csv"); v != goodList {
		t.Errorf("after a reload the list reads %q", v)
	}
	e.do("the planner", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)
	e.waitFor(`document.querySelector(".kpis").textContent.includes("星河算力")`)

	e.do("drop it", chromedp.Navigate(e.base+"/prices?lang=en"), WaitWasm("prices"), chromedp.Click(chromedp.ID("price-list-drop")))
	e.waitFor(`document.getElementById("price-list-state").dataset.state === "none"`)
	e.waitFor(`!(localStorage.getItem("gpuplan.state")||"").includes("星河算力")`)
	e.waitFor(`document.getElementById("offer-used").dataset.provider === "autodl"`)
}

// TestPriceListRefusedRow: one bad cell refuses the list whole (the plan
// stays on the built-in book), names its line and column in the page's
// language, and the text typed is kept across a reload.
func TestPriceListRefusedRow(t *testing.T) {
	e := setup(t, siteDir, "")
	bad := goodList + "x,h20-96g,card,month,abc,2026-11-20,q\n"
	e.do("paste a list with a bad price", chromedp.Navigate(e.base+"/prices?lang=zh"), WaitWasm("prices"), PasteInto("price-list-csv", bad))
	e.waitFor(`document.getElementById("price-list-state").dataset.state === "refused"`)
	e.waitFor(`document.querySelector('#price-list-errors li[data-line="3"][data-column="price"]') !== null`)
	if got := e.text("price-list-errors"); !strings.Contains(got, "第 3 行") || !strings.Contains(got, "大于 0") {
		t.Errorf("errors %q: want line 3 and the allowed values in Chinese", got)
	}
	e.waitFor(`document.getElementById("offer-used").dataset.provider === "autodl"`)
	e.waitFor(`(localStorage.getItem("gpuplan.state")||"").includes("abc")`)
	e.do("reload", chromedp.Reload(), WaitWasm("prices"))
	if v := e.value("price-list-csv"); v != bad {
		t.Errorf("after a reload the list reads %q", v)
	}
}

// TestPriceListUpload: a CSV file chosen with the upload button fills the
// list as a paste does, and the plan file exported carries it.
func TestPriceListUpload(t *testing.T) {
	e := setup(t, siteDir, "")
	path := filepath.Join(t.TempDir(), "mine.csv")
	if err := os.WriteFile(path, []byte(goodList), 0o644); err != nil {
		t.Fatal(err)
	}
	e.do("upload", chromedp.Navigate(e.base+"/prices?lang=en"), WaitWasm("prices"),
		chromedp.SetUploadFiles(`#price-list-file`, []string{path}))
	e.waitFor(`document.getElementById("price-list-state").dataset.state === "used"`)
	if v := e.value("price-list-csv"); v != goodList {
		t.Errorf("the text box reads %q after the upload", v)
	}
	e.do("the planner", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)
	if file := exportPlan(t, e.ctx); !strings.Contains(string(file), `"price_list"`) || !strings.Contains(string(file), "星河算力") {
		t.Errorf("the exported plan does not carry the list:\n%.400s", file)
	}
}
