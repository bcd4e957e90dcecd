//go:build !wasm

package main

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestFieldErrorShown: a refused field's message stands at the field and
// at the top of the form, naming the field and its range, in both
// languages; the verdict of the last valid entries stays on the page.
func TestFieldErrorShown(t *testing.T) {
	proc := goldenProcurement(t)
	bad := proc.Edit("quotes", proc.Draft("quotes").With("need.cards", "0"))
	for _, tt := range []struct {
		lang       Lang
		top, field string
	}{
		{En, "Cards: want a whole number in [1, 10000]", "want a whole number in [1, 10000], got 0"},
		{Zh, "卡数：应为 [1, 10000] 之间的整数", "应为 [1, 10000] 之间的整数，填写的是 0"},
	} {
		p := &quotesPage{}
		p.setState(form.State{Lang: tt.lang, Proc: bad})
		html := app.HTMLString(p.Render())
		for _, want := range []string{tt.top, tt.field, `id="quotes-need-cards-error"`, `data-state="ok"`} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: the page lacks %q", tt.lang, want)
			}
		}
	}
}
