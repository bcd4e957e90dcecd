package ops_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/ops"
)

// TestGoldenZh renders every testdata/*.json input in Chinese (issue 15),
// compares it with the golden files and finds no English word left but
// the vendors' names.
func TestGoldenZh(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		in, err := ops.Decode(bytes.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		r, err := ops.Review(in)
		if err != nil {
			t.Fatal(err)
		}
		testkit.Rendered(t, stem+".zh", zhRender{r})
		var ms []msg.M
		for _, m := range r.Months {
			for _, f := range m.Flags {
				ms = append(ms, f.Message)
			}
		}
		for _, s := range r.RightSizing {
			ms = append(ms, s.Message)
		}
		for _, m := range ms {
			if err := msg.Check(m); err != nil {
				t.Error(err)
			}
		}
		var b bytes.Buffer
		if err := r.WriteTextIn(&b, msg.Zh); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, m := range in.Months {
			if m.Vendor != "" {
				text = strings.ReplaceAll(text, m.Vendor, "")
			}
		}
		for _, line := range strings.Split(text, "\n") {
			if w := testkit.EnglishWords(line); len(w) > 0 {
				t.Errorf("English %q left in %q", w, line)
			}
		}
	})
}

// zhRender renders a result in Chinese for testkit.Rendered.
type zhRender struct{ r ops.Result }

func (z zhRender) WriteText(w io.Writer) error     { return z.r.WriteTextIn(w, msg.Zh) }
func (z zhRender) WriteMarkdown(w io.Writer) error { return z.r.WriteMarkdownIn(w, msg.Zh) }
