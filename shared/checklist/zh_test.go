package checklist

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestTextZh: the terminal rendering in Chinese writes the Chinese items
// and headings, with no English word left but the tool names the items
// cite.
func TestTextZh(t *testing.T) {
	var b bytes.Buffer
	s := State{}
	if err := s.WriteTextIn(&b, msg.Zh); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, lists[0].Items[0].ZH) || !strings.Contains(out, "全部：已完成 0 / ") {
		t.Errorf("zh text lacks the items or the total:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		for _, w := range testkit.EnglishWords(line) {
			if !tools[w] {
				t.Errorf("English %q left in %q", w, line)
			}
		}
	}
	var en bytes.Buffer
	if err := s.WriteText(&en); err != nil || !strings.Contains(en.String(), lists[0].Items[0].EN) {
		t.Errorf("en text: %v\n%s", err, en.String())
	}
}

// tools are names the Chinese items keep as they are.
var tools = map[string]bool{"nvidia": true, "smi": true}
