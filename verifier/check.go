package main

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

func init() {
	register("check", "check this server against a plan's acceptance block and write the evidence report (rules A1-A4)", parseCheck)
}

// checkOptions are the flags of gpuverify check.
type checkOptions struct {
	plan          string        // the plan file; "-" is standard input
	smi           string        // saved nvidia-smi output; "" reads NVML
	out           output        // where to write the JSON report; "" for nowhere
	sign          string        // the OpenSSH private key that signs out
	nonce         string        // the buyer's challenge
	bench         bool          // also run the bench
	benchDuration time.Duration // the bench's time budget
	pocBench      string        // the POC machine's bench file
	printing
}

func parseCheck(e env, args []string) (options, error) {
	o := &checkOptions{}
	fs := newFlags(e, "check", "--plan plan.json [--nvidia-smi FILE] [--format text|json|markdown] [--lang zh|en] [--out report.json [--sign KEY]] [--nonce VALUE] [--bench [--bench-duration 60s] [--poc-bench FILE]]")
	fs.StringVar(&o.plan, "plan", "", "the plan file exported by the planner; - reads standard input")
	fs.StringVar(&o.smi, "nvidia-smi", "", "check saved nvidia-smi output (-q -x, -q or --query-gpu CSV) instead of this server's NVML; - reads standard input")
	o.out.flags(fs, "out", "also write the JSON report, with its digest, to this file (the evidence to keep; gpuverify verify-report checks it)")
	fs.StringVar(&o.sign, "sign", "", "with --out: sign the report file with this OpenSSH Ed25519 private key (unencrypted), writing OUT.sig in the format of ssh-keygen -Y sign, namespace "+sshsig.Namespace)
	fs.StringVar(&o.nonce, "nonce", "", "the buyer's fresh challenge (such as the output of openssl rand -hex 16), recorded in the report so an old report cannot be replayed")
	fs.BoolVar(&o.bench, "bench", false, "also run gpuverify bench on this server's GPUs and add its checks to the report (rules A2, A1; P3 with --poc-bench)")
	fs.DurationVar(&o.benchDuration, "bench-duration", defaultBenchDuration, "time budget of the bench, 5s to 1h")
	fs.StringVar(&o.pocBench, "poc-bench", "", "with --bench: the JSON output of gpuverify bench on the POC machine (rule P3)")
	o.printing.flags(fs, e, "what to print: text, json (the report) or markdown (for a ticket)", "; the report file keeps English", formatText, formatJSON, formatMarkdown)
	return o, parseFlags(fs, args)
}

// validate checks the flags and how they combine, before any file is read.
func (o *checkOptions) validate() error {
	if !o.bench && o.pocBench != "" {
		return usageErr("--poc-bench needs --bench")
	}
	if o.sign != "" && o.out.path == "" {
		return usageErr("--sign needs --out: it signs the report file")
	}
	if o.sign == "-" {
		return usageErr("--sign reads a key file, not standard input")
	}
	if err := report.ValidNonce(o.nonce); err != nil {
		return usageErr("--%v", err)
	}
	if o.pocBench == "-" && (o.plan == "-" || o.smi == "-") {
		return usageErr("--poc-bench cannot read standard input when --plan or --nvidia-smi does")
	}
	if _, err := benchConfig(o.benchDuration, "all"); err != nil {
		return err
	}
	if o.plan == "" {
		return usageErr("--plan is required: the plan file from the planner, or - for standard input")
	}
	if o.plan == "-" && o.smi == "-" {
		return usageErr("--plan and --nvidia-smi cannot both read standard input")
	}
	return nil
}

func (o *checkOptions) run(ctx context.Context, e env) error {
	key, err := readSigningKey(e, o.sign)
	if err != nil {
		return err
	}
	pocRun, err := readPOCBench(e, o.pocBench)
	if err != nil {
		return err
	}
	reportOut := o.out.reading(o.plan, o.smi, o.pocBench, o.sign)
	if err := reportOut.check(); err != nil {
		return err
	}
	if key != nil {
		if err := reportOut.signature().check(); err != nil {
			return err
		}
	}
	planBytes, err := readInput(e, o.plan, planfile.MaxBytes)
	if err != nil {
		return err
	}
	acc, err := planfile.DecodeAcceptance(planBytes)
	if err != nil {
		return inputErr(o.plan, err)
	}
	f, origin, err := collectFacts(ctx, e, o.smi)
	if err != nil {
		return err
	}
	r, err := report.Build(report.Input{PlanFile: planBytes, Acceptance: acc, Facts: f, Origin: origin, Nonce: o.nonce,
		Tool: report.Tool{Name: "gpuverify", Version: version}, Time: e.now()})
	if err != nil {
		return runErr("building the report: %v", err)
	}
	if err := recordFabric(e, r, acc, o.smi != ""); err != nil {
		return err
	}
	interrupted := false
	if o.bench {
		cfg, err := benchConfig(o.benchDuration, "all")
		if err != nil {
			return err
		}
		run, err := addBench(ctx, e, r, cfg, pocRun, o.lang)
		if err != nil {
			return err
		}
		interrupted = run.Interrupted
	}
	if reportOut.path != "" {
		if err := writeReportFile(e, reportOut, r, key, o.lang); err != nil {
			return err
		}
	}
	if err := reportForms(r, o.lang).print(e.stdout, o.format); err != nil {
		return err
	}
	return verdictErr(r, interrupted, o.lang)
}

