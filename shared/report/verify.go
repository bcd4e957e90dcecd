package report

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/seal"
	"github.com/gpuplan/gpuplan/shared/provenance"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

// VerdictUnverified is the verdict of a report or fleet file that does not
// verify: changed, badly signed, derived differently, carrying another
// nonce or made against another plan. It proves nothing, pass or fail.
const VerdictUnverified acceptance.Verdict = "unverified"

// The outcomes of checking a report's SSH signature.
const (
	// SigGood: the signature verifies and its key is an allowed signer.
	SigGood = "verified"
	// SigMissing: allowed signers were given but no signature.
	SigMissing = "missing"
	// SigRefused: the signature is malformed, made for another namespace,
	// of other bytes, or by a key the allowed signers do not list.
	SigRefused = "invalid"
	// SigUnchecked: a signature was found but no allowed signers were
	// given, so nothing says whose key made it.
	SigUnchecked = "unchecked"
	// SigUnsigned: neither a signature nor allowed signers.
	SigUnsigned = "unsigned"
)

// Signature is the outcome of checking one file's SSH signature.
type Signature struct {
	// Status is one of SigGood, SigMissing, SigRefused, SigUnchecked and
	// SigUnsigned.
	Status string
	// Signer is the principals of the allowed_signers line whose key
	// signed; KeyType and Fingerprint name that key ("ED25519",
	// "SHA256:…"). Set for SigGood.
	Signer, KeyType, Fingerprint string
	// Detail is why the signature was refused, for SigRefused.
	Detail string
}

// Bad reports whether the signature makes the file unverified: refused,
// or missing where allowed signers asked for one.
func (s Signature) Bad() bool { return s.Status == SigRefused || s.Status == SigMissing }

// CheckSignature checks sig, an armored SSH signature of data in the
// report namespace, against an allowed_signers file. A nil allowed checks
// nothing (SigUnchecked or SigUnsigned); a nil sig with allowed signers is
// SigMissing.
func CheckSignature(data, sig, allowed []byte) Signature {
	switch {
	case allowed == nil && sig == nil:
		return Signature{Status: SigUnsigned}
	case allowed == nil:
		return Signature{Status: SigUnchecked}
	case sig == nil:
		return Signature{Status: SigMissing}
	}
	who, err := sshsig.Verify(sig, sshsig.Namespace, data, allowed)
	if err != nil {
		return Signature{Status: SigRefused, Detail: strings.TrimPrefix(err.Error(), "sshsig: ")}
	}
	s, _ := sshsig.ParseSignature(sig)
	return Signature{Status: SigGood, Signer: who, KeyType: strings.ToUpper(strings.TrimPrefix(sshsig.KeyType, "ssh-")),
		Fingerprint: sshsig.Fingerprint(s.PublicKey)}
}

// VerifyOptions is what a reader checks a report against besides its own
// content.
type VerifyOptions struct {
	// Signature is the armored signature found beside the report; nil when
	// none was found.
	Signature []byte
	// AllowedSigners is the allowed_signers file; nil checks no signature.
	AllowedSigners []byte
	// Nonce is the challenge the report must carry; "" accepts any.
	Nonce string
	// PlanSHA256 is the hex SHA-256 of the plan file the report must name;
	// "" accepts any.
	PlanSHA256 string
	// AllowUnsigned lets a genuine report whose signature was not verified
	// keep a pass; without it such a report is at best incomplete.
	AllowUnsigned bool
}

// Outcome is everything a reader learns from verifying a report file: the
// audit of its content (digest and derived checks), its signature, its
// nonce and its plan, and the verdict those give together.
type Outcome struct {
	// Audit is the report, its digest check and its derived checks.
	*Audit
	// Signature is the outcome of its SSH signature.
	Signature Signature
	// NonceOK is false when a nonce was asked for and the report carries
	// another; PlanOK likewise for the plan's SHA-256. WantNonce and
	// WantPlan are what was asked for.
	NonceOK, PlanOK     bool
	WantNonce, WantPlan string
	// Unsigned is true when a genuine pass was lowered to incomplete
	// because nothing verified ties the report to a person.
	Unsigned bool
	// Verdict is VerdictUnverified when the report does not verify, else
	// the derived verdict (pass lowered to incomplete when Unsigned).
	Verdict acceptance.Verdict
}

// Verified reports whether the report verifies: its digest, derived
// checks and summary, its signature (unless refused or missing), its
// nonce and its plan.
func (o *Outcome) Verified() bool {
	return o.Audit.OK() && !o.Signature.Bad() && o.NonceOK && o.PlanOK
}

// Verify is the one audit of a report file, which gpuverify verify-report,
// gpuverify merge and the planner site render: it decodes the file, checks
// its digest, derives its checks again, checks its signature, nonce and
// plan, and gives the verdict. err is set only when data is not a report
// this package reads.
func Verify(data []byte, opt VerifyOptions) (*Outcome, error) {
	a, err := AuditFile(data)
	if err != nil {
		return nil, err
	}
	r := a.Report
	o := &Outcome{Audit: a, Signature: CheckSignature(data, opt.Signature, opt.AllowedSigners),
		NonceOK: opt.Nonce == "" || r.Nonce == opt.Nonce, PlanOK: opt.PlanSHA256 == "" || r.PlanSHA256 == opt.PlanSHA256,
		WantNonce: opt.Nonce, WantPlan: opt.PlanSHA256}
	o.Verdict = o.Summary.Verdict
	switch {
	case !o.Verified():
		o.Verdict = VerdictUnverified
	case o.Verdict == acceptance.VerdictPass && o.Signature.Status != SigGood && !opt.AllowUnsigned:
		o.Verdict, o.Unsigned = acceptance.VerdictIncomplete, true
	}
	return o, nil
}

// Live reports whether the report's facts were read live through NVML.
func (o *Outcome) Live() bool { return !provenance.IsFile(o.Report.Origin) }

// VerifyDigest decodes a report file and recomputes its digest. want is
// the digest the file states, got the digest of its content; ok is true
// when they match. err is set when the file is not a report this package
// reads (then ok is false and want and got may be empty).
func VerifyDigest(report []byte) (ok bool, want, got string, err error) {
	r, err := Decode(report)
	if err != nil {
		return false, "", "", err
	}
	c, err := canonical(r)
	if err != nil {
		return false, r.Digest, "", err
	}
	got = seal.Digest(c)
	return got == r.Digest, r.Digest, got, nil
}
