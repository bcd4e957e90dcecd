package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

func init() {
	register("merge", "merge the reports of every node of a cluster into one fleet report: counts, one plan, no box twice, drivers, bench per node, InfiniBand (rules A1-A4)", parseMerge)
}

// mergeOptions are the flags and files of gpuverify merge.
type mergeOptions struct {
	reports []string // the node reports
	plan    string   // the plan file; "" for the one most reports name
	signers string   // the allowed_signers file; "" checks no signatures
	nccl    string   // nccl-tests output across the nodes
	out     output   // where to write the fleet report; "" for nowhere
	printing
}

func parseMerge(e env, args []string) (options, error) {
	o := &mergeOptions{}
	fs := newFlags(e, "merge", "REPORT... [--plan plan.json] [--allowed-signers FILE] [--nccl FILE] [--out fleet.json] [--format text|markdown|json] [--lang zh|en]")
	fs.StringVar(&o.plan, "plan", "", "the plan file every node was checked against (default: the plan most reports name)")
	fs.StringVar(&o.signers, "allowed-signers", "", "check each REPORT.sig against this allowed-signers file (ssh-keygen -Y verify format)")
	fs.StringVar(&o.nccl, "nccl", "", "the output of nccl-tests' all_reduce_perf run across the nodes, to record and check")
	o.out.flags(fs, "out", "also write the fleet report (JSON, with its digest) to this file")
	o.printing.flags(fs, e, "what to print: text, markdown (for a ticket) or json (the fleet report)", "; the fleet file keeps English", formatText, formatMarkdown, formatJSON)
	var err error
	o.reports, err = parseArgs(fs, args, fleet.MaxReports)
	return o, err
}

func (o *mergeOptions) validate() error {
	if len(o.reports) == 0 {
		return usageErr("give the node reports: gpuverify merge report-*.json --out fleet.json")
	}
	if len(o.reports) > fleet.MaxReports {
		return usageErr("more than %d reports: merge at most %d at a time", fleet.MaxReports, fleet.MaxReports)
	}
	if slices.Contains(o.reports, "-") {
		return usageErr("merge reads report files, not standard input")
	}
	return nil
}

func (o *mergeOptions) run(_ context.Context, e env) error {
	fleetOut := o.out.reading(append(slices.Clone(o.reports), o.plan, o.signers, o.nccl)...)
	if err := fleetOut.check(); err != nil {
		return err
	}
	opt := fleet.Options{Tool: report.Tool{Name: "gpuverify", Version: version}, Now: e.now()}
	var err error
	if opt.Plan, err = readDecoded(e, o.plan, planfile.MaxBytes, fleet.PlanOf); err != nil {
		return err
	}
	if opt.NCCL, err = readDecoded(e, o.nccl, fabric.MaxNCCLBytes, fabric.ParseNCCL); err != nil {
		return err
	}
	var allowed []byte
	if o.signers != "" {
		if allowed, err = readInput(e, o.signers, sshsig.MaxAllowedSignersBytes); err != nil {
			return err
		}
		opt.Signatures = true
	}
	inputs, err := readReports(e, o.reports, allowed, opt.Signatures)
	if err != nil {
		return err
	}
	f, err := fleet.Merge(inputs, opt)
	if err != nil {
		return runErr("merging: %v", err)
	}
	result := fleetForms(f, o.lang)
	if fleetOut.path != "" {
		if err := result.save(fleetOut); err != nil {
			return err
		}
	}
	if err := result.print(e.stdout, o.format); err != nil {
		return err
	}
	return mergeExit(f, o.lang)
}

// readReports reads each report and, when asked, its signature beside it.
// A file that cannot be read is bad input (exit 2) before anything merges:
// the admin mistyped a name.
func readReports(e env, files []string, allowed []byte, sigs bool) ([]fleet.Input, error) {
	inputs := make([]fleet.Input, 0, len(files))
	for _, name := range files {
		data, err := readInput(e, name, report.MaxBytes)
		if err != nil {
			return nil, err
		}
		in := fleet.Input{Name: name, Data: data}
		if sigs {
			in.Signature = fleetSignature(name, data, allowed)
		}
		inputs = append(inputs, in)
	}
	return inputs, nil
}

