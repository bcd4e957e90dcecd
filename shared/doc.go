// Package shared is the root of gpuplan's pure domain logic. Its
// sub-packages (catalog, sizing, billing, tco, rentbuild, plan, facts, ...)
// are imported by both the WASM planner site and the gpuverify CLI, so they
// may import only the standard library and github.com/shopspring/decimal:
// deps_test.go enforces that.
package shared
