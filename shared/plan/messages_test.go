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
// they existed) shows its English texts in either language.
func TestOlderPlanFileFallsBack(t *testing.T) {
	p := buildFile(t, "testdata/lora-7b.req.json")
	p.FillEnglish()
	en := p.Billing.Reasons
	p.Billing.ReasonMessages = nil
	if got := Texts(msg.Zh, p.Billing.ReasonMessages, p.Billing.Reasons); len(got) != len(en) || got[0] != en[0] {
		t.Errorf("fallback = %q, want the English %q", got, en)
	}
	if got := Text(msg.Zh, msg.M{}, "as written"); got != "as written" {
		t.Errorf("Text fallback = %q", got)
	}
}

// TestBuildLeavesEnglishToEncode: Build renders no sentence (it runs on
// every keystroke in the site); Encode writes the English texts.
func TestBuildLeavesEnglishToEncode(t *testing.T) {
	p := buildFile(t, "testdata/inference-70b.req.json")
	if len(p.Warnings) != 0 || p.GPU.Alternatives[0].Reason != "" || len(p.WarningMessages) == 0 {
		t.Fatalf("after Build: %d English warnings, reason %q, %d messages", len(p.Warnings), p.GPU.Alternatives[0].Reason, len(p.WarningMessages))
	}
	var b bytes.Buffer
	if err := Encode(&b, p); err != nil {
		t.Fatal(err)
	}
	if len(p.Warnings) != len(p.WarningMessages) || p.Warnings[0] != p.WarningMessages[0].String() || p.GPU.Alternatives[0].Reason == "" {
		t.Errorf("after Encode: warnings %q", p.Warnings)
	}
}
