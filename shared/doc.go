// Package shared is the root of gpuplan's pure domain logic. Its
// sub-packages (catalog, sizing, billing, tco, rentbuild, plan, facts, ...)
// are imported by both the WASM planner site and the gpuverify CLI, so they
// may import only the standard library and github.com/shopspring/decimal:
// deps_test.go enforces that.
//
// Two leaves carry the contracts between the faces: fielderr, the one error
// type for a refused input field, and planfile, the plan file's schema ids,
// acceptance block, validation and size limit, which gpuverify check, the
// report and the site's acceptance page read without the planner (plan).
// deps_test.go keeps them leaves.
package shared
