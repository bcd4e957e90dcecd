//go:build wasm

package main

// generate does nothing in the browser: RunWhenOnBrowser never returns there.
// The generator lives in gen.go, kept out of app.wasm by its build tag.
func generate() {}
