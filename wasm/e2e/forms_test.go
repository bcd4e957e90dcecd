//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Forms that hold every keystroke: one refused field holds back only its
// own item, clearing a field never removes its row, and a field shows its
// error once it is left, never before.

// noFieldErrors is a script true when the page shows no field or section
// error.
const noFieldErrors = `document.querySelectorAll(".field-error, .section-error").length === 0`

// TestQuotesOneBadField: quote 2 with a bundled price and a priced extra
// is refused (rule C1), and quotes 1 and 3 still compute: a cheaper price
// typed in quote 3 changes the verdict, the note names quote 2 and why,
// and emptying quote 3's vendor with Backspace keeps the quote.
func TestQuotesOneBadField(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"))
	for i, price := range []string{"9000", "8000", "12000"} {
		id := fmt.Sprintf("quotes-quotes-%d-gpu_per_card", i)
		e.do(fmt.Sprintf("quote %d", i+1), chromedp.Click(chromedp.ID("quotes-add-quotes")), chromedp.WaitVisible(chromedp.ID(id)))
		if i == 0 {
			// Right after "add quote", before any typing: no error.
			e.waitFor(`document.getElementById("quote-0")`)
			if got := e.eval(`String(document.querySelectorAll(".field-error, .section-error").length)`); got != "0" {
				t.Errorf("a fresh quote shows %s errors", got)
			}
		}
		e.do("price", TypeInto(id, price), Leave(id))
	}
	e.waitFor(`document.getElementById("quotes-result").dataset.cheapest === "Vendor B"`)

	// Quote 2: a bundled price with a priced extra.
	e.do("bundle quote 2", PasteInto("quotes-quotes-1-gpu_per_card", ""), Leave("quotes-quotes-1-gpu_per_card"),
		TypeInto("quotes-quotes-1-egress-unit_price", "0.6"), Leave("quotes-quotes-1-egress-unit_price"),
		TypeInto("quotes-quotes-1-bundled", "70000"), Leave("quotes-quotes-1-bundled"),
		chromedp.WaitVisible(chromedp.ID("quotes-quotes-1-bundled-error")))
	e.waitFor(`document.getElementById("quotes-result").dataset.cheapest === "Vendor A"`)
	e.waitContains("quotes-left-out", "Quote 2 (Vendor B)")
	if got := e.text("quotes-left-out"); !strings.Contains(strings.ToLower(got), "bundled") {
		t.Errorf("the note does not say why quote 2 is left out: %q", got)
	}
	if got := e.text("quotes-section-error"); !strings.Contains(got, "Only this item is left out") {
		t.Errorf("section error %q", got)
	}
	// Quote 3 still counts: cheaper now, it becomes the verdict.
	e.do("quote 3 cheaper", TypeInto("quotes-quotes-2-gpu_per_card", "7000"), Leave("quotes-quotes-2-gpu_per_card"))
	e.waitFor(`document.getElementById("quotes-result").dataset.cheapest === "Vendor C"`)
	e.do("support on quote 3", TypeInto("quotes-quotes-2-support_monthly", "1200"), Leave("quotes-quotes-2-support_monthly"))
	e.waitContains("quotes-table", "Vendor C")
	if got := e.eval(`document.getElementById("quotes-flags").textContent`); strings.Contains(got, "Vendor C") && strings.Contains(strings.ToLower(got), "support") && strings.Contains(got, "missing") {
		t.Errorf("quote 3's typed support fee is flagged missing: %q", got)
	}

	// Backspace through quote 3's vendor: the quote stays.
	e.do("backspace vendor", chromedp.Click(chromedp.ID("quotes-quotes-2-vendor")),
		chromedp.SendKeys(chromedp.ID("quotes-quotes-2-vendor"), strings.Repeat(kb.End, 1)+strings.Repeat(kb.Backspace, 12)))
	e.waitFor(`document.getElementById("quotes-quotes-2-vendor") && document.getElementById("quotes-quotes-2-vendor").value === ""`)
	if got := e.eval(`String(document.querySelectorAll("fieldset.prow").length)`); got != "3" {
		t.Errorf("after emptying a vendor %s quotes are left, want 3", got)
	}
	// Only its remove button removes a quote.
	e.do("remove quote 2", chromedp.Click(chromedp.ID("quotes-remove-1")))
	e.waitFor(`document.querySelectorAll("fieldset.prow").length === 2`)
}

// TestUntouchedFieldsQuiet: /contract and /renewal opened fresh show no
// error for a field nobody touched; a refused value shows once the field
// is left, not while it is typed.
func TestUntouchedFieldsQuiet(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("contract", chromedp.Navigate(e.base+"/contract?lang=en"), WaitWasm("contract"),
		TypeInto("contract-monthly_fee", "55000"), Leave("contract-monthly_fee"))
	if got := e.eval(`String(document.querySelectorAll(".field-error, .section-error").length)`); got != "0" {
		t.Errorf("/contract shows %s errors for fields nobody touched: %s", got,
			e.eval(`Array.from(document.querySelectorAll(".field-error, .section-error")).map(x => x.id).join(" ")`))
	}
	e.do("bad availability", TypeInto("contract-availability_pct", "101"))
	if got := e.eval(`String(Boolean(document.getElementById("contract-availability_pct-error")))`); got != "false" {
		t.Error("the error shows while the field is typed in")
	}
	e.do("leave", Leave("contract-availability_pct"), chromedp.WaitVisible(chromedp.ID("contract-availability_pct-error")))

	e.do("renewal", chromedp.Navigate(e.base+"/renewal?lang=en"), WaitWasm("renewal"),
		TypeInto("exit-vendor", "Vendor A"), Leave("exit-vendor"))
	e.waitFor(noFieldErrors)
	e.do("add holiday", chromedp.Click(chromedp.ID("exit-add-holidays")), chromedp.WaitVisible(chromedp.ID("exit-holidays-0")))
	e.waitFor(noFieldErrors)
}

// TestFieldErrorsInChinese: on a Chinese page a refused field says why in
// Chinese, whether the form refuses the text or the plan refuses the value
// (a range of rule B1, a bundled price with priced extras of rule C1).
func TestFieldErrorsInChinese(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=zh"), WaitWasm("planner"))
	for _, typed := range []string{"abc", "25"} {
		e.do("type "+typed, TypeInto("hours_per_day", typed), Leave("hours_per_day"))
		e.waitContains("hours_per_day-error", typed)
		got := e.text("hours_per_day-error")
		if bad := englishSentence(got); len(bad) > 0 || !strings.Contains(got, "24") {
			t.Errorf("hours_per_day = %s: the error reads %q (English: %q)", typed, got, bad)
		}
	}

	e.do("quotes", chromedp.Navigate(e.base+"/quotes?lang=zh"), WaitWasm("quotes"))
	e.do("add a quote", chromedp.Click(chromedp.ID("quotes-add-quotes")), chromedp.WaitVisible(chromedp.ID("quotes-quotes-0-bundled")))
	e.do("bundle with a priced extra",
		TypeInto("quotes-quotes-0-egress-unit_price", "0.6"), Leave("quotes-quotes-0-egress-unit_price"),
		TypeInto("quotes-quotes-0-bundled", "70000"), Leave("quotes-quotes-0-bundled"),
		chromedp.WaitVisible(chromedp.ID("quotes-quotes-0-bundled-error")))
	got := e.text("quotes-quotes-0-bundled-error")
	if bad := englishSentence(got); len(bad) > 0 {
		t.Errorf("the bundled price's error reads %q (English: %q)", got, bad)
	}
}
