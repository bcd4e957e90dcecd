package poc_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/poc"
)

// checkZh renders TestGolden's judgement r of in in Chinese,
// compares it with the golden files and finds no English word left but
// the throughput unit the user typed, the facts' paths and values.
func checkZh(t *testing.T, stem string, in poc.Input, r poc.Result) {
	testkit.Rendered(t, stem+".zh", zhRender{r})
	for _, c := range r.Checks {
		if err := msg.Check(c.Reason); err != nil {
			t.Error(err)
		}
	}
	var b bytes.Buffer
	if err := r.WriteTextIn(&b, msg.Zh); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if in.Throughput.Unit != "" {
		text = strings.ReplaceAll(text, in.Throughput.Unit, "")
	}
	// The facts' sections list paths and values as the files have them.
	text, _, _ = strings.Cut(text, "\n"+msg.Zh.Text("poc.config"))
	// "Gbit" is the unit, "gpus[0]" a GPU's path in the facts.
	testkit.NoEnglish(t, text, "Gbit", "gpus[")
}

// zhRender renders a result in Chinese for testkit.Rendered.
type zhRender struct{ r poc.Result }

func (z zhRender) WriteText(w io.Writer) error     { return z.r.WriteTextIn(w, msg.Zh) }
func (z zhRender) WriteMarkdown(w io.Writer) error { return z.r.WriteMarkdownIn(w, msg.Zh) }
