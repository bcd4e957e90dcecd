package catalog

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestCaveatsTranslated fails when a card's caveat has no message, so it
// would read in English on the Chinese page.
func TestCaveatsTranslated(t *testing.T) {
	for _, c := range All() {
		for _, cv := range c.Caveats {
			m := msg.Caveat(cv)
			if m.ID == "common.verbatim" {
				t.Errorf("%s: caveat %q has no message in shared/msg/catalogue/catalog.txt", c.ID, cv)
			}
			if m.String() != cv {
				t.Errorf("%s: English %q differs from the caveat %q", c.ID, m.String(), cv)
			}
		}
	}
	if got := msg.Caveat("something new").In(msg.Zh); got != "something new" {
		t.Errorf("unknown caveat in zh = %q, want it as written", got)
	}
}

// TestNotesTranslated walks every Ref of the catalogue (cards, purchase
// prices, bench profiles) and fails when a note has no message, so it would
// read in English on the Chinese page, or when it uses the project's word
// "seed" for the source articles, which a reader cannot follow.
func TestNotesTranslated(t *testing.T) {
	n := 0
	check := func(where string, r Ref) {
		if r.Note == "" {
			return
		}
		n++
		m := msg.Note(r.Note)
		if m.ID == "common.verbatim" {
			t.Errorf("%s: note %q has no message in shared/msg/catalogue/notes.txt", where, r.Note)
		}
		if m.String() != r.Note {
			t.Errorf("%s: English %q differs from the note %q", where, m.String(), r.Note)
		}
		if strings.Contains(strings.ToLower(r.Note), "seed") {
			t.Errorf("%s: note %q says \"seed\"; name the article", where, r.Note)
		}
	}
	for _, c := range All() {
		walkRefs(reflect.ValueOf(c), c.ID, check)
		if p, ok := PurchasePrice(c.ID); ok {
			check(c.ID+" purchase", p.Ref)
		}
	}
	for _, b := range BenchProfiles() {
		walkRefs(reflect.ValueOf(b), "bench "+b.Architecture, check)
	}
	walkRefs(reflect.ValueOf(PCIeCopyEfficiency()), "pcie copy", check)
	if n < 100 {
		t.Errorf("only %d notes walked; the walk misses some", n)
	}
	got := msg.Note("No source article prices the A800. It gets the A100 80 GB range (5,000–12,000): same compute and memory, NVLink cut to 400 GB/s. A placeholder: replace it with a quote.").In(msg.Zh)
	if want := "没有来源文章给出 A800 的价格。它沿用 A100 80 GB 的区间（5,000–12,000）：算力和显存相同，NVLink 削减到 400 GB/s。这是占位值：请换成真实报价。"; got != want {
		t.Errorf("A800 price note in zh = %q, want %q", got, want)
	}
	if got := msg.Note("something new").In(msg.Zh); got != "something new" {
		t.Errorf("unknown note in zh = %q, want it as written", got)
	}
}
