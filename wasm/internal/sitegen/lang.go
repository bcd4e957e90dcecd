package sitegen

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Every page is prerendered once per language, so a reader, a
// search engine or a link preview sees the page's own language before the
// wasm has loaded. The first language of Site.Langs is written where go-app
// writes pages (index.html, cost.html, …); each other one under its own
// folder (en/index.html, en/cost.html, …), served as /en/, /en/cost.
//
// The app's addresses do not change: the language stays in ?lang=. A
// static host cannot pick a file by query, so web/lang.js, a small script
// that runs in <head> before go-app's, loads the other prerender when the
// page's language is not the one asked for (?lang=, else the saved
// language, else the browser's, as the app picks it) and, on an /en/
// address, puts back the app's own address (/cost?lang=en) before go-app
// reads it. Without JavaScript the /en/ files are plain English pages; the
// prerendered links point at them.

// Lang is one language the site is prerendered in.
type Lang struct {
	Tag         string // the <html lang> value and hreflang: "zh-CN", "en"
	Query       string // the ?lang= value: "zh", "en"
	Dir         string // the folder of its prerender: "" for the first language, "en"
	Description string // the page description and web manifest text
}

// pageFile is the file name of a route's page: "/" is "index.html",
// "/cost" is "cost.html".
func pageFile(route string) string {
	if route == "/" {
		return "index.html"
	}
	return strings.TrimPrefix(route, "/") + ".html"
}

// langURL is the address of route in language l, under prefix: the first
// language's page with its ?lang=, the others' folder page (which needs no
// query: its folder says the language).
func langURL(prefix string, l Lang, route string) string {
	if l.Dir == "" {
		return prefix + route + "?lang=" + l.Query
	}
	if route == "/" {
		return prefix + "/" + l.Dir + "/"
	}
	return prefix + "/" + l.Dir + route
}

// langPages lists the precache paths of the folder prerenders.
func langPages(s Site) []string {
	var out []string
	for _, l := range s.Langs[1:] {
		for _, p := range s.Pages {
			out = append(out, langURL("", l, p))
		}
	}
	return out
}

// writeLangPages prerenders every page in each language after the first
// with a handler configured for it, into its folder under out.
func writeLangPages(out string, s Site, handler func(Lang) (*app.Handler, error)) error {
	for _, l := range s.Langs[1:] {
		h, err := handler(l)
		if err != nil {
			return err
		}
		srv := httptest.NewServer(h)
		err = writePages(srv.URL, filepath.Join(out, l.Dir), s.Pages, l)
		srv.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// writePages fetches each route with ?lang= and writes it into dir.
func writePages(base, dir string, routes []string, l Lang) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range routes {
		res, err := http.Get(base + r + "?lang=" + l.Query)
		if err != nil {
			return fmt.Errorf("prerendering %s in %s: %w", r, l.Tag, err)
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			return err
		}
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("prerendering %s in %s: status %d", r, l.Tag, res.StatusCode)
		}
		if err := os.WriteFile(filepath.Join(dir, pageFile(r)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// finishPages adds the hreflang alternates to every prerendered page and
// points its links in a folder language at that language's files.
func finishPages(out, prefix, domain string, s Site) error {
	for _, page := range s.Langs {
		for _, r := range s.Pages {
			name := filepath.Join(out, page.Dir, pageFile(r))
			b, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			doc := addAlternates(string(b), prefix, domain, s.Langs, r)
			doc = ogURL(doc, domain, langURL(prefix, page, r))
			doc = folderLinks(doc, prefix, s)
			if err := os.WriteFile(name, []byte(doc), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// addAlternates inserts <link rel="alternate" hreflang> for every language
// of route, and x-default (the first language's address without ?lang=,
// which then follows the reader's saved or browser language), before
// </head>. Addresses are absolute when the site's domain is known.
func addAlternates(doc, prefix, domain string, langs []Lang, route string) string {
	abs := func(u string) string {
		if domain == "" {
			return u
		}
		return "https://" + domain + u
	}
	var b strings.Builder
	for _, l := range langs {
		fmt.Fprintf(&b, "    <link rel=\"alternate\" hreflang=\"%s\" href=\"%s\">\n", l.Tag, html.EscapeString(abs(langURL(prefix, l, route))))
	}
	fmt.Fprintf(&b, "    <link rel=\"alternate\" hreflang=\"x-default\" href=\"%s\">\n", html.EscapeString(abs(prefix+route)))
	return strings.Replace(doc, "  </head>", b.String()+"  </head>", 1)
}

// ogMeta matches go-app's og:url tag, whose attributes come in any order.
var ogMeta = regexp.MustCompile(`[ \t]*<meta (?:property="og:url" content="[^"]*"|content="[^"]*" property="og:url")>\n?`)

// ogURL sets the page's og:url to its own address in its language; without
// a domain there is no absolute address to give, and go-app's "https://"
// would be wrong, so the tag goes.
func ogURL(doc, domain, u string) string {
	if domain == "" {
		return ogMeta.ReplaceAllString(doc, "")
	}
	return ogMeta.ReplaceAllString(doc, `    <meta property="og:url" content="`+html.EscapeString("https://"+domain+u)+"\">\n")
}

// siteLink matches a prerendered local link with a query: the path after
// the prefix, the query, and the fragment.
var siteLink = regexp.MustCompile(`href="([^"?#]*)\?([^"#]*)(#[^"]*)?"`)

// folderLinks rewrites the links of the prerender that ask for a folder
// language (?lang=en) to that language's files (/en/cost?lang=en), so a
// reader without JavaScript follows them into English pages. The wasm
// renders the app's own links once it runs.
func folderLinks(doc, prefix string, s Site) string {
	routes := map[string]bool{}
	for _, r := range s.Pages {
		routes[prefix+r] = true
	}
	if prefix != "" {
		routes[prefix+"/"] = true
	}
	return siteLink.ReplaceAllStringFunc(doc, func(m string) string {
		parts := siteLink.FindStringSubmatch(m)
		path, query, frag := parts[1], parts[2], parts[3]
		if !routes[path] {
			return m
		}
		for _, l := range s.Langs[1:] {
			if hasLang(html.UnescapeString(query), l.Query) {
				route := strings.TrimPrefix(path, prefix)
				if route == "" {
					route = "/"
				}
				return `href="` + langURL(prefix, l, route) + "?" + query + frag + `"`
			}
		}
		return m
	})
}

// hasLang reports whether the query (unescaped) holds lang=q.
func hasLang(query, q string) bool {
	for _, kv := range strings.Split(query, "&") {
		if kv == "lang="+q {
			return true
		}
	}
	return false
}
