package exit_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestGolden renders every testdata/*.json input as text, Markdown and
// iCalendar and compares them with the golden files beside it, in English
// and in Chinese (checkZh).
func TestGolden(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		in, err := exit.Decode(bytes.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		p, err := exit.Schedule(in)
		if err != nil {
			t.Fatal(err)
		}
		var text, md, ics bytes.Buffer
		if err := p.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if err := p.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		if err := p.WriteICS(&ics, stamp, msg.En); err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, stem+".txt", text.Bytes())
		testkit.Golden(t, stem+".md", md.Bytes())
		testkit.Golden(t, stem+".ics", ics.Bytes())
		checkZh(t, stem, p)
	})
}
