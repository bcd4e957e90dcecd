package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/provenance"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

func init() {
	register("verify-report", "check a report or a fleet report: its digest, its SSH signature, its nonce and plan, and every check derived again from its facts (a fleet's: every node report it names, merged again)", parseVerifyReport)
}

// maxListed bounds the disagreeing checks printed.
const maxListed = 20

// verifyReportOptions are the flags and the file of gpuverify verify-report.
type verifyReportOptions struct {
	report        string   // the report or fleet report; "-" is standard input
	allowed       string   // the allowed_signers file; "" checks no signature
	signature     string   // the signature file; "" for report + ".sig"
	nonce         string   // the challenge the report must carry; "" for any
	plan          string   // the plan file the report must name; "" for any
	allowUnsigned bool     // a genuine unsigned pass exits 0
	lang          msg.Lang // the language of what it prints
}

func parseVerifyReport(e env, args []string) (options, error) {
	o := &verifyReportOptions{}
	fs := newFlags(e, "verify-report", "report.json|fleet.json [--allowed-signers FILE [--signature report.json.sig]] [--nonce VALUE] [--plan plan.json] [--allow-unsigned]")
	fs.StringVar(&o.allowed, "allowed-signers", "", "check the SSH signature against this allowed_signers file (ssh-keygen(1) format: principals [namespaces=\"gpuplan-report\"] ssh-ed25519 KEY)")
	fs.StringVar(&o.signature, "signature", "", "the signature file; default: the report's name with .sig added")
	fs.StringVar(&o.nonce, "nonce", "", "the challenge the buyer gave for this delivery: the report (every node report of a fleet) must carry it")
	fs.StringVar(&o.plan, "plan", "", "the plan file the report must have been checked against: another plan gives no verdict")
	fs.BoolVar(&o.allowUnsigned, "allow-unsigned", false, "let a genuine report whose signature was not verified pass (exit 0); without it such a report is INCOMPLETE (exit 4)")
	langVar(fs, e, &o.lang, "")
	files, err := parseArgs(fs, args, 1)
	if err != nil {
		return o, err
	}
	if len(files) != 1 {
		return o, usageErr("give one report file: gpuverify verify-report report.json (or - for standard input)")
	}
	o.report = files[0]
	return o, nil
}

func (o *verifyReportOptions) validate() error {
	if o.signature != "" && o.allowed == "" {
		return usageErr("--signature needs --allowed-signers: the file of keys allowed to sign reports")
	}
	if o.allowed == "-" || o.signature == "-" || o.plan == "-" {
		return usageErr("--allowed-signers, --signature and --plan read files, not standard input")
	}
	if err := report.ValidNonce(o.nonce); err != nil {
		return usageErr("--nonce: %v", err)
	}
	return nil
}

func (o *verifyReportOptions) run(_ context.Context, e env) error {
	l, name := o.lang, o.report
	data, err := readInput(e, name, max(report.MaxBytes, fleet.MaxBytes))
	if err != nil {
		return err
	}
	opt := report.VerifyOptions{Nonce: o.nonce, AllowUnsigned: o.allowUnsigned}
	if opt.PlanSHA256, err = planSHA256(e, o.plan); err != nil {
		return err
	}
	if o.allowed != "" {
		if opt.AllowedSigners, err = readInput(e, o.allowed, sshsig.MaxAllowedSignersBytes); err != nil {
			return err
		}
	}
	if report.SchemaOf(data) == fleet.Schema {
		return verifyFleet(e, name, data, opt, l)
	}
	sigName := o.signature
	if sigName == "" && name != "-" {
		sigName = name + ".sig"
	}
	if sigName == "" && o.allowed != "" {
		return usageErr("%s", l.Text("cli.sig.stdin"))
	}
	if opt.Signature, err = readSignature(sigName); err != nil {
		return err
	}
	out, err := report.Verify(data, opt)
	if err != nil {
		return usageErr("%s", l.Text("cli.verify.unreadable", msg.Text(name), msg.Text(err.Error())))
	}
	return renderVerify(e, name, sigName, out, l)
}

