//go:build !js

package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestPlannerRenders: the wasm app takes over the prerendered page and
// shows the plan of the default sheet.
func TestPlannerRenders(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.WaitNotPresent(chromedp.ID("app-wasm-loader")))
	if got := e.eval(`document.querySelector("main h1").textContent`); got != "GPU rental planner" {
		t.Errorf("h1 = %q", got)
	}
	e.waitText("gpu-pick", defaultPick)
	e.waitText("monthly-cost", defaultCost)
	e.waitText("billing-mode", "Pay by the hour")
	if got := e.eval(`String([...document.querySelectorAll("fieldset")].some(f => f.disabled))`); got != "false" {
		t.Errorf("form still disabled after the wasm render")
	}
	if n := e.eval(`String(document.querySelectorAll("#memory-chart rect.seg").length)`); n == "0" {
		t.Error("the memory chart has no segments")
	}
	// The print-only parts follow once the first render is on screen
	// (printparts.go): the date line and a row for each answered field.
	e.waitFor(`document.querySelectorAll("#sheet-summary tbody tr").length > 10`)
	if got := e.text("print-line"); !strings.Contains(got, "gpuplan") || !strings.Contains(got, "/?") {
		t.Errorf("print line = %q, want the date and the plan's link", got)
	}
	// Folded parts are built when opened.
	if got := e.eval(`String(!!document.getElementById("alt-table-rest"))`); got != "false" {
		t.Error("the folded alternatives are built while closed")
	}
	e.do("open the other cards", chromedp.Click(chromedp.CSS("details.more-alts summary")))
	e.waitFor(`document.querySelectorAll("#alt-table-rest tbody tr").length > 0`)
}

// TestSheetChangesPlan: choosing another model and typing into the sheet
// change the plan live; bad values are named in place with the field, the
// range and the rule, and the plan comes back once they are fixed.
func TestSheetChangesPlan(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)
	e.do("qwen2.5-7b", SelectValue("model-preset", "qwen2.5-7b"))
	e.waitText("gpu-pick", "1 × NVIDIA H20 96GB")
	// The address bar follows a moment after the edit (saveEdit).
	e.waitFor(`location.search.includes("model.preset=qwen2.5-7b")`)
	e.do("pretrain", SelectValue("model-preset", "llama-3.1-70b"), SelectValue("workload", "pretrain"))
	e.waitText("gpu-pick", "24 × NVIDIA H100 80GB SXM5")

	e.do("type abc", TypeInto("hours_per_day", "abc"))
	e.waitContains("hours_per_day-error", `"abc"`)
	msg := e.text("hours_per_day-error")
	for _, want := range []string{"Hours of use per day", `"abc"`, "0–24", "rule B1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error message %q lacks %q", msg, want)
		}
	}
	if got := e.eval(`document.getElementById("hours_per_day").getAttribute("aria-invalid")`); got != "true" {
		t.Errorf("aria-invalid = %q", got)
	}
	e.do("type 25", TypeInto("hours_per_day", "25"))
	e.waitText("hours_per_day-error", "Hours of use per day: must be between 0 and 24 (rule B1), got 25")
	e.waitFor(`document.getElementById("result-pending")`)
	e.do("type 6", TypeInto("hours_per_day", "6"))
	e.waitText("gpu-pick", "24 × NVIDIA H100 80GB SXM5")
	e.waitFor(`!document.getElementById("hours_per_day-error")`)
}

// TestLanguage: the browser language picks Chinese, the switch moves to
// English and the choice stays in the URL and across a bare reload;
// amounts follow the language (万 in Chinese).
func TestLanguage(t *testing.T) {
	e := setup(t, siteDir, "")
	ua := e.eval(`navigator.userAgent`)
	setLang := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride,
			emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "zh-CN"})
		return err
	})
	e.do("load in zh-CN", setLang, chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	if got := e.eval(`navigator.language`); got != "zh-CN" {
		t.Fatalf("navigator.language = %q: the override did not apply", got)
	}
	e.waitText("billing-mode", "按小时计费")
	e.waitText("monthly-cost", "1.98万–2.4万元")
	if got := e.eval(`document.documentElement.lang`); got != "zh-CN" {
		t.Errorf("<html lang> = %q", got)
	}
	e.do("switch", chromedp.Click(chromedp.ID("lang-switch")))
	e.waitText("billing-mode", "Pay by the hour")
	e.waitText("monthly-cost", defaultCost)
	if got := e.eval(`document.documentElement.lang`); got != "en" {
		t.Errorf("<html lang> after switch = %q", got)
	}
	if q := e.eval(`location.search`); !strings.Contains(q, "lang=en") {
		t.Errorf("URL after switch = %q, want lang=en", q)
	}
	e.do("about", chromedp.Click(chromedp.ID("nav-about")), WaitWasm("about"))
	if got := e.eval(`document.querySelector("main h1").textContent`); got != "About gpuplan" {
		t.Errorf("about h1 = %q", got)
	}
	e.do("bare reload", chromedp.Navigate(e.base+"/"), WaitWasm("planner"))
	e.waitText("billing-mode", "Pay by the hour") // English kept by localStorage over the browser's zh-CN
}

// TestCostAndRentBuild: the full-cost page takes the user's own amount and
// the total follows it; the rent-or-build page draws the three curves with
// the break-even month.
func TestCostAndRentBuild(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("cost", chromedp.Navigate(e.base+"/cost?lang=en"), WaitWasm("cost"))
	e.waitText("monthly-cost", defaultCost)
	e.do("own rent", TypeInto("cost-items-gpu_rent", "12000"))
	// rule C1: 12,000 rent + the reference fees (4,723.33–8,833.33).
	e.waitText("monthly-cost", "¥16,723–20,833")
	// A quote of 8,000 a month and 20 an hour is the H20's only price: the
	// package is cheaper than 20 × 24 h × 30 days and prices the rent.
	e.do("quote", PasteInto("cost-items-gpu_rent", ""), TypeInto("cost-prices-h20-96g-monthly", "8000"),
		TypeInto("cost-prices-h20-96g-hourly", "20"))
	e.waitText("monthly-cost", "¥20,723–24,833")
	if n := e.eval(`String(document.querySelectorAll("#cost-chart rect.seg").length)`); n == "0" {
		t.Error("no cost chart")
	}

	// Two H20s quoted at 15,000 a month (30 an hour) cost more to rent
	// than to run once bought, so building breaks even.
	e.do("rent or build", chromedp.Navigate(e.base+"/rentbuild?lang=en&project_months=36&ops_team=true"+
		"&cost.prices.h20-96g.monthly=15000&cost.prices.h20-96g.hourly=30"), WaitWasm("rentbuild"))
	e.waitFor(`document.querySelectorAll("#rb-chart polyline").length === 3`)
	month := e.eval(`document.getElementById("break-even").getAttribute("data-month") || ""`)
	if month == "" {
		t.Fatal("no break-even month")
	}
	if got := e.eval(`[...document.querySelectorAll("#rb-chart text")].some(t => t.textContent === "break-even") ? "yes" : "no"`); got != "yes" {
		t.Error("break-even not marked on the chart")
	}
	e.do("own PUE", TypeInto("cost-self_build-pue", "1.2"))
	e.waitFor(`(document.getElementById("self-monthly")||{}).textContent !== undefined`)
	if rows := e.eval(`String(document.querySelectorAll("#d1-table tbody tr").length)`); rows != "5" {
		t.Errorf("D1 table has %s rows, want 5", rows)
	}
}
