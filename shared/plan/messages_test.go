package plan

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestDecodeBoundsMessageArgs: a plan file's messages are input like the
// rest; a hostile decimal in an argument is refused with its field named.
func TestDecodeBoundsMessageArgs(t *testing.T) {
	var doc map[string]any
	raw, err := os.ReadFile("testdata/lora-7b.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	doc["warning_messages"] = []any{map[string]any{"id": "common.problems", "args": []any{map[string]any{"kind": "money", "dec": "1e999999"}}}}
	bad, _ := json.Marshal(doc)
	_, err = Decode(bytes.NewReader(bad))
	if err == nil || !strings.Contains(err.Error(), "warning_messages[0].args[0].dec") {
		t.Errorf("hostile decimal: %v", err)
	}
}

// TestOlderPlanFileFallsBack: a plan file without messages (written before
// they existed, or by a script) reads its English texts as written, in
// either language, and writes them back unchanged.
func TestOlderPlanFileFallsBack(t *testing.T) {
	p := buildFile(t, "testdata/lora-7b.req.json")
	var b bytes.Buffer
	if err := Encode(&b, p); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	billing := doc["billing"].(map[string]any)
	en := billing["reasons"].([]any)
	delete(billing, "reason_messages")
	delete(doc, "warning_messages")
	old, _ := json.Marshal(doc)
	back, err := Decode(bytes.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	got := msg.Strings(msg.Zh, back.Billing.ReasonMessages)
	if len(got) != len(en) || got[0] != en[0] {
		t.Errorf("older file in zh = %q, want the English %q", got, en)
	}
	if len(back.WarningMessages) == 0 || back.WarningMessages[0].In(msg.Zh) != doc["warnings"].([]any)[0] {
		t.Errorf("older file's warnings in zh = %q", msg.Strings(msg.Zh, back.WarningMessages))
	}
}

// TestEnglishWrittenAtEncoding: the plan holds messages only; Encode
// writes each one's English beside it, and Decode reads the messages back,
// so a warning renders in Chinese from the file.
func TestEnglishWrittenAtEncoding(t *testing.T) {
	p := buildFile(t, "testdata/inference-70b.req.json")
	var b bytes.Buffer
	if err := Encode(&b, p); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Warnings        []string `json:"warnings"`
		WarningMessages []msg.M  `json:"warning_messages"`
		GPU             struct {
			Alternatives []struct {
				Reason        string `json:"reason"`
				ReasonMessage msg.M  `json:"reason_message"`
			} `json:"alternatives"`
		} `json:"gpu"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Warnings) == 0 || len(doc.Warnings) != len(p.WarningMessages) || doc.Warnings[0] != p.WarningMessages[0].String() {
		t.Errorf("warnings %q for %d messages", doc.Warnings, len(p.WarningMessages))
	}
	if a := doc.GPU.Alternatives[0]; a.Reason == "" || a.Reason != a.ReasonMessage.String() {
		t.Errorf("alternative's reason %q, message %v", a.Reason, a.ReasonMessage)
	}
	back, err := Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if zh, en := back.WarningMessages[0].In(msg.Zh), doc.Warnings[0]; zh == en || zh == "" {
		t.Errorf("decoded warning in zh = %q (en %q)", zh, en)
	}
}
