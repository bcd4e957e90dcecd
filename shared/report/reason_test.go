package report

import (
	"bytes"
	"encoding/json"
	"regexp"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestReasonFromFile: a reason a file carries with its message reads in
// Chinese, part by part, with a tool's value as written; a reason the
// file carries as English only (a file written before reasons had
// messages, or a driver's error text) reads as that English in both
// languages.
func TestReasonFromFile(t *testing.T) {
	for _, tt := range []struct{ file, en, zh string }{
		{`{"unavailable":"not in the nvidia-smi -q output","unavailable_message":{"id":"facts.reason.not_in_q"}}`,
			"not in the nvidia-smi -q output", "nvidia-smi -q 的输出中没有"},
		{`{"unavailable":"not in the nvidia-smi -q -x output; nvidia-smi --version shows it","unavailable_message":{"id":"facts.reason.and","args":[{"kind":"msg","msg":{"id":"facts.reason.not_in_q_x"}},{"kind":"msg","msg":{"id":"facts.reason.hint_version"}}]}}`,
			"not in the nvidia-smi -q -x output; nvidia-smi --version shows it", "nvidia-smi -q -x 的输出中没有；nvidia-smi --version 可以显示"},
		{`{"unavailable":"nvidia-smi says \"N/A\"","unavailable_message":{"id":"facts.reason.says","args":[{"kind":"text","text":"nvidia-smi"},{"kind":"text","text":"\"N/A\""}]}}`,
			`nvidia-smi says "N/A"`, `nvidia-smi 显示为 "N/A"`},
		// English only: the text as written, in Chinese too.
		{`{"unavailable":"not in the nvidia-smi -q output"}`, "not in the nvidia-smi -q output", "not in the nvidia-smi -q output"},
		{`{"unavailable":"Not Supported"}`, "Not Supported", "Not Supported"},
	} {
		var v facts.Value[int]
		if err := json.Unmarshal([]byte(tt.file), &v); err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if got := v.Reason().In(msg.En); got != tt.en {
			t.Errorf("%s in English = %q, want %q", tt.file, got, tt.en)
		}
		if got := v.Reason().In(msg.Zh); got != tt.zh {
			t.Errorf("%s in Chinese = %q, want %q", tt.file, got, tt.zh)
		}
	}
}

// toolWords are the names a Chinese reason keeps (tools, their commands
// and flags, NVML's terms) and the values it quotes.
var toolWords = regexp.MustCompile(`nvidia-smi( nvlink -s| -q -x| -q| --query-gpu| --version| topo -m| -L)?|NVML|MIG|UUID|"[^"]*"`)

// TestFixtureReasonsZh: every unavailable reason the nvidia-smi readers
// give over the Chinese facts fixtures carries its message and, read back
// from the file, reads in Chinese once the tools' names and quoted values
// are taken out.
func TestFixtureReasonsZh(t *testing.T) {
	seen := 0
	for stem, file := range zhFactsFixtures {
		data, err := json.Marshal(parseFixture(t, file))
		if err != nil {
			t.Fatal(err)
		}
		if n, m := bytes.Count(data, []byte(`"unavailable":`)), bytes.Count(data, []byte(`"unavailable_message":`)); n != m {
			t.Errorf("%s: %d reasons, %d with a message", stem, n, m)
		}
		var tree any
		if err := json.Unmarshal(data, &tree); err != nil {
			t.Fatal(err)
		}
		for _, r := range reasonsIn(t, tree) {
			seen++
			zh := r.In(msg.Zh)
			if w := testkit.EnglishWords(toolWords.ReplaceAllString(zh, "")); len(w) > 0 {
				t.Errorf("%s: reason %q reads %q in Chinese: English %q left", stem, r.String(), zh, w)
			}
		}
	}
	if seen == 0 {
		t.Fatal("the fixtures gave no unavailable reason: the test checks nothing")
	}
}

// reasonsIn decodes every unavailable object in a decoded JSON tree.
func reasonsIn(t *testing.T, tree any) []msg.M {
	var out []msg.M
	switch x := tree.(type) {
	case map[string]any:
		if _, ok := x["unavailable"]; ok {
			b, _ := json.Marshal(x)
			var v facts.Value[int]
			if err := json.Unmarshal(b, &v); err != nil || v.OK() {
				t.Fatalf("%s: %v", b, err)
			}
			return []msg.M{v.Reason()}
		}
		for _, c := range x {
			out = append(out, reasonsIn(t, c)...)
		}
	case []any:
		for _, c := range x {
			out = append(out, reasonsIn(t, c)...)
		}
	}
	return out
}
