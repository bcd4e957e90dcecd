package fleet

import (
	"encoding/json"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestRejectionInChinese: a rejection made by the merge reads in Chinese
// from its id, the fleet file keeps its English, and a file read back
// gives that English as written.
func TestRejectionInChinese(t *testing.T) {
	tests := []struct {
		r      Rejected
		en, zh string
	}{
		{reject("a.json", "fleet.reject.too_many", msg.Int(512)), "more than 512 reports in one merge", "一次合并超过 512 份报告"},
		{reject("b.json", "fleet.reject.not_report", msg.Text("report: unexpected EOF")),
			"not a gpuverify report: report: unexpected EOF", "不是 gpuverify 报告：report: unexpected EOF"},
		{reject("c.json", "fleet.reject.other_plan", msg.Text("b0a995b7513e"), msg.Text("3f43cafa243a")),
			"checked against another plan (sha256 b0a995b7513e, not 3f43cafa243a): check every node against the same plan file",
			"按另一份计划检查（sha256 b0a995b7513e，而不是 3f43cafa243a）：请用同一份计划文件检查每个节点"},
	}
	for _, tt := range tests {
		if err := msg.Check(tt.r.Reason.M); err != nil {
			t.Error(err)
		}
		if got := tt.r.Reason.In(msg.En); got != tt.en {
			t.Errorf("%s en = %q, want %q", tt.r.File, got, tt.en)
		}
		if got := tt.r.Reason.In(msg.Zh); got != tt.zh {
			t.Errorf("%s zh = %q, want %q", tt.r.File, got, tt.zh)
		}
		b, err := json.Marshal(tt.r)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(struct {
			File   string `json:"file"`
			Reason string `json:"reason"`
		}{tt.r.File, tt.en})
		if string(b) != string(want) {
			t.Errorf("json %s, want %s", b, want)
		}
		var back Rejected
		if err := json.Unmarshal(b, &back); err != nil || back.Reason.In(msg.Zh) != tt.en {
			t.Errorf("read back: %q, %v", back.Reason.In(msg.Zh), err)
		}
	}
}
