package sitegen

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// The not-found page: 404.html at the site's root and en/404.html, plain
// HTML with the site's style sheet and no app (an unknown address must
// not start the app, whose router would show its own English "not
// found"). GitHub Pages serves the root's 404.html for any unknown path of
// the site, so that one says it in Chinese and then in English; the dev
// server (wasm/sitesrv) picks by the address or the browser's language.

// notFoundFiles are the not-found pages by file, each with the languages
// it speaks, first the page's own.
var notFoundFiles = map[string][]msg.Lang{"404.html": {msg.Zh, msg.En}, "en/404.html": {msg.En}}

// writeNotFound writes the not-found pages into out; links and the style
// sheet carry prefix.
func writeNotFound(out, prefix string) error {
	for name, langs := range notFoundFiles {
		path := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(notFoundHTML(prefix, langs)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// notFoundHTML is the page in langs, the first being the page's.
func notFoundHTML(prefix string, langs []msg.Lang) string {
	tag := map[msg.Lang]string{msg.Zh: "zh-CN", msg.En: "en"}
	home := map[msg.Lang]string{msg.Zh: prefix + "/", msg.En: prefix + "/?lang=en"}
	about := map[msg.Lang]string{msg.Zh: prefix + "/about", msg.En: prefix + "/about?lang=en"}
	var b strings.Builder
	first := langs[0]
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=%q>\n<head>\n<meta charset=\"utf-8\">\n", tag[first])
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"robots\" content=\"noindex\">\n")
	fmt.Fprintf(&b, "<title>%s · gpuplan</title>\n", html.EscapeString(first.Text("site.notfound.title")))
	fmt.Fprintf(&b, "<link rel=\"icon\" href=\"%s/web/icon.svg\">\n<link rel=\"stylesheet\" href=\"%s/web/app.css\">\n</head>\n<body>\n", prefix, prefix)
	b.WriteString("<div class=\"site\">\n<main id=\"not-found\" class=\"page\">\n")
	for _, l := range langs {
		fmt.Fprintf(&b, "<section class=\"block\" lang=%q>\n<h1>%s</h1>\n<p>%s</p>\n<p class=\"actions\"><a class=\"btn primary\" href=%q>%s</a> <a class=\"btn\" href=%q>%s</a></p>\n</section>\n",
			tag[l], html.EscapeString(l.Text("site.notfound.title")), html.EscapeString(l.Text("site.notfound.text")),
			home[l], html.EscapeString(l.Text("site.notfound.home")), about[l], html.EscapeString(l.Text("site.notfound.about")))
	}
	b.WriteString("</main>\n</div>\n</body>\n</html>\n")
	return b.String()
}