// verdictErr maps the report's verdict to the exit code: 3 fail, 1 an
// interrupted bench, 4 incomplete, 0 pass.
// Its message is in l.
func verdictErr(r *report.Report, interrupted bool, l msg.Lang) error {
	switch {
	case r.Summary.Fail > 0:
		return &codeError{code: exitFailed, msg: l.Text("cli.check.failed", msg.Int(r.Summary.Fail), msg.Int(r.Summary.Total))}
	case interrupted:
		return &codeError{code: exitError, msg: l.Text("cli.check.interrupted")}
	case r.Summary.Verdict == acceptance.VerdictIncomplete:
		return &codeError{code: exitIncomplete, msg: l.Text("cli.check.incomplete", msg.Int(len(acceptance.UnmeasuredDemanded(r.Checks))))}
	}
	return nil
}

// readSigningKey reads the OpenSSH private key of --sign; "" means none.
func readSigningKey(e env, name string) (ed25519.PrivateKey, error) {
	return readDecoded(e, name, sshsig.MaxPrivateKeyBytes, sshsig.ParsePrivateKey)
}

// writeReportFile writes the report atomically (output.write) and, with a
// key, its SSH signature of the exact bytes written (name.sig), saying on
// stderr in l how the buyer checks it.
func writeReportFile(e env, out output, r *report.Report, key ed25519.PrivateKey, l msg.Lang) error {
	data, err := report.Marshal(r)
	if err != nil {
		return runErr("encoding the report: %v", err)
	}
	var sig []byte
	if key != nil {
		if sig, err = sshsig.Sign(key, sshsig.Namespace, data); err != nil {
			return runErr("signing the report: %v", err)
		}
	}
	sigOut := out.signature()
	stale := staleSignature(sigOut)
	if err := out.write(data); err != nil {
		return err
	}
	if key == nil {
		if stale {
			os.Remove(sigOut.path) // the signature of the report just replaced would mislead
		}
		return nil
	}
	if err := sigOut.write(sig); err != nil {
		return err
	}
	pub := key.Public().(ed25519.PublicKey)
	fmt.Fprintf(e.stderr, "gpuverify: %s\n  gpuverify verify-report %s --allowed-signers allowed_signers\n  %s\n",
		l.Text("cli.check.signed", msg.Text(out.path), msg.Text(sshsig.Fingerprint(pub)), msg.Text(sshsig.KeyType)), out.path,
		l.Text("cli.check.signed_or", msg.Text(fmt.Sprintf("ssh-keygen -Y verify -f allowed_signers -I YOUR-ID -n %s -s %s.sig < %s", sshsig.Namespace, out.path, out.path))))
	return nil
}

// staleSignature reports whether sig is a signature gpuverify wrote
// beside the report about to be replaced: a regular file, not an
// input, holding an SSH signature in the report namespace. Only such a
// file is removed when the report is written again unsigned; any other
// file of that name (a capture, notes) is left as it is.
func staleSignature(sig output) bool {
	if st, err := os.Lstat(sig.path); err != nil || !st.Mode().IsRegular() || sig.check() != nil {
		return false
	}
	data, err := readFile(sig.path, sshsig.MaxSignatureBytes)
	if err != nil {
		return false
	}
	s, err := sshsig.ParseSignature(data)
	return err == nil && s.Namespace == sshsig.Namespace
}

// reportForms are the report in the formats check prints, the text and
// Markdown in l.
func reportForms(r *report.Report, l msg.Lang) forms {
	return forms{
		text:     func(w io.Writer) error { return report.WriteText(w, r, l) },
		markdown: func(w io.Writer) error { return report.WriteMarkdown(w, r, l) },
		json:     func() ([]byte, error) { return report.Marshal(r) },
	}
}
