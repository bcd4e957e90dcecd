package exit_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// checkZh renders TestGolden's schedule p as text, Markdown and
// iCalendar (checkICSZh) in Chinese, compares them with the
// golden files and finds no English word left once the vendor's name is
// taken out.
func checkZh(t *testing.T, stem string, p exit.Calendar) {
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
		for _, m := range []msg.M{s.Title, s.Detail} {
			if err := msg.Check(m); err != nil {
				t.Error(err)
			}
		}
	}
	testkit.NoEnglish(t, text.String(), p.Vendor)
}
