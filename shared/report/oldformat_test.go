package report

import (
	"bytes"
	"crypto/ed25519"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

// englishReasons is a report written before unavailable reasons carried
// their message: its facts give each reason as English only
// ({"unavailable": "not in nvidia-smi output"}).
const englishReasons = "testdata/english-reasons.rtx4090x8-live.json"

// TestEnglishReasonsReportVerifies: a report signed before reasons had
// messages still verifies: it reads back and re-encodes byte for byte, so
// its digest matches, its stated checks are the derived ones and its
// signature holds; its reasons read as the English it carries, in Chinese
// too.
func TestEnglishReasonsReportVerifies(t *testing.T) {
	data, err := os.ReadFile(englishReasons)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(`"unavailable_message"`)) || !bytes.Contains(data, []byte(`"unavailable": "not in nvidia-smi output"`)) {
		t.Fatal("the fixture is not an English-only report")
	}
	r, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Marshal(r)
	if err != nil || !bytes.Equal(again, data) {
		t.Fatalf("re-encoded differently (%v)", err)
	}
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
	sig, err := sshsig.Sign(key, sshsig.Namespace, data)
	if err != nil {
		t.Fatal(err)
	}
	allowed := []byte("alice " + sshsig.AuthorizedKey(key.Public().(ed25519.PublicKey)) + "\n")
	o, err := Verify(data, VerifyOptions{Signature: sig, AllowedSigners: allowed, Nonce: r.Nonce, PlanSHA256: r.PlanSHA256})
	if err != nil {
		t.Fatal(err)
	}
	if !o.DigestOK || !o.Verified() || o.Signature.Status != SigGood || len(o.Disagreements) != 0 || o.Verdict != r.Summary.Verdict {
		t.Errorf("digest %v, verified %v, signature %s, disagreements %v, verdict %s (stated %s)",
			o.DigestOK, o.Verified(), o.Signature.Status, o.Disagreements, o.Verdict, r.Summary.Verdict)
	}
	var zh bytes.Buffer
	if err := WriteText(&zh, r, msg.Zh); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(zh.String(), "不可用（not in nvidia-smi output）") {
		t.Errorf("an English-only reason does not read as its English in Chinese:\n%s", zh.String())
	}
	// The same report written now carries the messages: Chinese reasons.
	var now bytes.Buffer
	if err := WriteText(&now, liveCase(t), msg.Zh); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(now.String(), "不可用（nvidia-smi 的输出中没有）") {
		t.Errorf("a reason with its message does not read in Chinese:\n%s", now.String())
	}
}
