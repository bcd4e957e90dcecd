package report

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestReasonIn: the reasons facts' readers and gpuverify's NVML reader
// write read in Chinese, part by part; a tool's value and a driver's error
// text stay as written; English comes back unchanged.
func TestReasonIn(t *testing.T) {
	for _, tt := range []struct{ reason, zh string }{
		{"not in the nvidia-smi -q output", "nvidia-smi -q 的输出中没有"},
		{"not in the nvidia-smi -q -x output; nvidia-smi --version shows it", "nvidia-smi -q -x 的输出中没有；nvidia-smi --version 可以显示"},
		{"not in the nvidia-smi --query-gpu columns; nvidia-smi topo -m or NVML shows it", "nvidia-smi --query-gpu 的列中没有；nvidia-smi topo -m 或 NVML 可以显示"},
		{`nvidia-smi says "N/A"`, `nvidia-smi 显示为 "N/A"`},
		{`nvidia-smi nvlink -s says "inactive"`, `nvidia-smi nvlink -s 显示为 "inactive"`},
		{"NVML gives no timestamp; the report has its own time", "NVML 不提供时间戳；报告有自己的时间"},
		{"gpuverify reads the MIG mode only; nvidia-smi -L lists the MIG devices", "gpuverify 只读取 MIG 模式；nvidia-smi -L 可列出 MIG 设备"},
		{"Not Supported", "Not Supported"}, // NVML's own error text
		{"not in nvidia-smi output; Insufficient Permissions", "nvidia-smi 的输出中没有；Insufficient Permissions"},
	} {
		if got := reasonIn(tt.reason, msg.Zh); got != tt.zh {
			t.Errorf("reasonIn(%q, zh) = %q, want %q", tt.reason, got, tt.zh)
		}
		if got := reasonIn(tt.reason, msg.En); got != tt.reason {
			t.Errorf("reasonIn(%q, en) = %q, want it unchanged", tt.reason, got)
		}
	}
}

// toolWords are the names a Chinese reason keeps (tools, their commands
// and flags, NVML's terms) and the values it quotes.
var toolWords = regexp.MustCompile(`nvidia-smi( nvlink -s| -q -x| -q| --query-gpu| --version| topo -m| -L)?|NVML|MIG|UUID|"[^"]*"`)

// TestFixtureReasonsZh: every unavailable reason the nvidia-smi readers
// give over the Chinese facts fixtures reads in Chinese once the tools'
// names and quoted values are taken out.
func TestFixtureReasonsZh(t *testing.T) {
	seen := 0
	for stem, file := range zhFactsFixtures {
		data, err := json.Marshal(parseFixture(t, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`"unavailable":("(?:[^"\\]|\\.)*")`).FindAllSubmatch(data, -1) {
			var reason string
			if err := json.Unmarshal(m[1], &reason); err != nil {
				t.Fatal(err)
			}
			seen++
			zh := toolWords.ReplaceAllString(reasonIn(reason, msg.Zh), "")
			if w := testkit.EnglishWords(zh); len(w) > 0 {
				t.Errorf("%s: reason %q reads %q in Chinese: English %q left", stem, reason, reasonIn(reason, msg.Zh), w)
			}
		}
	}
	if seen == 0 {
		t.Fatal("the fixtures gave no unavailable reason: the test checks nothing")
	}
}
