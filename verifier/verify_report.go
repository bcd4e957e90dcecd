package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

func init() {
	register("verify-report", "check a report: its digest, its SSH signature, and every check derived again from its facts; a fleet report: its digest", parseVerifyReport)
}

// maxListed bounds the disagreeing checks printed.
const maxListed = 20

// verifyReportOptions are the flags and the file of gpuverify verify-report.
type verifyReportOptions struct {
	report    string   // the report or fleet report; "-" is standard input
	allowed   string   // the allowed_signers file; "" checks no signature
	signature string   // the signature file; "" for report + ".sig"
	nonce     string   // the challenge the report must carry; "" for any
	lang      msg.Lang // the language of what it prints
}

func parseVerifyReport(e env, args []string) (options, error) {
	o := &verifyReportOptions{}
	fs := newFlags(e, "verify-report", "report.json [--allowed-signers FILE [--signature report.json.sig]] [--nonce VALUE]")
	fs.StringVar(&o.allowed, "allowed-signers", "", "check the SSH signature against this allowed_signers file (ssh-keygen(1) format: principals [namespaces=\"gpuplan-report\"] ssh-ed25519 KEY)")
	fs.StringVar(&o.signature, "signature", "", "the signature file; default: the report's name with .sig added")
	fs.StringVar(&o.nonce, "nonce", "", "the challenge the buyer gave for this delivery: the report must carry it")
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
	if o.allowed == "-" || o.signature == "-" {
		return usageErr("--allowed-signers and --signature read files, not standard input")
	}
	return nil
}

func (o *verifyReportOptions) run(_ context.Context, e env) error {
	l, name := o.lang, o.report
	data, err := readInput(e, name, report.MaxBytes)
	if err != nil {
		return err
	}
	if isFleet(data) {
		return verifyFleet(e, name, data, l)
	}
	a, err := report.AuditFile(data)
	if err != nil {
		return usageErr("%s", l.Text("cli.verify.unreadable", msg.Text(name), msg.Text(err.Error())))
	}
	say := func(id string, args ...msg.Arg) { fmt.Fprintln(e.stdout, l.Text(id, args...)) }
	var problems []string
	if a.DigestOK {
		say("cli.verify.digest_ok", msg.Text(name), msg.Text(a.Report.Digest))
	} else {
		problems = append(problems, l.Text("cli.verify.digest_bad"))
	}
	who, sigProblem, err := checkSignature(e, name, data, o.allowed, o.signature, l)
	if err != nil {
		return err
	}
	if sigProblem != "" {
		problems = append(problems, sigProblem)
	} else {
		say("report.line", msg.Text(name), msg.Text(who))
	}
	problems = append(problems, derivedProblems(a, l)...)
	if worded := len(a.Disagreements) - len(a.Material()); worded > 0 {
		say("cli.verify.worded", msg.Text(name), msg.Int(worded), msg.Text(version), msg.Text(a.Report.Tool.Name), msg.Text(a.Report.Tool.Version))
	}
	if len(problems) == 0 {
		say("cli.verify.agree", msg.Text(name), msg.Int(len(a.Checks)), msg.Text(version))
	}
	r := a.Report
	if o.nonce != "" && r.Nonce != o.nonce {
		problems = append(problems, l.Text("cli.verify.nonce_bad", msg.Text(strconv.Quote(r.Nonce)), msg.Text(strconv.Quote(o.nonce))))
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
	if len(problems) > 0 {
		say("cli.verify.checked", append(checked, msg.Label("report.no_verdict"))...)
		return &codeError{code: exitUnverified, msg: l.Text("cli.verify.not_verified", msg.Text(name)) + "\n  " + strings.Join(problems, "\n  ")}
	}
	say("cli.verify.checked", append(checked, msg.Sub(msg.New("cli.verify.verdict", msg.Text(strings.ToUpper(a.Summary.Verdict)), msg.Sub(a.Summary.CountsMsg()))))...)
	switch a.Summary.Verdict {
	case acceptance.VerdictFail:
		return &codeError{code: exitFailed, msg: l.Text("cli.verify.failed", msg.Text(name), msg.Int(a.Summary.Fail))}
	case acceptance.VerdictIncomplete:
		return &codeError{code: exitIncomplete, msg: l.Text("cli.verify.incomplete", msg.Text(name), msg.Int(len(acceptance.UnmeasuredDemanded(a.Checks))))}
	}
	return nil
}

// checkSignature verifies the report's SSH signature when allowed names an
// allowed_signers file. It returns a line for the output when all is well,
// or the problem, in l; err is for files that cannot be read (exit 2).
func checkSignature(e env, name string, data []byte, allowed, sigName string, l msg.Lang) (ok string, problem string, err error) {
	if sigName == "" && name != "-" {
		sigName = name + ".sig"
	}
	if allowed == "" {
		if _, err := os.Stat(sigName); err == nil && sigName != "" {
			return l.Text("cli.sig.not_checked", msg.Text(sigName)), "", nil
		}
		return l.Text("cli.sig.unsigned"), "", nil
	}
	if sigName == "" {
		return "", "", usageErr("%s", l.Text("cli.sig.stdin"))
	}
	signers, err := readInput(e, allowed, sshsig.MaxAllowedSignersBytes)
	if err != nil {
		return "", "", err
	}
	if _, err := os.Stat(sigName); errors.Is(err, fs.ErrNotExist) {
		return "", l.Text("cli.sig.missing", msg.Text(sigName)), nil
	}
	sig, err := readInput(e, sigName, sshsig.MaxSignatureBytes)
	if err != nil {
		return "", "", err
	}
	who, err := sshsig.Verify(sig, sshsig.Namespace, data, signers)
	if err != nil {
		return "", l.Text("cli.sig.refused", msg.Text(strings.TrimPrefix(err.Error(), "sshsig: "))), nil
	}
	s, _ := sshsig.ParseSignature(sig)
	keyType := strings.ToUpper(strings.TrimPrefix(sshsig.KeyType, "ssh-"))
	return l.Text("cli.sig.good", msg.Text(who), msg.Text(keyType), msg.Text(sshsig.Fingerprint(s.PublicKey)), msg.Text(sshsig.Namespace)), "", nil
}

// derivedProblems says where the stated checks and summary differ from the
// ones derived from the report's facts, in l.
func derivedProblems(a *report.Audit, l msg.Lang) []string {
	var out []string
	material := a.Material()
	if n := len(material); n > 0 {
		lines := make([]string, 0, min(n, maxListed))
		for i, d := range material {
			if i == maxListed {
				lines = append(lines, l.Text("cli.verify.more", msg.Int(n-maxListed)))
				break
			}
			lines = append(lines, d.In(l))
		}
		out = append(out, l.Text("cli.verify.disagree", msg.Int(n))+"\n    "+strings.Join(lines, "\n    "))
	}
	if a.SummaryDiffers {
		s := a.Report.Summary
		out = append(out, l.Text("cli.verify.summary_differs", msg.Text(strings.ToUpper(s.Verdict)), msg.Sub(s.CountsMsg()), msg.Text(strings.ToUpper(a.Summary.Verdict)), msg.Sub(a.Summary.CountsMsg())))
	}
	return out
}
