//go:build !wasm

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/sitesrv"
)

// TestLangPages: every route is prerendered in Chinese at the root and in
// English under /en/, with the right <html lang>, title and words, the
// hreflang alternates, and links that stay in the page's language without
// JavaScript.
func TestLangPages(t *testing.T) {
	for _, prefix := range []string{"", "/gpuplan"} {
		c, _ := fakeSite(t, prefix)
		for _, r := range routes {
			file := pageName(r.Path)
			zh := readFile(t, filepath.Join(c.Out, file))
			en := readFile(t, filepath.Join(c.Out, "en", file))
			enURL := prefix + "/en" + r.Path
			if r.Path == "/" {
				enURL = prefix + "/en/"
			}
			for lang, doc := range map[Lang]string{Zh: zh, En: en} {
				m := lang
				for _, want := range []string{
					`<html lang="` + lang.HTMLLang() + `">`,
					"<title>" + r.Title(m) + " · " + m.Text("site.page.site_name") + "</title>",
					`content="` + m.Text("site.page.tagline") + `"`, // the description (attributes in any order)
					`<link rel="alternate" hreflang="zh-CN" href="` + prefix + r.Path + `?lang=zh">`,
					`<link rel="alternate" hreflang="en" href="` + enURL + `">`,
					`<link rel="alternate" hreflang="x-default" href="` + prefix + r.Path + `">`,
					`<script src="` + prefix + `/web/lang.js"></script>`,
				} {
					if !strings.Contains(doc, want) {
						t.Errorf("%s %s (prefix %q) lacks %s", lang, file, prefix, want)
					}
				}
				if strings.Contains(doc, `og:url`) {
					t.Errorf("%s %s: og:url without a domain", lang, file)
				}
			}
			if !r.InNav {
				continue
			}
			// Links: English pages link English files, Chinese pages the root.
			if !strings.Contains(en, `href="`+enURL+`?lang=en`) {
				t.Errorf("en %s does not link its English file %s", file, enURL)
			}
			if strings.Contains(en, `href="`+prefix+r.Path+`?lang=en`) {
				t.Errorf("en %s links the Chinese file with ?lang=en", file)
			}
			if !strings.Contains(zh, `href="`+prefix+r.Path+`?lang=zh`) {
				t.Errorf("zh %s does not link %s?lang=zh", file, r.Path)
			}
		}
		// The language switch of the Chinese home page opens the English file.
		home := readFile(t, filepath.Join(c.Out, "index.html"))
		if !strings.Contains(home, `href="`+prefix+`/en/?lang=en"`) {
			t.Errorf("prefix %q: the switch does not open /en/", prefix)
		}
		worker := readFile(t, filepath.Join(c.Out, "app-worker.js"))
		for _, want := range []string{`"` + prefix + `/en/cost"`, `"` + prefix + `/en/"`, `"` + prefix + `/web/lang.js"`} {
			if !strings.Contains(worker, want) {
				t.Errorf("prefix %q: the service worker does not precache %s", prefix, want)
			}
		}
	}
}

// TestLangPagesServed: the local server serves the English files as a
// static host does, /en/embed with the embed's frame headers.
func TestLangPagesServed(t *testing.T) {
	c, _ := fakeSite(t, "")
	h, err := sitesrv.New(sitesrv.Config{Dir: c.Out})
	if err != nil {
		t.Fatal(err)
	}
	for target, lang := range map[string]string{"/en/": "en", "/en/cost": "en", "/cost": "zh-CN", "/en/embed": "en"} {
		rec := serve(h, target)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `<html lang="`+lang+`">`) {
			t.Errorf("GET %s: %d, want the %s page", target, rec.Code, lang)
		}
	}
	if csp := serve(h, "/en/embed").Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors *") {
		t.Errorf("/en/embed may not be framed: %s", csp)
	}
}

// pageName is the prerender file of a route.
func pageName(path string) string {
	if path == "/" {
		return "index.html"
	}
	return strings.TrimPrefix(path, "/") + ".html"
}

// TestLangScript: web/lang.js is what the pages load; it keeps the app's
// language rule (?lang=, saved, browser) and the /en/ folder.
func TestLangScript(t *testing.T) {
	b, err := os.ReadFile("../web/lang.js")
	if err != nil {
		t.Fatal(err)
	}
	js := string(b)
	for _, want := range []string{`query.get("lang")`, storageKey, `"/en"`, "history.replaceState", "loc.replace"} {
		if !strings.Contains(js, want) {
			t.Errorf("lang.js lacks %s", want)
		}
	}
}

// serve answers one GET from h.
func serve(h http.Handler, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}