// planSHA256 is the SHA-256 of the plan file --plan names, after checking
// it is a plan; "" without --plan.
func planSHA256(e env, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	data, err := readDecoded(e, name, planfile.MaxBytes, func(b []byte) ([]byte, error) {
		_, err := planfile.DecodeAcceptance(b)
		return b, err
	})
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// readSignature reads the signature file beside a report: nil when there
// is none (or no name); an unreadable one is bad input (exit 2).
func readSignature(name string) ([]byte, error) {
	if name == "" {
		return nil, nil
	}
	sig, err := readFile(name, sshsig.MaxSignatureBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return sig, nil
}

// renderVerify prints what report.Verify found, in l, and returns the exit
// code as an error: 5 when the report does not verify, else its verdict.
func renderVerify(e env, name, sigName string, o *report.Outcome, l msg.Lang) error {
	say := func(id string, args ...msg.Arg) { fmt.Fprintln(e.stdout, l.Text(id, args...)) }
	r := o.Report
	var problems []string
	if o.DigestOK {
		say("cli.verify.digest_ok", msg.Text(name), msg.Text(r.Digest))
	} else {
		problems = append(problems, l.Text("cli.verify.digest_bad"))
	}
	if line, problem := signatureLine(o.Signature, sigName, l); problem {
		problems = append(problems, line)
	} else {
		say("report.line", msg.Text(name), msg.Text(line))
	}
	problems = append(problems, derivedProblems(o.Audit, l)...)
	if worded := len(o.Disagreements) - len(o.Material()); worded > 0 {
		say("cli.verify.worded", msg.Text(name), msg.Int(worded), msg.Text(version), msg.Text(r.Tool.Name), msg.Text(r.Tool.Version))
	}
	if o.Audit.OK() {
		say("cli.verify.agree", msg.Text(name), msg.Int(len(o.Checks)), msg.Text(version))
	}
	if !o.NonceOK {
		problems = append(problems, l.Text("cli.verify.nonce_bad", msg.Text(strconv.Quote(r.Nonce)), msg.Text(strconv.Quote(o.WantNonce))))
	}
	if !o.PlanOK {
		problems = append(problems, l.Text("cli.verify.plan_bad", msg.Text(shortHash(r.PlanSHA256)), msg.Text(shortHash(o.WantPlan))))
	}
	say("cli.verify.origin", msg.Text(report.DescribeOrigin(r.Origin, r.Facts, l)))
	if provenance.IsFile(r.Origin) {
		say("report.not_proof")
	}
	nonce := msg.Text(r.Nonce)
	if r.Nonce == "" {
		nonce = msg.Label("report.none")
	}
	checked := []msg.Arg{msg.Text(r.Time), msg.Text(r.Tool.Name), msg.Text(r.Tool.Version), msg.Text(r.PlanSHA256), nonce}
	if o.Verdict == report.VerdictUnverified {
		say("cli.verify.checked", append(checked, msg.Label("report.no_verdict"))...)
		return &codeError{code: exitUnverified, msg: l.Text("cli.verify.not_verified", msg.Text(name)) + "\n  " + strings.Join(problems, "\n  ")}
	}
	say("cli.verify.checked", append(checked, msg.Sub(msg.New("cli.verify.verdict", msg.Text(strings.ToUpper(string(o.Verdict))), msg.Sub(o.Summary.CountsMsg()))))...)
	switch {
	case o.Verdict == acceptance.VerdictFail:
		return &codeError{code: exitFailed, msg: l.Text("cli.verify.failed", msg.Text(name), msg.Int(o.Summary.Fail))}
	case o.Unsigned:
		return &codeError{code: exitIncomplete, msg: l.Text("cli.verify.unsigned", msg.Text(name))}
	case o.Verdict == acceptance.VerdictIncomplete:
		return &codeError{code: exitIncomplete, msg: l.Text("cli.verify.incomplete", msg.Text(name), msg.Int(len(acceptance.UnmeasuredDemanded(o.Checks))))}
	}
	return nil
}

// shortHash is the first 12 digits of a hash, as a mismatch names it: a
// message never prints a whole hash for someone to paste into a file.
func shortHash(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	return h
}

// signatureLine says what the signature check found, in l; problem is
// true when it makes the report unverified.
func signatureLine(s report.Signature, sigName string, l msg.Lang) (line string, problem bool) {
	switch s.Status {
	case report.SigGood:
		return l.Text("cli.sig.good", msg.Text(s.Signer), msg.Text(s.KeyType), msg.Text(s.Fingerprint), msg.Text(sshsig.Namespace)), false
	case report.SigUnchecked:
		return l.Text("cli.sig.not_checked", msg.Text(sigName)), false
	case report.SigMissing:
		return l.Text("cli.sig.missing", msg.Text(sigName)), true
	case report.SigRefused:
		return l.Text("cli.sig.refused", msg.Text(s.Detail)), true
	}
	return l.Text("cli.sig.unsigned"), false
}

// derivedProblems says where the stated checks and summary differ from the
// ones derived from the report's facts, in l.
func derivedProblems(a *report.Audit, l msg.Lang) []string {
	var out []string
	if p := disagreeing(a.Material(), l); p != "" {
		out = append(out, p)
	}
	if a.SummaryDiffers {
		s := a.Report.Summary
		out = append(out, l.Text("cli.verify.summary_differs", msg.Text(strings.ToUpper(string(s.Verdict))), msg.Sub(s.CountsMsg()), msg.Text(strings.ToUpper(string(a.Summary.Verdict))), msg.Sub(a.Summary.CountsMsg())))
	}
	return out
}

// disagreeing lists material disagreements, at most maxListed of them; ""
// when there are none.
func disagreeing(material []report.Disagreement, l msg.Lang) string {
	n := len(material)
	if n == 0 {
		return ""
	}
	lines := make([]string, 0, min(n, maxListed))
	for i, d := range material {
		if i == maxListed {
			lines = append(lines, l.Text("cli.verify.more", msg.Int(n-maxListed)))
			break
		}
		lines = append(lines, d.In(l))
	}
	return l.Text("cli.verify.disagree", msg.Int(n)) + "\n    " + strings.Join(lines, "\n    ")
}
