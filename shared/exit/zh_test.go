package exit_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestGoldenZh renders every testdata/*.json input as text, Markdown and
// iCalendar (checkICSZh) in Chinese (issue 15), compares them with the golden files and finds no
// English word left once the vendor's name is taken out.
func TestGoldenZh(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		in, err := exit.Decode(bytes.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		p, err := exit.Schedule(in)
		if err != nil {
			t.Fatal(err)
		}
		var text, md bytes.Buffer
		if err := p.WriteTextIn(&text, msg.Zh); err != nil {
			t.Fatal(err)
		}
		if err := p.WriteMarkdownIn(&md, msg.Zh); err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, stem+".zh.txt", text.Bytes())
		testkit.Golden(t, stem+".zh.md", md.Bytes())
		checkICSZh(t, stem, p)
		for _, s := range p.Steps {
			for _, m := range []msg.M{s.TitleMessage, s.DetailMessage} {
				if err := msg.Check(m); err != nil {
					t.Error(err)
				}
			}
			if s.Title != s.TitleIn(msg.En) || s.Detail != s.DetailIn(msg.En) {
				t.Errorf("%s: the English text is not the message's", s.ID)
			}
		}
		for _, line := range strings.Split(strings.ReplaceAll(text.String(), p.Vendor, ""), "\n") {
			if w := testkit.EnglishWords(line); len(w) > 0 {
				t.Errorf("English %q left in %q", w, line)
			}
		}
	})
}
