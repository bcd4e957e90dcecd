//go:build !wasm

package main

import "github.com/gpuplan/gpuplan/wasm/internal/sitegen"

// generate runs the static-site generator (wasm/internal/sitegen) with the
// process arguments. It lives behind !wasm, so the generator (and
// brotli, net/http/httptest) stays out of app.wasm; gen_wasm.go is the
// browser's no-op.
func generate() { sitegen.Main(site()) }

// site is what the generator needs to know of this app.
func site() sitegen.Site {
	pages := make([]string, 0, len(routes))
	for _, r := range routes {
		pages = append(pages, r.Path)
	}
	// Chinese first: it is the prerender at the root, the language most
	// readers get (pickLang); English under /en/.
	return sitegen.Site{Pages: pages, Langs: []sitegen.Lang{siteLang(Zh, ""), siteLang(En, "en")}}
}

// siteLang describes l for the generator; dir is its prerender's folder.
func siteLang(l Lang, dir string) sitegen.Lang {
	return sitegen.Lang{Tag: l.HTMLLang(), Query: string(l), Dir: dir, Description: l.Text("site.page.tagline")}
}
