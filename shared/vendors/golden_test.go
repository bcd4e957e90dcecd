package vendors_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/vendors"
)

// TestGolden renders every testdata/*.json input as text and Markdown, in
// English and in Chinese, and compares them with the golden
// files beside it; the Chinese has no English sentence left.
func TestGolden(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		r := rankFile(t, input)
		testkit.Rendered(t, stem, r)
		testkit.Rendered(t, stem+".zh", zhRender{r})
		for _, m := range messages(r) {
			if err := msg.Check(m); err != nil {
				t.Error(err)
			}
		}
		// No English sentence is left in Chinese once the vendors' own names are taken out.
		var b bytes.Buffer
		if err := r.WriteTextIn(&b, msg.Zh); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, v := range r.Vendors {
			names = append(names, v.Name)
		}
		testkit.NoEnglish(t, b.String(), names...)
	})
}

// TestSplitReasonsInBothLanguages covers the split reasons the golden
// files do not reach (rule V5).
func TestSplitReasonsInBothLanguages(t *testing.T) {
	for _, cards := range []int{0, 1, 7, 8} {
		s := vendors.SplitCards(cards)
		if err := msg.Check(s.Reason); err != nil {
			t.Error(err)
		}
		if len(testkit.EnglishWords(s.ReasonIn(msg.Zh))) > 0 {
			t.Errorf("%d cards: en %q, zh %q", cards, s.ReasonIn(msg.En), s.ReasonIn(msg.Zh))
		}
	}
}

func rankFile(t *testing.T, input []byte) vendors.Result {
	t.Helper()
	in, err := vendors.Decode(bytes.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	r, err := vendors.Rank(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// messages lists every message of a result.
func messages(r vendors.Result) []msg.M {
	out := append([]msg.M(nil), r.Notes...)
	for _, v := range r.Vendors {
		out = append(out, v.Reasons...)
		for _, a := range v.Adjustments {
			out = append(out, a.Reason)
		}
	}
	if r.Split != nil {
		out = append(out, r.Split.Reason)
	}
	return out
}

// zhRender renders a result in Chinese for testkit.Rendered.
type zhRender struct{ r vendors.Result }

func (z zhRender) WriteText(w io.Writer) error     { return z.r.WriteTextIn(w, msg.Zh) }
func (z zhRender) WriteMarkdown(w io.Writer) error { return z.r.WriteMarkdownIn(w, msg.Zh) }
