package main

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The "embed this" panel of the planner, /quotes and /contract: the
// <iframe> code of the widget with the figures on the page now, and the
// script that lets the frame set its own height (it posts only its
// height, postHeight), ready to paste into a blog post.

// embedHeights are the frame heights the code starts with, by view,
// before the script sets the real one.
var embedHeights = map[string]int{viewPlan: 900, viewQuotes: 760, viewContract: 900}

// embedSrc is the widget's address for view with the page's figures: the
// sheet in the query for the planner, the sections in the fragment for
// the procurement widgets. origin is the site's scheme and host.
func (p *pageState) embedSrc(origin, view string) string {
	if view == viewPlan {
		q := p.st.Query()
		return origin + link("/embed", q)
	}
	q := url.Values{"lang": {string(p.st.Lang)}, "view": {view}}
	src := origin + link("/embed", q)
	if frag, err := p.shareFrag(); err == nil && frag != "" {
		src += "#" + frag
	}
	return src
}

// embedCode is the HTML a blogger pastes: the frame and the height
// script, which trusts only messages from origin.
func embedCode(origin, src, view string) string {
	title := "gpuplan"
	if view != viewPlan {
		title += " " + view
	}
	return fmt.Sprintf(`<iframe src="%s" title="%s" style="width:100%%;max-width:100%%;height:%dpx;border:0" loading="lazy"></iframe>
<script>
  window.addEventListener("message", function (e) {
    if (e.origin === %q && e.data && e.data.source === "gpuplan" && e.data.type === "height") {
      document.querySelector('iframe[title="%s"]').style.height = e.data.height + "px";
    }
  });
</script>`, attrEscaper.Replace(src), title, embedHeights[view], origin, title)
}

// attrEscaper escapes text for an HTML attribute in double quotes. The
// html package would do it too, but brings its table of 2,000 named
// entities into app.wasm.
var attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

// siteOrigin is the scheme and host the page was loaded from; "" in the
// prerender, whose form is not used.
func siteOrigin() string {
	if !app.IsClient {
		return ""
	}
	return app.Window().Get("location").Get("origin").String()
}

// embedPanel is the folded panel with the code for view and a copy
// button.
func (p *pageState) embedPanel(view string) app.UI {
	l := p.st.Lang
	origin := siteOrigin()
	code := embedCode(origin, p.embedSrc(origin, view), view)
	return app.Details().ID("embed-panel").Class("embed-panel").Attr("data-view", view).Body(
		app.Summary().Text(l.Text("site.embed.title")),
		para("help", l.Text("site.embed.help")),
		app.Textarea().ID("embed-code").Class("embed-code").ReadOnly(true).Rows(9).Spellcheck(false).Text(code),
		btn("embed-copy", l.Text("site.embed.copy"), func(ctx app.Context, e app.Event) { copyEmbed(code, l.Text("site.embed.copied")) }, "small"),
		app.Span().ID("embed-copied").Class("help", "embed-copied").Aria("live", "polite"),
	)
}

// copyEmbed puts the code on the clipboard and says so with done.
func copyEmbed(code, done string) {
	_ = guard("copy embed code", func() {
		w := app.Window()
		if clip := w.Get("navigator").Get("clipboard"); clip.Truthy() {
			clip.Call("writeText", code)
		} else {
			el := w.Get("document").Call("getElementById", "embed-code")
			el.Call("select")
			w.Get("document").Call("execCommand", "copy")
		}
		if el := w.Get("document").Call("getElementById", "embed-copied"); el.Truthy() {
			el.Set("textContent", " "+done)
		}
	})
}
