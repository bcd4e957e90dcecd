//go:build !js

package e2e

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Every page walked with data loaded (the golden procurement plan, and an
// nvidia-smi capture on /acceptance): in Chinese no English sentence, in
// English no Chinese, and on a 390 px phone no sideways scroll.

// walkPages are the site's pages by path and <main> id.
var walkPages = []struct{ path, id string }{
	{"/", "planner"}, {"/quotes", "quotes"}, {"/vendors", "vendors"}, {"/contract", "contract"},
	{"/poc", "poc"}, {"/acceptance", "acceptance"}, {"/operations", "operations"}, {"/renewal", "renewal"},
	{"/checklists", "checklists"}, {"/cost", "cost"}, {"/rentbuild", "rentbuild"}, {"/about", "about"},
}

// loadWalkData imports the golden procurement plan and, on /acceptance in
// language lang, pastes the 8 × RTX 4090 capture.
func (e *env) loadWalkData(lang string) {
	e.t.Helper()
	path, _ := goldenProc(e.t)
	e.importGolden(path)
	capture, err := os.ReadFile("../../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		e.t.Fatal(err)
	}
	e.do("acceptance", chromedp.Navigate(e.base+"/acceptance?lang="+lang), WaitWasm("acceptance"),
		PasteInto("facts-input", string(capture)))
	e.waitFor(`document.getElementById("check-table")`)
}

// visibleText is a script giving the text nodes of the page's <main>, one
// a line, without code, file names, hashes, the language switch (which
// names the other language in its own words) and user data marked
// translate="no" (vendor names, typed text).
const visibleText = `(() => {
	const skip = "code, pre, kbd, samp, .sha, .lang-switch, main [lang], [translate=no], textarea, script, style, title, .source-link";
	const out = [];
	const w = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
	for (let n = w.nextNode(); n; n = w.nextNode()) {
		const el = n.parentElement;
		if (!el || el.closest(skip) || !n.data.trim()) continue;
		if (el.closest("details:not([open])") && !el.closest("summary")) continue;
		out.push(n.data.trim());
	}
	return out.join("\n");
})()`

// englishSentence finds three or more English words in a row: a sentence
// or a phrase left untranslated. Product and model names are allowed
// (allowedEnglish).
func englishSentence(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		words, run := strings.Fields(line), 0
		start := 0
		for i, w := range words {
			if isEnglishWord(w) {
				if run == 0 {
					start = i
				}
				run++
				continue
			}
			if run >= 3 {
				out = appendPhrase(out, words[start:i])
			}
			run = 0
		}
		if run >= 3 {
			out = appendPhrase(out, words[start:])
		}
	}
	return out
}

// appendPhrase adds a run of English words unless it is a name the page
// writes in English in both languages.
func appendPhrase(out []string, words []string) []string {
	phrase := strings.Join(words, " ")
	for _, ok := range allowedEnglish {
		if strings.Contains(phrase, ok) {
			return out
		}
	}
	return append(out, phrase)
}

// allowedEnglish are names written in English in every language: cards,
// tools, models, standards.
var allowedEnglish = []string{"NVIDIA", "GeForce", "RTX", "Llama", "Qwen", "DeepSeek", "FLUX", "gpuverify", "nvidia-smi", "Slurm", "Kubernetes", "SHA-256", "GitHub"}

// allowedChinese are the Chinese an English page writes on purpose: a
// term explained in English beside it, a seller's own name, and titles of
// Chinese laws and articles (in 《》 or “”), cut out before the check.
var allowedChinese = regexp.MustCompile(`信创|补时长|晨涧云|《[^》]*》(第[^条]{1,8}条)?|“[^”]*”`)

// othersRows are the lines of a page that quote data as it is: the price
// book's source citations on /cost (where a price was read, as the
// transcription names it). Each is named by a piece of its text.
var othersRows = map[string][]string{"/cost": {"https://", "as recorded", "originalPrice", "as published", "as scraped", "market reports"}}

// userData are the names the golden plan's sections give (vendors): the
// page shows them as typed, in any language.
func userData(t *testing.T) []string {
	_, p := goldenProc(t)
	var out []string
	s := p.Requirements.Procurement
	if s.Quotes != nil {
		for _, q := range s.Quotes.Quotes {
			out = append(out, q.Vendor)
		}
	}
	if s.Vendors != nil {
		for _, v := range s.Vendors.Vendors {
			out = append(out, v.Name)
		}
	}
	if s.Exit != nil {
		out = append(out, s.Exit.Vendor)
	}
	// Longest first: "平台A" must not be cut out of "专业平台A" first.
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// otherLanguage is the lines of text in the language the page is not in
// (lang), user data and allowed names left out.
func otherLanguage(t *testing.T, path, lang, text string) []string {
	for _, d := range userData(t) {
		if d != "" {
			text = strings.ReplaceAll(text, d, "")
		}
	}
	var lines []string
next:
	for _, line := range strings.Split(text, "\n") {
		for _, piece := range othersRows[path] {
			if strings.Contains(line, piece) {
				continue next
			}
		}
		lines = append(lines, line)
	}
	text = strings.Join(lines, "\n")
	if lang == "zh" {
		return englishSentence(text)
	}
	return chinese(allowedChinese.ReplaceAllString(text, ""))
}

// isEnglishWord: two or more Latin letters, maybe with punctuation.
func isEnglishWord(w string) bool {
	letters := 0
	for _, r := range w {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letters++
		case r > 0x7f:
			return false
		}
	}
	return letters >= 2
}

