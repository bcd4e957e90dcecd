//go:build !wasm

package main

import (
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// BenchmarkCompute is the plan for one input: the form read into a sheet
// and plan.Build (make bench-site measures the same in the browser).
func BenchmarkCompute(b *testing.B) {
	in := form.DefaultInput()
	for b.Loop() {
		if form.Compute(in).Plan == nil {
			b.Fatal("no plan")
		}
	}
}

// BenchmarkPlannerUpdate is one keystroke on the planner in go-app's test
// engine: the new plan, the render and go-app's diff (natively; no DOM).
func BenchmarkPlannerUpdate(b *testing.B) {
	old := store
	store = memStore{}
	defer func() { store = old }()
	e := app.NewTestEngine()
	h := &plannerHarness{}
	if err := e.Load(h); err != nil {
		b.Fatal(err)
	}
	e.ConsumeAll()
	h.ctx.Dispatch(h.OnNav)
	e.ConsumeAll()
	r := h.route()
	values := []string{"16", "64"}
	i := 0
	for b.Loop() {
		v := values[i%2]
		i++
		h.ctx.Dispatch(func(ctx app.Context) { h.setField(ctx, r, "concurrency", v) })
		e.ConsumeAll()
	}
}