// fleetSignature verifies name.sig against the allowed signers.
func fleetSignature(name string, data, allowed []byte) *fleet.Signature {
	sig, err := readFile(name+".sig", sshsig.MaxSignatureBytes)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return &fleet.Signature{Status: fleet.SigMissing, Detail: "no " + filepath.Base(name) + ".sig beside the report"}
	case err != nil:
		return &fleet.Signature{Status: fleet.SigInvalid, Detail: err.Error()}
	}
	who, err := sshsig.Verify(sig, sshsig.Namespace, data, allowed)
	if err != nil {
		return &fleet.Signature{Status: fleet.SigInvalid, Detail: err.Error()}
	}
	return &fleet.Signature{Status: fleet.SigVerified, Signer: who}
}

// mergeExit maps the fleet to the exit code, with its message in l: 2
// when a file was rejected (named on stderr; the fleet report holds the
// rest), 3 when a check failed, 4 when a node was incomplete.
func mergeExit(f *fleet.Fleet, l msg.Lang) error {
	if len(f.Rejected) > 0 {
		parts := make([]string, len(f.Rejected))
		for i, r := range f.Rejected {
			parts[i] = l.Text("report.line", msg.Text(r.File), msg.Text(r.Reason))
		}
		head := l.Text("cli.merge.rejected", msg.Int(len(f.Rejected)), msg.Int(len(f.Rejected)+len(f.Nodes)), msg.Int(len(f.Nodes)))
		return usageErr("%s\n  %s", head, strings.Join(parts, "\n  "))
	}
	if f.Summary.Fail > 0 {
		return &codeError{code: exitFailed, msg: l.Text("cli.merge.failed", msg.Int(f.Summary.Fail), msg.Int(f.Summary.Total))}
	}
	if f.Summary.Verdict == acceptance.VerdictIncomplete {
		return &codeError{code: exitIncomplete, msg: l.Text("cli.merge.incomplete")}
	}
	return nil
}

// fleetForms are the fleet report in the formats merge prints, the text
// and Markdown in l.
func fleetForms(f *fleet.Fleet, l msg.Lang) forms {
	return forms{
		text:     func(w io.Writer) error { return f.WriteTextIn(w, l) },
		markdown: func(w io.Writer) error { return f.WriteMarkdownIn(w, l) },
		json:     func() ([]byte, error) { return fleet.Marshal(f) },
	}
}

// isFleet reports whether data is a fleet report: verify-report checks
// those too.
func isFleet(data []byte) bool {
	var head struct {
		Schema string `json:"schema"`
	}
	return json.Unmarshal(data, &head) == nil && head.Schema == fleet.Schema
}

// verifyFleet is verify-report for a fleet report, in l.
func verifyFleet(e env, name string, data []byte, l msg.Lang) error {
	ok, _, got, err := fleet.Verify(data)
	if err != nil {
		return usageErr("%s", l.Text("cli.verify.fleet_unreadable", msg.Text(name), msg.Text(err.Error())))
	}
	if !ok {
		fmt.Fprintln(e.stdout, l.Text("report.line", msg.Text(name), msg.Label("report.no_verdict")))
		return &codeError{code: exitUnverified, msg: l.Text("cli.verify.fleet_digest_bad", msg.Text(name))}
	}
	f, _ := fleet.Decode(data)
	s := f.Summary
	fmt.Fprintln(e.stdout, l.Text("cli.verify.digest_ok", msg.Text(name), msg.Text(got)))
	fmt.Fprintln(e.stdout, l.Text("cli.verify.merged", msg.Text(f.Time), msg.Text(f.Tool.Name), msg.Text(f.Tool.Version),
		msg.Int(len(f.Nodes)), msg.Int(len(f.Rejected)), msg.Text(f.Plan.SHA256), msg.Text(strings.ToUpper(s.Verdict)),
		msg.Int(s.Fail), msg.Int(s.Warn), msg.Int(s.Skip), msg.Int(s.Pass)))
	return nil
}
