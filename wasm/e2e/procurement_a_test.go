//go:build !js

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/shared/vendors"
	"github.com/shopspring/decimal"
)

// Browser tests of the first procurement pages: /quotes,
// /vendors, /contract, the journey nav, the share link and the embeds.
// Every verdict the page shows is checked against the shared function
// gpuverify plan runs on the same plan file.

// goldenProc is shared/plan's golden procurement plan: its path (the
// browser needs a full one) and the file decoded.
func goldenProc(t *testing.T) (string, *plan.Plan) {
	t.Helper()
	path, err := filepath.Abs("../../shared/plan/testdata/procurement.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return path, p
}

// verdicts are what gpuverify plan computes from a plan file's sections:
// the cheapest quote and the spread, the first vendor, the contract grade.
type verdicts struct {
	cheapest, spread, top, level string
}

// fileVerdicts computes the verdicts of p's procurement sections with the
// shared functions (quote.Compare, vendors.Rank, contract.Check).
func fileVerdicts(t *testing.T, p *plan.Plan) verdicts {
	t.Helper()
	s := p.Requirements.Procurement
	var v verdicts
	if s.Quotes != nil {
		q, err := quote.Compare(*s.Quotes)
		if err != nil {
			t.Fatal(err)
		}
		v.cheapest = q.Quotes[0].Vendor
		if q.Spread != nil {
			v.spread = msg.En.Percent(*q.Spread) // the one percentage format of both faces
		}
	}
	if s.Vendors != nil {
		r, err := vendors.Rank(*s.Vendors)
		if err != nil {
			t.Fatal(err)
		}
		if r.Vendors[0].Rank == 1 {
			v.top = r.Vendors[0].Name
		}
	}
	if s.Contract != nil {
		c, err := contract.Check(*s.Contract)
		if err != nil {
			t.Fatal(err)
		}
		v.level = string(c.Level())
	}
	return v
}

// attr reads an attribute of the element with the given id ("" if none).
func (e *env) attr(id, name string) string {
	e.t.Helper()
	return e.eval(fmt.Sprintf(`(document.getElementById(%q)||{getAttribute(){return ""}}).getAttribute(%q) || ""`, id, name))
}

// importGolden imports the golden procurement plan on the planner of a
// fresh browser and keeps it.
func (e *env) importGolden(path string) {
	e.t.Helper()
	e.do("import", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"),
		chromedp.SetUploadFiles(`#import-file`, []string{path}), chromedp.WaitVisible(chromedp.ID("procurement-note")))
	e.waitFor(`document.getElementById("replace-keep-new") ? (document.getElementById("replace-keep-new").click(), false) : localStorage.getItem("gpuplan.state").includes('"procurement"')`)
}

// said fails the test when the element id does not contain text.
func (e *env) said(lang, id, text string) {
	e.t.Helper()
	if got := e.eval(fmt.Sprintf(`document.getElementById(%q).textContent`, id)); !strings.Contains(got, text) {
		e.t.Errorf("%s: #%s does not say %q: %.200s", lang, id, text, got)
	}
}

// TestProcurementVerdicts: a plan file's sections, imported, show on
// /quotes, /vendors and /contract with the verdicts gpuverify plan
// computes from the same file, in English and in Chinese; the journey
// marks the stages done.
func TestProcurementVerdicts(t *testing.T) {
	e := setup(t, siteDir, "")
	path, p := goldenProc(t)
	want := fileVerdicts(t, p)
	e.importGolden(path)
	// One computed sentence per page, in the page's language.
	said := map[string][3]string{
		"en": {"Bundled quote: ask", "The SLA pays in vouchers", "Not named: memory per card"},
		"zh": {"打包报价：", "SLA 以代金券赔偿", "未写明：每卡显存"},
	}
	for _, l := range []struct{ lang, quotes, contract string }{{"en", "Compare quotes", "Review the contract"}, {"zh", "比较报价", "审合同"}} {
		e.do("quotes "+l.lang, chromedp.Navigate(e.base+"/quotes?lang="+l.lang), WaitWasm("quotes"))
		if h := e.eval(`document.querySelector("main h1").textContent`); h != l.quotes {
			t.Errorf("%s: h1 %q", l.lang, h)
		}
		if got := e.attr("quotes-result", "data-cheapest"); got != want.cheapest {
			t.Errorf("%s: cheapest %q, gpuverify plan says %q", l.lang, got, want.cheapest)
		}
		if got := e.attr("quotes-result", "data-spread"); got != want.spread {
			t.Errorf("%s: spread %q, gpuverify plan says %q", l.lang, got, want.spread)
		}
		if n := e.eval(`String(document.querySelectorAll("#quotes-chart rect.seg").length > 0)`); n != "true" {
			t.Errorf("%s: the quotes chart has no bars", l.lang)
		}
		e.said(l.lang, "quotes-flags", said[l.lang][0])
		e.do("vendors "+l.lang, chromedp.Navigate(e.base+"/vendors?lang="+l.lang), WaitWasm("vendors"))
		e.said(l.lang, "vendors-table", said[l.lang][1])
		if got := e.attr("vendors-result", "data-top"); got != want.top {
			t.Errorf("%s: first vendor %q, gpuverify plan says %q", l.lang, got, want.top)
		}
		e.do("contract "+l.lang, chromedp.Navigate(e.base+"/contract?lang="+l.lang), WaitWasm("contract"))
		if h := e.eval(`document.querySelector("main h1").textContent`); h != l.contract {
			t.Errorf("%s: h1 %q", l.lang, h)
		}
		if got := e.attr("contract-result", "data-level"); got != want.level {
			t.Errorf("%s: contract grade %q, gpuverify plan says %q", l.lang, got, want.level)
		}
		e.said(l.lang, "contract-clauses", said[l.lang][2])
		if n := e.eval(`String(document.querySelectorAll("#exit-chart polyline").length)`); n != "2" {
			t.Errorf("%s: the exit chart has %s lines, want the contract and the cap", l.lang, n)
		}
	}
	for id, stage := range map[string]string{"quotes": "done", "vendors": "done", "contract": "done", "planner": "done"} {
		if got := e.eval(fmt.Sprintf(`document.getElementById("nav-%s").parentElement.dataset.stage`, id)); got != stage {
			t.Errorf("journey: %s is %q, want %q", id, got, stage)
		}
	}
	order := e.eval(`[...document.querySelectorAll(".journey a")].map(a => a.id.slice(4)).join(" ")`)
	if order != "planner quotes vendors contract poc acceptance operations renewal checklists" {
		t.Errorf("journey order %q", order)
	}
}

// TestQuotesEditing: quotes typed on /quotes compare at once; a refused
// field is named at the field with its range while the rest keeps
// working, survives a reload as typed, and the fixed sections go through
// export and import unchanged with the same verdict.
func TestQuotesEditing(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"))
	if got := e.attr("quotes-result", "data-state"); got != "empty" {
		t.Errorf("fresh page: result %q", got)
	}
	for i, price := range []string{"9000", "8000", "12000"} {
		e.do(fmt.Sprintf("quote %d", i), chromedp.Click(chromedp.ID("quotes-add-quotes")),
			chromedp.WaitVisible(chromedp.ID(fmt.Sprintf("quotes-quotes-%d-gpu_per_card", i))),
			TypeInto(fmt.Sprintf("quotes-quotes-%d-gpu_per_card", i), price))
	}
	if _, err := chromedp.Run(e.ctx, chromedp.Poll[bool](`document.getElementById("quotes-result").dataset.cheapest === "Vendor B"`,
		chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("no verdict: %s / %s", e.eval(`document.getElementById("quotes-result").textContent`),
			e.eval(`(document.getElementById("quotes-section-error")||{}).textContent||""`))
	}
	if got := e.attr("quotes-result", "data-spread"); got == "" {
		t.Error("no spread with three quotes")
	}
	if v := e.eval(`document.getElementById("quotes-need-cards").value`); v != "2" {
		t.Errorf("the need's cards %q, want the plan's 2", v)
	}
	if got := e.eval(`document.getElementById("nav-quotes").parentElement.dataset.stage`); got != "done" {
		t.Errorf("journey: quotes %q with three quotes", got)
	}

	// A refused field: named at the field, the verdict still shown.
	e.do("bad cards", TypeInto("quotes-need-cards", "0"), Leave("quotes-need-cards"),
		chromedp.WaitVisible(chromedp.ID("quotes-need-cards-error")))
	if msg := e.text("quotes-need-cards-error"); !strings.Contains(msg, "[1, 10000]") {
		t.Errorf("field error %q lacks the range", msg)
	}
	if msg := e.text("quotes-section-error"); !strings.Contains(msg, "Cards") {
		t.Errorf("section error %q does not name the field", msg)
	}
	if got := e.attr("quotes-result", "data-cheapest"); got != "Vendor B" {
		t.Errorf("with a refused field the verdict went: %q", got)
	}
	e.do("reload", chromedp.Reload(), WaitWasm("quotes"), chromedp.WaitVisible(chromedp.ID("quotes-need-cards-error")))
	if v := e.eval(`document.getElementById("quotes-need-cards").value`); v != "0" {
		t.Errorf("after a reload the typed text is %q, want 0", v)
	}
	e.do("fix", TypeInto("quotes-need-cards", "8"), chromedp.WaitNotPresent(chromedp.ID("quotes-section-error")))

	// Export on the planner, import in a fresh browser: the same verdict.
	e.do("planner", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	file := exportPlan(t, e.ctx)
	p, err := plan.Decode(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	want := fileVerdicts(t, p)
	if p.Requirements.Procurement.Quotes.Need.Cards != 8 || want.cheapest != "Vendor B" {
		t.Errorf("exported quotes: %d cards, cheapest %q", p.Requirements.Procurement.Quotes.Need.Cards, want.cheapest)
	}
	path := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	e.do("fresh start", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	e.importGolden(path)
	if again := exportPlan(t, e.ctx); !bytes.Equal(again, file) {
		t.Error("the re-exported plan differs from the imported one")
	}
	e.do("quotes again", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"))
	if got := e.attr("quotes-result", "data-cheapest"); got != want.cheapest {
		t.Errorf("after import: cheapest %q, want %q", got, want.cheapest)
	}
	if got := e.attr("quotes-result", "data-spread"); got != want.spread {
		t.Errorf("after import: spread %q, want %q", got, want.spread)
	}

	// The share link carries the sections to a fresh browser.
	link := e.eval(`document.getElementById("share-sections").href`)
	if !strings.Contains(link, "#p=") {
		t.Fatalf("share link %s has no sections", link)
	}
	other, cancel, err := NewTab(browserCtx)
	if err != nil {
		t.Fatal(err)
	}
	defer cancel()
	octx, ocancel := context.WithTimeout(other, testTimeout)
	defer ocancel()
	err = chromedp.Do(octx, chromedp.Navigate(link), WaitWasm("quotes"))
	got, err2 := chromedp.Run(octx, chromedp.Evaluate[string](`document.getElementById("quotes-result").dataset.cheapest`))
	if err != nil || err2 != nil || got != want.cheapest {
		t.Errorf("the share link shows %q (%v), want %q", got, err, want.cheapest)
	}
}

// TestContractAndVendorsEditing: the contract's preset and custom tiers,
// and a vendor failing a hard filter, computed on the page as
// contract.Check and vendors.Rank do.
func TestContractAndVendorsEditing(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("contract", chromedp.Navigate(e.base+"/contract?lang=en"), WaitWasm("contract"),
		TypeInto("contract-availability_pct", "99.9"), TypeInto("contract-monthly_fee", "55000"),
		TypeInto("contract-term_months", "12"), SelectValue("contract-credits-preset", "articles"),
		SelectValue("contract-compensation", "money"))
	e.waitFor(`document.getElementById("contract-result").dataset.state === "ok"`)
	in := contract.Input{AvailabilityPct: decimal.RequireFromString("99.9"), MonthlyFee: decimal.RequireFromString("55000"), TermMonths: 12,
		Credits: contract.Credits{Preset: contract.PresetArticles}, Compensation: contract.CompMoney}
	want, err := contract.Check(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.attr("contract-result", "data-level"); got != string(want.Level()) {
		t.Errorf("grade %q, contract.Check says %q", got, want.Level())
	}
	if got := e.attr("contract-outage", "data-credit"); got != want.Outage.Credit.Amount.StringFixed(2) {
		t.Errorf("48-hour credit %q, contract.Check says %s", got, want.Outage.Credit.Amount.StringFixed(2))
	}
	e.do("custom tiers", SelectValue("contract-credits-preset", "custom"),
		chromedp.Click(chromedp.ID("contract-add-credits-tiers")),
		chromedp.WaitVisible(chromedp.ID("contract-credits-tiers-0-below_pct")),
		TypeInto("contract-credits-tiers-0-credit_pct", "2000"), Leave("contract-credits-tiers-0-credit_pct"),
		chromedp.WaitVisible(chromedp.ID("contract-credits-tiers-0-credit_pct-error")))
	e.do("fix tier", TypeInto("contract-credits-tiers-0-credit_pct", "25"),
		chromedp.WaitNotPresent(chromedp.ID("contract-section-error")))

	e.do("vendors", chromedp.Navigate(e.base+"/vendors?lang=zh"), WaitWasm("vendors"),
		chromedp.Click(chromedp.ID("vendors-add-vendors")), chromedp.WaitVisible(chromedp.ID("vendors-vendors-0-name")),
		chromedp.Click(chromedp.ID("vendors-add-vendors")), chromedp.WaitVisible(chromedp.ID("vendors-vendors-1-name")),
		SelectValue("vendors-vendors-1-vat_special_invoice", "false"),
		TypeInto("vendors-vendors-0-scores-sla", "5"))
	e.waitFor(`document.getElementById("vendors-result").dataset.state === "ok"`)
	if got := e.text("vendors-table"); !strings.Contains(got, "淘汰") {
		t.Errorf("the vendor without a VAT special invoice is not excluded: %q", got)
	}
	if got := e.attr("vendors-split", "data-in-range"); got != "false" {
		t.Errorf("2 cards split in range? %q", got)
	}
}

// TestProcurementEmbeds: /embed?view=quotes and view=contract in a
// cross-origin iframe show the verdict of the link's figures, post their
// height, open the planner in a new tab with the figures, and every link
// inside opens a new tab.
func TestProcurementEmbeds(t *testing.T) {
	e := setup(t, siteDir, "")
	path, p := goldenProc(t)
	want := fileVerdicts(t, p)
	e.importGolden(path)
	e.do("quotes", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"))
	link := e.eval(`document.getElementById("share-sections").href`)
	_, frag, _ := strings.Cut(link, "#")
	for _, view := range []string{"quotes", "contract", "plan"} {
		src := e.base + "/embed?lang=en&view=" + view + "#" + frag
		if view == "plan" {
			src = e.base + "/embed?lang=en&view=plan&hours_per_day=12"
		}
		host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, hostPage, src)
		}))
		defer host.Close()
		hostURL := strings.Replace(host.URL, "127.0.0.1", "localhost", 1)
		e.origin = append(e.origin, hostURL)
		e.do("host "+view, chromedp.Navigate(hostURL+"/"))
		if _, err := chromedp.Run(e.ctx, chromedp.Poll[bool](`window.gpuplanMessages.some(m => m.type === "height" && m.height > 100)`,
			chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatalf("%s: the embed never posted its height: %v", view, err)
		}
		frame := e.iframeTab(e.base + "/embed")
		fctx, cancel := context.WithTimeout(frame, testTimeout)
		defer cancel()
		check := func(js string) string {
			err := chromedp.Do(fctx, WaitWasm("embed"))
			s, err2 := chromedp.Run(fctx, chromedp.Evaluate[string](js))
			if err != nil || err2 != nil {
				t.Fatalf("%s: %s: %v %v", view, js, err, err2)
			}
			return s
		}
		if view == "plan" {
			// The planner's own links get target=_blank when clicked.
			got := check(`(() => { const a = document.querySelector("main a.rule-ref"); a.click(); return a.target + " " + location.pathname })()`)
			if !strings.HasPrefix(got, "_blank ") || !strings.HasSuffix(got, "/embed") {
				t.Errorf("embed plan: a clicked rule link %q", got)
			}
			if got := check(`document.getElementById("hours_per_day").value`); got != "12" {
				t.Errorf("embed plan: hours from the link %q", got)
			}
			continue
		}
		if view == "quotes" {
			if got := check(`document.getElementById("quotes-result").dataset.cheapest`); got != want.cheapest {
				t.Errorf("embed quotes: cheapest %q, want %q", got, want.cheapest)
			}
		} else if got := check(`document.getElementById("contract-result").dataset.level`); got != want.level {
			t.Errorf("embed contract: grade %q, want %q", got, want.level)
		}
		open := check(`(a => a.target + " " + a.rel + " " + a.href)(document.getElementById("open-full"))`)
		if !strings.HasPrefix(open, "_blank noopener ") || !strings.Contains(open, "/"+view+"?") || !strings.Contains(open, "#p=") {
			t.Errorf("embed %s: open link %q", view, open)
		}
		if bad := check(`[...document.querySelectorAll("main a[href]")].filter(a => a.target !== "_blank").map(a => a.href).join(" ")`); bad != "" {
			t.Errorf("embed %s: links that open inside the frame: %s", view, bad)
		}
		if s := check(`localStorage.getItem("gpuplan.state") || ""`); s != "" {
			t.Errorf("embed %s wrote the reader's storage: %.80s", view, s)
		}
	}
}

// TestProcurementSubPath: under a sub-path the journey links, the share
// link and the embed's open link keep the prefix, and the share link
// opens the same comparison.
func TestProcurementSubPath(t *testing.T) {
	if prefixedDir == "" {
		t.Skip("GPUPLAN_SITE_PREFIXED is not set")
	}
	e := setup(t, prefixedDir, prefix)
	path, p := goldenProc(t)
	want := fileVerdicts(t, p)
	e.importGolden(path)
	e.do("quotes", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"))
	bad := e.eval(`[...document.querySelectorAll(".journey a, #share-sections")].map(a => new URL(a.href).pathname).filter(p => !p.startsWith(` + jsString(prefix+"/") + `) && p !== ` + jsString(prefix) + `).join(" ")`)
	if bad != "" {
		t.Errorf("links outside %s: %s", prefix, bad)
	}
	link := e.eval(`document.getElementById("share-sections").href`)
	e.do("share link", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate("about:blank"),
		chromedp.Navigate(link), WaitWasm("quotes"))
	if got := e.attr("quotes-result", "data-cheapest"); got != want.cheapest {
		t.Errorf("the share link under %s shows %q, want %q", prefix, got, want.cheapest)
	}
}