// chinese finds Han characters in text.
func chinese(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		for _, r := range line {
			if r >= 0x4e00 && r <= 0x9fff {
				out = append(out, strings.TrimSpace(line))
				break
			}
		}
	}
	return out
}

// TestEveryPageInItsLanguage: in zh no page shows an English sentence, in
// en none shows Chinese, with every section and a capture loaded.
func TestEveryPageInItsLanguage(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		t.Run(lang, func(t *testing.T) {
			e := setup(t, siteDir, "")
			e.loadWalkData(lang)
			for _, pg := range walkPages {
				if pg.id != "acceptance" {
					e.do(pg.path, chromedp.Navigate(e.base+pg.path+"?lang="+lang), WaitWasm(pg.id))
				}
				bad := otherLanguage(t, pg.path, lang, e.eval(visibleText))
				if len(bad) > 0 {
					t.Errorf("%s in %s: %d lines in the other language, first: %q", pg.path, lang, len(bad), bad[:min(len(bad), 5)])
				}
			}
		})
	}
}

// TestNoSidewaysScroll: at 360, 390 and 414 px no page is wider than the
// screen, in either language, with data loaded; a table or chart wider
// than the screen scrolls in its own box.
func TestNoSidewaysScroll(t *testing.T) {
	e := setup(t, siteDir, "")
	e.loadWalkData("en")
	for _, lang := range []string{"en", "zh"} {
		for _, width := range []int64{360, 390, 414} {
			e.do("phone", chromedp.EmulateViewport(width, 800, chromedp.EmulateScale(2)))
			for _, pg := range walkPages {
				e.do(pg.path, chromedp.Navigate(e.base+pg.path+"?lang="+lang), WaitWasm(pg.id))
				got := e.num(`document.documentElement.scrollWidth`)
				if got > float64(width) {
					t.Errorf("%s in %s at %d px: the page is %.0f px wide; widest: %s", pg.path, lang, width, got,
						e.eval(fmt.Sprintf(`Array.from(document.querySelectorAll("body *")).filter(n => n.getBoundingClientRect().right > %[1]d && !n.closest(".table-wrap, .chart") && !Array.from(n.children).some(c => c.getBoundingClientRect().right > %[1]d)).slice(0, 4).map(n => n.tagName + "#" + n.id + "." + n.getAttribute("class") + "(" + Math.round(n.getBoundingClientRect().right) + ")").join(" ")`, width)))
				}
				small := e.num(`Array.from(document.querySelectorAll(".chart svg text")).filter(n => n.getBoundingClientRect().height > 0 && parseFloat(getComputedStyle(n).fontSize) * n.ownerSVGElement.getBoundingClientRect().width / n.ownerSVGElement.viewBox.baseVal.width < 11).length`)
				if small > 0 {
					t.Errorf("%s in %s at %d px: %.0f chart labels under 11 px", pg.path, lang, width, small)
				}
			}
		}
	}
}

// TestWidgetsFit700: every widget (plan, quotes, contract) fits a 700 px
// frame in both languages: the page is no wider and no table scrolls in
// its box, so no column is cut off.
func TestWidgetsFit700(t *testing.T) {
	e := setup(t, siteDir, "")
	path, _ := goldenProc(t)
	e.importGolden(path)
	e.do("quotes", chromedp.Navigate(e.base+"/quotes?lang=en"), WaitWasm("quotes"))
	link := e.eval(`document.getElementById("share-sections").href`)
	_, frag, _ := strings.Cut(link, "#")
	e.do("a 700 px frame", chromedp.EmulateViewport(700, 900))
	for _, lang := range []string{"en", "zh"} {
		for _, view := range []string{"plan", "quotes", "contract"} {
			e.do(view, chromedp.Navigate(e.base+"/embed?lang="+lang+"&view="+view+"#"+frag), WaitWasm("embed"))
			if w := e.num(`document.documentElement.scrollWidth`); w > 700 {
				t.Errorf("%s %s: the widget is %.0f px wide", lang, view, w)
			}
			if cut := e.eval(`Array.from(document.querySelectorAll(".table-wrap")).filter(b => b.scrollWidth > b.clientWidth + 1).map(b => (b.querySelector("table") || {}).id + " " + b.scrollWidth + ">" + b.clientWidth).join(", ")`); cut != "" {
				t.Errorf("%s %s: tables wider than the frame: %s", lang, view, cut)
			}
		}
	}
}
