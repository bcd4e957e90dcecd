//go:build !wasm

package main

import (
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// BenchmarkQuotesUpdate is one keystroke in a quote on /quotes (three
// quotes of the golden procurement plan): the section parsed and
// validated, the plan, the comparison, the render and go-app's diff.
func BenchmarkQuotesUpdate(b *testing.B) {
	old := store
	store = memStore{}
	defer func() { store = old }()
	e := app.NewTestEngine()
	h := &quotesHarness{}
	if err := e.Load(h); err != nil {
		b.Fatal(err)
	}
	e.ConsumeAll()
	r := routeByID(routeQuotes)
	h.ctx.Dispatch(func(ctx app.Context) { h.enter(ctx, r) })
	e.ConsumeAll()
	proc := goldenProcurement(b)
	h.ctx.Dispatch(func(ctx app.Context) { h.setState(form.State{Lang: En, Proc: proc}) })
	e.ConsumeAll()
	values := []string{"1500", "1600"}
	i := 0
	for b.Loop() {
		v := values[i%2]
		i++
		h.ctx.Dispatch(func(ctx app.Context) {
			h.editSection(ctx, r, "quotes", h.draft("quotes").With("quotes[0].gpu_per_card", v))
		})
		e.ConsumeAll()
	}
}

// quotesHarness captures the page's context, as plannerHarness does.
type quotesHarness struct {
	quotesPage
	ctx app.Context
}

func (h *quotesHarness) OnPreRender(ctx app.Context) { h.ctx = ctx }
