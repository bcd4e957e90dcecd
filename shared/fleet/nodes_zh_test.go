package fleet

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestNodeRowsZh: the fleet node table's cells in Chinese (rules
// A1 to A4): the verdict, digest, signature and InfiniBand cells hold no
// English word once the data they quote are taken out (the digest, the
// signer, the verdict's upper-case word), for every signature status and
// a node with an edited report and no host name.
func TestNodeRowsZh(t *testing.T) {
	for name, run := range scenarios(t) {
		f, err := run()
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range f.NodeRows(msg.Zh) {
			n := f.Nodes[i]
			for _, cell := range []string{row[1], row[4], row[5], row[6], row[7]} {
				left := strings.NewReplacer(short(n.Digest), "", n.Host, "").Replace(cell)
				if w := testkit.EnglishWords(left); len(w) > 0 {
					t.Errorf("%s: English %q left in %q", name, w, cell)
				}
			}
		}
	}
	f := &Fleet{Nodes: []Node{{File: "a.json", Digest: "be578226635fabcdef", Verdict: "fail", IB: &IB{Active: 4, MinGbps: 200}}}}
	for _, status := range []string{SigVerified, SigMissing, SigInvalid, SigUnavailable} {
		f.Nodes[0].Signature = &Signature{Status: status, Signer: "alice@buyer"}
		row := f.NodeRows(msg.Zh)[0]
		for _, cell := range row[1:] {
			left := strings.NewReplacer("be578226635f", "", "alice@buyer", "").Replace(cell)
			if w := testkit.EnglishWords(left); len(w) > 0 {
				t.Errorf("%s: English %q left in %q", status, w, cell)
			}
		}
	}
	want := []string{"a.json", "未知", "0× ", "—", "FAIL（0 项失败，0 项警告）", "be578226635f 不符", "无法验证（alice@buyer）", "4 个端口活动，200 Gb/s"}
	if got := f.NodeRows(msg.Zh)[0]; !reflect.DeepEqual(got, want) {
		t.Errorf("row %q, want %q", got, want)
	}
}
