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
	return sitegen.Site{
		Pages:       pages,
		Description: enMessages.Tagline + " · " + zhMessages.Tagline,
		Lang:        Zh.HTMLLang(), // the prerender speaks Chinese (pickLang)
	}
}
