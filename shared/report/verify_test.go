package report

import (
	"bytes"
	"crypto/ed25519"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

// TestVerifyOutcome: report.Verify's verdict for each thing a reader
// checks: a genuine signed pass passes; unsigned or unchecked is at best
// incomplete; another signer, a missing signature, another nonce or
// another plan is unverified.
func TestVerifyOutcome(t *testing.T) {
	r := liveCase(t)
	data, _ := Marshal(r)
	o, err := Verify(data, VerifyOptions{AllowUnsigned: true})
	if err != nil {
		t.Fatal(err)
	}
	stated := o.Summary.Verdict // the live case fails (GPU 5's board)
	alice := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	sig, _ := sshsig.Sign(alice, sshsig.Namespace, data)
	allowed := []byte("alice " + sshsig.AuthorizedKey(alice.Public().(ed25519.PublicKey)) + "\n")
	other := []byte("bob " + sshsig.AuthorizedKey(ed25519.NewKeyFromSeed(make([]byte, 32)).Public().(ed25519.PublicKey)) + "\n")
	for _, c := range []struct {
		name string
		opt  VerifyOptions
		sig  string
		want acceptance.Verdict
	}{
		{"signed", VerifyOptions{Signature: sig, AllowedSigners: allowed}, SigGood, stated},
		{"unsigned", VerifyOptions{}, SigUnsigned, stated},
		{"not checked", VerifyOptions{Signature: sig}, SigUnchecked, stated},
		{"another signer", VerifyOptions{Signature: sig, AllowedSigners: other}, SigRefused, VerdictUnverified},
		{"missing", VerifyOptions{AllowedSigners: allowed}, SigMissing, VerdictUnverified},
		{"another nonce", VerifyOptions{Nonce: "fresh-9"}, SigUnsigned, VerdictUnverified},
		{"another plan", VerifyOptions{PlanSHA256: strings.Repeat("0", 64)}, SigUnsigned, VerdictUnverified},
		{"its plan", VerifyOptions{PlanSHA256: r.PlanSHA256, Nonce: r.Nonce}, SigUnsigned, stated},
	} {
		o, err := Verify(data, c.opt)
		if err != nil || o.Signature.Status != c.sig || o.Verdict != c.want {
			t.Errorf("%s: %v, signature %s, verdict %s; want %s, %s", c.name, err, o.Signature.Status, o.Verdict, c.sig, c.want)
		}
	}
}

// TestVerifyUnsignedPass: a genuine passing report whose signature was not
// verified is incomplete, marked Unsigned, unless AllowUnsigned.
func TestVerifyUnsignedPass(t *testing.T) {
	r := liveCase(t)
	// The kernel's record made to agree (GPU 5's board differs in the
	// live case): then nothing fails.
	r.Origin.Kernel.PCI = nil
	r.Checks = Derive(r)
	r.Summary = Summarize(r.Checks)
	if err := r.Seal(); err != nil {
		t.Fatal(err)
	}
	data, _ := Marshal(r)
	if r.Summary.Verdict != acceptance.VerdictPass {
		t.Skipf("the fixture does not pass (%s): nothing to lower", r.Summary.Verdict)
	}
	o, _ := Verify(data, VerifyOptions{})
	if o.Verdict != acceptance.VerdictIncomplete || !o.Unsigned || !o.Verified() {
		t.Errorf("unsigned pass: %s, unsigned %v", o.Verdict, o.Unsigned)
	}
	if o, _ := Verify(data, VerifyOptions{AllowUnsigned: true}); o.Verdict != acceptance.VerdictPass || o.Unsigned {
		t.Errorf("allowed unsigned: %s", o.Verdict)
	}
}
