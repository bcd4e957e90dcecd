//go:build wasm

package main

// generate does nothing in the browser: RunWhenOnBrowser never returns there.
// The generator (gen.go, wasm/internal/sitegen) is kept out of app.wasm by
// gen.go's build tag.
func generate() {}
