package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
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
	report    string // the report or fleet report; "-" is standard input
	allowed   string // the allowed_signers file; "" checks no signature
	signature string // the signature file; "" for report + ".sig"
	nonce     string // the challenge the report must carry; "" for any
}

func parseVerifyReport(e env, args []string) (options, error) {
	o := &verifyReportOptions{}
	fs := newFlags(e, "verify-report", "report.json [--allowed-signers FILE [--signature report.json.sig]] [--nonce VALUE]")
	fs.StringVar(&o.allowed, "allowed-signers", "", "check the SSH signature against this allowed_signers file (ssh-keygen(1) format: principals [namespaces=\"gpuplan-report\"] ssh-ed25519 KEY)")
	fs.StringVar(&o.signature, "signature", "", "the signature file; default: the report's name with .sig added")
	fs.StringVar(&o.nonce, "nonce", "", "the challenge the buyer gave for this delivery: the report must carry it")
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
	name := o.report
	data, err := readInput(e, name, report.MaxBytes)
	if err != nil {
		return err
	}
	if isFleet(data) {
		return verifyFleet(e, name, data)
	}
	a, err := report.AuditFile(data)
	if err != nil {
		return usageErr("%s: not a report gpuverify can read: %v", name, err)
	}
	var problems []string
	if a.DigestOK {
		fmt.Fprintf(e.stdout, "%s: digest matches (sha256 %s)\n", name, a.Report.Digest)
	} else {
		problems = append(problems, "digest MISMATCH: the content does not hash to the digest the report states: it was changed after gpuverify wrote it")
	}
	who, sigProblem, err := checkSignature(e, name, data, o.allowed, o.signature)
	if err != nil {
		return err
	}
	if sigProblem != "" {
		problems = append(problems, sigProblem)
	} else {
		fmt.Fprintf(e.stdout, "%s: %s\n", name, who)
	}
	problems = append(problems, derivedProblems(a)...)
	if worded := len(a.Disagreements) - len(a.Material()); worded > 0 {
		fmt.Fprintf(e.stdout, "%s: note: %d checks have the same status but other wording than gpuverify %s gives (the report was written by %s %s)\n",
			name, worded, version, a.Report.Tool.Name, a.Report.Tool.Version)
	}
	if len(problems) == 0 {
		fmt.Fprintf(e.stdout, "%s: all %d checks and the summary agree with what gpuverify %s derives from the report's facts\n", name, len(a.Checks), version)
	}
	if o.nonce != "" && a.Report.Nonce != o.nonce {
		problems = append(problems, fmt.Sprintf("nonce MISMATCH: the report carries %q, not the challenge %q given for this delivery: it is an old or another delivery's report", a.Report.Nonce, o.nonce))
	}
	r := a.Report
	fmt.Fprintf(e.stdout, "origin: %s\n", provenance.Describe(r.Origin, r.Facts))
	if provenance.IsFile(r.Origin) {
		fmt.Fprintf(e.stdout, "%s\n", report.NotProof)
	}
	nonceText := r.Nonce
	if nonceText == "" {
		nonceText = "none"
	}
	if len(problems) > 0 {
		fmt.Fprintf(e.stdout, "checked %s by %s %s against plan sha256 %s, nonce %s: %s\n",
			r.Time, r.Tool.Name, r.Tool.Version, r.PlanSHA256, nonceText, report.NoVerdict)
		return &codeError{code: exitUnverified, msg: fmt.Sprintf("%s does NOT verify, so it gives no verdict:\n  %s", name, strings.Join(problems, "\n  "))}
	}
	fmt.Fprintf(e.stdout, "checked %s by %s %s against plan sha256 %s, nonce %s: %s (%s)\n",
		r.Time, r.Tool.Name, r.Tool.Version, r.PlanSHA256, nonceText, strings.ToUpper(a.Summary.Verdict), a.Summary.Counts())
	switch a.Summary.Verdict {
	case acceptance.VerdictFail:
		return &codeError{code: exitFailed, msg: fmt.Sprintf("%s is genuine, and its delivery FAILED %d checks", name, a.Summary.Fail)}
	case acceptance.VerdictIncomplete:
		return &codeError{code: exitIncomplete, msg: fmt.Sprintf("%s is genuine, but INCOMPLETE: %s not measured", name, countOf(len(acceptance.UnmeasuredDemanded(a.Checks)), "demanded check was", "demanded checks were"))}
	}
	return nil
}

// checkSignature verifies the report's SSH signature when allowed names an
// allowed_signers file. It returns a line for the output when all is well,
// or the problem; err is for files that cannot be read (exit 2).
func checkSignature(e env, name string, data []byte, allowed, sigName string) (ok string, problem string, err error) {
	if sigName == "" && name != "-" {
		sigName = name + ".sig"
	}
	if allowed == "" {
		if _, err := os.Stat(sigName); err == nil && sigName != "" {
			return fmt.Sprintf("signature %s NOT checked: pass --allowed-signers FILE to check who signed the report", sigName), "", nil
		}
		return "unsigned: nothing ties this report to a person (gpuverify check --out report.json --sign KEY signs it)", "", nil
	}
	if sigName == "" {
		return "", "", usageErr("the report comes from standard input: give its signature with --signature FILE")
	}
	signers, err := readInput(e, allowed, sshsig.MaxAllowedSignersBytes)
	if err != nil {
		return "", "", err
	}
	if _, err := os.Stat(sigName); errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Sprintf("signature MISSING: no %s; the report is unsigned, so nothing ties it to the engineer who ran the check", sigName), nil
	}
	sig, err := readInput(e, sigName, sshsig.MaxSignatureBytes)
	if err != nil {
		return "", "", err
	}
	who, err := sshsig.Verify(sig, sshsig.Namespace, data, signers)
	if err != nil {
		return "", "signature REFUSED: " + strings.TrimPrefix(err.Error(), "sshsig: "), nil
	}
	s, _ := sshsig.ParseSignature(sig)
	return fmt.Sprintf("signature GOOD by %s (%s %s, namespace %s)", who, strings.ToUpper(strings.TrimPrefix(sshsig.KeyType, "ssh-")), sshsig.Fingerprint(s.PublicKey), sshsig.Namespace), "", nil
}

// derivedProblems says where the stated checks and summary differ from the
// ones derived from the report's facts.
func derivedProblems(a *report.Audit) []string {
	var out []string
	material := a.Material()
	if n := len(material); n > 0 {
		lines := make([]string, 0, min(n, maxListed))
		for i, d := range material {
			if i == maxListed {
				lines = append(lines, fmt.Sprintf("… and %d more", n-maxListed))
				break
			}
			lines = append(lines, d.String())
		}
		out = append(out, fmt.Sprintf("%d checks DISAGREE with what the report's facts give (edited, or written by another gpuverify version):\n    %s", n, strings.Join(lines, "\n    ")))
	}
	if a.SummaryDiffers {
		s := a.Report.Summary
		out = append(out, fmt.Sprintf("summary DISAGREES: the report says %s (%s), its checks give %s (%s)", strings.ToUpper(s.Verdict), s.Counts(), strings.ToUpper(a.Summary.Verdict), a.Summary.Counts()))
	}
	return out
}
