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
	return mergeExit(f)
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

// mergeExit maps the fleet to the exit code: 2 when a file was rejected
// (named on stderr; the fleet report holds the rest), 3 when a check
// failed, 4 when a node was incomplete.
func mergeExit(f *fleet.Fleet) error {
	if len(f.Rejected) > 0 {
		parts := make([]string, len(f.Rejected))
		for i, r := range f.Rejected {
			parts[i] = r.File + ": " + r.Reason
		}
		return usageErr("%d of %d files not merged (the fleet report holds the other %d):\n  %s",
			len(f.Rejected), len(f.Rejected)+len(f.Nodes), len(f.Nodes), strings.Join(parts, "\n  "))
	}
	if f.Summary.Fail > 0 {
		return &codeError{code: exitFailed, msg: fmt.Sprintf("%d of %d fleet checks failed: keep the fleet report and the node reports and open a ticket with the vendor (rule A4)", f.Summary.Fail, f.Summary.Total)}
	}
	if f.Summary.Verdict == acceptance.VerdictIncomplete {
		return &codeError{code: exitIncomplete, msg: "INCOMPLETE: no fleet check failed, but a check the plan demands was not measured on some node (see the fleet report)"}
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

// verifyFleet is verify-report for a fleet report.
func verifyFleet(e env, name string, data []byte) error {
	ok, _, got, err := fleet.Verify(data)
	if err != nil {
		return usageErr("%s: not a fleet report gpuverify can read: %v", name, err)
	}
	if !ok {
		fmt.Fprintf(e.stdout, "%s: %s\n", name, report.NoVerdict)
		return &codeError{code: exitUnverified, msg: fmt.Sprintf("%s: digest MISMATCH: the content does not hash to the digest the fleet report states: it was changed after gpuverify wrote it, so it gives no verdict", name)}
	}
	f, _ := fleet.Decode(data)
	fmt.Fprintf(e.stdout, "%s: digest matches (sha256 %s)\nmerged %s by %s %s: %d nodes, %d not merged, against plan sha256 %s: %s (%d fail, %d warn, %d skip, %d pass)\n",
		name, got, f.Time, f.Tool.Name, f.Tool.Version, len(f.Nodes), len(f.Rejected), f.Plan.SHA256,
		strings.ToUpper(f.Summary.Verdict), f.Summary.Fail, f.Summary.Warn, f.Summary.Skip, f.Summary.Pass)
	return nil
}
