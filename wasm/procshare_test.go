//go:build !wasm

package main

import (
	"net/url"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
)

// TestEmbedViewWritesNothing: an embed showing a link's figures neither
// asks about the reader's saved work nor may write over it; the same link
// on a site page asks first.
func TestEmbedViewWritesNothing(t *testing.T) {
	proc := goldenProcurement(t)
	frag, err := form.State{Lang: En, Proc: proc}.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	mine := form.State{Lang: En, Input: in("hours_per_day", "12"), Proc: proc.Edit("quotes", form.Draft{})}.Saved()
	u := &url.URL{Path: "/embed", RawQuery: "lang=en&view=quotes", Fragment: frag}
	useStore(t, memStore{storageKey: mine})
	embed := &pageState{inEmbed: true}
	embed.load(u)
	if !embed.view || embed.pending != nil || embed.mayWrite() || embed.st.Proc.Sections.Quotes == nil {
		t.Errorf("embed: view %v, pending %v, may write %v", embed.view, embed.pending != nil, embed.mayWrite())
	}
	page := &pageState{}
	page.load(&url.URL{Path: "/quotes", RawQuery: "lang=en", Fragment: frag})
	if page.view || page.pending == nil || page.mayWrite() {
		t.Errorf("site page: view %v, pending %v", page.view, page.pending != nil)
	}
	plain := &pageState{inEmbed: true}
	plain.load(&url.URL{Path: "/embed", RawQuery: "lang=en"})
	if plain.view || !plain.mayWrite() {
		t.Errorf("plain embed: view %v", plain.view)
	}
}
