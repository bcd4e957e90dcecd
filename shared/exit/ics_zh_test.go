package exit_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// checkICSZh renders p as an iCalendar file in Chinese (gpuverify plan
// --ics --lang zh) against the golden file stem.zh.ics.
// Unescaped and unfolded, its summaries and descriptions hold no English
// word once the vendor's name is taken out (rules E1, E2, K2), and only
// they differ from the English file: the UIDs, dates and stamps are the
// same, so a calendar updates the same events.
func checkICSZh(t *testing.T, stem string, p exit.Calendar) {
	t.Helper()
	var zh, en bytes.Buffer
	if err := p.WriteICS(&zh, stamp, msg.Zh); err != nil {
		t.Fatal(err)
	}
	if err := p.WriteICS(&en, stamp, msg.En); err != nil {
		t.Fatal(err)
	}
	testkit.Golden(t, stem+".zh.ics", zh.Bytes())
	texts := regexp.MustCompile(`^(SUMMARY|DESCRIPTION):`)
	zhLines, enLines := exit.Unfold(zh.String()), exit.Unfold(en.String())
	if len(zhLines) != len(enLines) {
		t.Fatalf("%d lines in Chinese, %d in English", len(zhLines), len(enLines))
	}
	events := 0
	for i, line := range zhLines {
		if !texts.MatchString(line) {
			if line != enLines[i] {
				t.Errorf("line %d differs: %q, English %q", i, line, enLines[i])
			}
			continue
		}
		events++
		text := strings.ReplaceAll(exit.UnescapeText(line[strings.IndexByte(line, ':')+1:]), p.Vendor, "")
		if w := testkit.EnglishWords(text); len(w) > 0 {
			t.Errorf("English %q left in %q", w, text)
		}
	}
	if events != 2*len(p.Steps) {
		t.Errorf("%d summaries and descriptions for %d steps", events, len(p.Steps))
	}
}
