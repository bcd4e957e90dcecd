package main

import (
	"sync"

	"github.com/gpuplan/gpuplan/wasm/internal/release"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// siteRelease is the release this site was built with, or nil. In the
// browser the manifest is read once; the prerender reads it from the
// environment the generator set, each time.
func siteRelease() *release.Manifest {
	if app.IsClient {
		return clientRelease()
	}
	return readRelease()
}

var clientRelease = sync.OnceValue(readRelease)

// readRelease decodes the manifest in the go-app environment; nil when
// there is none. The generator checked it, so an error here means the
// site was put together by hand: the page then says there is no release.
func readRelease() *release.Manifest {
	raw := app.Getenv(release.EnvVar)
	if raw == "" {
		return nil
	}
	r, err := release.Decode([]byte(raw))
	if err != nil {
		app.Logf("gpuplan: %v", err)
		return nil
	}
	return r
}
