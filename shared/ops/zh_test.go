package ops_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/ops"
)

// checkZh renders TestGolden's review r of in in Chinese,
// compares it with the golden files and finds no English word left but
// the vendors' names.
func checkZh(t *testing.T, stem string, in ops.Input, r ops.Result) {
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
	var vendors []string
	for _, m := range in.Months {
		vendors = append(vendors, m.Vendor)
	}
	testkit.NoEnglish(t, b.String(), vendors...)
}

// zhRender renders a result in Chinese for testkit.Rendered.
type zhRender struct{ r ops.Result }

func (z zhRender) WriteText(w io.Writer) error     { return z.r.WriteTextIn(w, msg.Zh) }
func (z zhRender) WriteMarkdown(w io.Writer) error { return z.r.WriteMarkdownIn(w, msg.Zh) }
