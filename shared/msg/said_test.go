package msg

import (
	"encoding/json"
	"testing"
)

// TestSaid: a Said renders its message in either language; its JSON form
// writes the English next to the message, and a decoded form without a
// message reads as its text.
func TestSaid(t *testing.T) {
	s := Say(New("common.problems", Int(2)))
	if s.In(Zh) != "2 个问题" || s.In(En) != "2 problems" {
		t.Errorf("said zh %q, en %q", s.In(Zh), s.In(En))
	}
	b, err := json.Marshal(s.JSON())
	if err != nil || string(b) != `{"text":"2 problems","message":{"id":"common.problems","args":[{"kind":"int","int":2}]}}` {
		t.Errorf("json %s %v", b, err)
	}
	var back SaidJSON
	if err := json.Unmarshal(b, &back); err != nil || back.Said().In(Zh) != "2 个问题" {
		t.Errorf("decoded %+v %v", back, err)
	}
	if old := (SaidJSON{Text: "as written"}).Said(); old.In(Zh) != "as written" {
		t.Errorf("no message: %q", old.In(Zh))
	}
	if zero := (SaidJSON{}).Said(); !zero.Message.IsZero() {
		t.Errorf("empty form: %+v", zero)
	}
}

// TestEnglish: an English writes its English text as a JSON string and
// reads one back as verbatim text.
func TestEnglish(t *testing.T) {
	type ref struct {
		Note English `json:"note,omitzero"`
	}
	b, err := json.Marshal(ref{Note: EnglishOf(New("common.problems", Int(2)))})
	if err != nil || string(b) != `{"note":"2 problems"}` {
		t.Errorf("json %s %v", b, err)
	}
	if b, _ := json.Marshal(ref{}); string(b) != `{}` {
		t.Errorf("zero json %s", b)
	}
	var back ref
	if err := json.Unmarshal([]byte(`{"note":"as written"}`), &back); err != nil || back.Note.In(Zh) != "as written" {
		t.Errorf("decoded %+v %v", back, err)
	}
}
