package msg

import (
	"encoding/json"
	"testing"
)

// TestSaid: a Said renders its message in either language, falls back to
// its English text without one, and keeps the JSON field names its
// embedding types had ("text", "message").
func TestSaid(t *testing.T) {
	s := Say(New("common.problems", Int(2)))
	if s.Text != "2 problems" || s.In(Zh) != "2 个问题" || s.In(En) != "2 problems" {
		t.Errorf("said %q, zh %q", s.Text, s.In(Zh))
	}
	if old := (Said{Text: "as written"}); old.In(Zh) != "as written" {
		t.Errorf("no message: %q", old.In(Zh))
	}
	type flag struct {
		Rule string `json:"rule"`
		Said
	}
	b, err := json.Marshal(flag{Rule: "C5", Said: Said{Text: "x"}})
	if err != nil || string(b) != `{"rule":"C5","text":"x"}` {
		t.Errorf("json %s %v", b, err)
	}
}
