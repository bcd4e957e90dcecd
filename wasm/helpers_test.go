//go:build !wasm

package main

import (
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
)

// in is the default input with the given key, text pairs set.
func in(kv ...string) form.Input {
	x := form.DefaultInput()
	for i := 0; i+1 < len(kv); i += 2 {
		x = x.With(kv[i], kv[i+1])
	}
	return x
}

// goldenProcurement reads the sections of shared/plan's golden
// procurement plan, for tests and benchmarks.
func goldenProcurement(tb testing.TB) *form.Procurement {
	tb.Helper()
	proc, err := form.NewProcurement(goldenPlan(tb, "procurement").Requirements.Procurement)
	if err != nil {
		tb.Fatal(err)
	}
	return proc
}
