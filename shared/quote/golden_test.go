package quote_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/quote"
)

// TestGolden renders every testdata/*.json input as text and Markdown, in
// English and in Chinese, and compares them with the golden
// files beside it; the Chinese has no English sentence left.
func TestGolden(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		r := compareFile(t, input)
		testkit.Rendered(t, stem, r)
		testkit.Rendered(t, stem+".zh", zhRender{r})
		for _, m := range messages(r) {
			if err := msg.Check(m); err != nil {
				t.Error(err)
			}
		}
		// No English sentence is left in Chinese once the quoting vendors' own names are taken out.
		var b bytes.Buffer
		if err := r.WriteTextIn(&b, msg.Zh); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, q := range r.Quotes {
			names = append(names, q.Vendor)
		}
		testkit.NoEnglish(t, b.String(), names...)
	})
}

func compareFile(t *testing.T, input []byte) quote.Result {
	t.Helper()
	in, err := quote.Decode(bytes.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	r, err := quote.Compare(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// messages lists every message of a result.
func messages(r quote.Result) []msg.M {
	var out []msg.M
	for _, f := range r.Flags {
		out = append(out, f.Message)
	}
	for _, q := range r.Quotes {
		for _, f := range q.Flags {
			out = append(out, f.Message)
		}
		for _, l := range q.Lines {
			out = append(out, l.Basis)
		}
	}
	return out
}

// zhRender renders a result in Chinese for testkit.Rendered.
type zhRender struct{ r quote.Result }

func (z zhRender) WriteText(w io.Writer) error     { return z.r.WriteTextIn(w, msg.Zh) }
func (z zhRender) WriteMarkdown(w io.Writer) error { return z.r.WriteMarkdownIn(w, msg.Zh) }
