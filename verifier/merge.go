package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

func init() {
	register("merge", "merge the reports of every node of a cluster into one fleet report: counts, one plan, no box twice, drivers, bench per node, InfiniBand (rules A1-A4)", runMerge)
}

// maxSigBytes bounds a signature file; an armored SSH signature is < 1 KB.
const maxSigBytes = 64 << 10

func runMerge(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "merge", "REPORT... [--plan plan.json] [--allowed-signers FILE] [--nccl FILE] [--out fleet.json] [--format text|markdown|json]")
	planName := fs.String("plan", "", "the plan file every node was checked against (default: the plan most reports name)")
	signers := fs.String("allowed-signers", "", "check each REPORT.sig against this allowed-signers file (ssh-keygen -Y verify format)")
	ncclName := fs.String("nccl", "", "the output of nccl-tests' all_reduce_perf run across the nodes, to record and check")
	out := fs.String("out", "", "also write the fleet report (JSON, with its digest) to this file")
	force := fs.Bool("force", false, "replace the --out file if it exists (an input is never replaced)")
	format := &formatFlag{value: "text", allowed: []string{"text", "markdown", "json"}}
	fs.Var(format, "format", "what to print: text, markdown (for a ticket) or json (the fleet report)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usageErr("give the node reports: gpuverify merge report-*.json --out fleet.json")
	}
	fleetOut := output{path: *out, force: *force, inputs: append(files, *planName, *signers, *ncclName)}
	if err := fleetOut.check(); err != nil {
		return err
	}
	opt := fleet.Options{Tool: report.Tool{Name: "gpuverify", Version: version}, Now: now()}
	if *planName != "" {
		data, err := readInput(e, *planName, planfile.MaxBytes)
		if err != nil {
			return err
		}
		if opt.Plan, err = fleet.PlanOf(data); err != nil {
			return inputErr(*planName, err)
		}
	}
	if *ncclName != "" {
		data, err := readInput(e, *ncclName, fabric.MaxNCCLBytes)
		if err != nil {
			return err
		}
		if opt.NCCL, err = fabric.ParseNCCL(data); err != nil {
			return usageErr("%s: %v", *ncclName, err)
		}
	}
	var allowed []byte
	if *signers != "" {
		if allowed, err = readInput(e, *signers, maxSigBytes); err != nil {
			return err
		}
		opt.Signatures = true
	}
	inputs, err := readReports(e, files, allowed, opt.Signatures)
	if err != nil {
		return err
	}
	f, err := fleet.Merge(inputs, opt)
	if err != nil {
		return runErr("merging: %v", err)
	}
	if *out != "" {
		data, err := fleet.Marshal(f)
		if err != nil {
			return runErr("encoding the fleet report: %v", err)
		}
		if err := fleetOut.write(data); err != nil {
			return err
		}
	}
	if err := renderFleet(e.stdout, f, format.value); err != nil {
		return err
	}
	return mergeExit(f)
}

// parseInterleaved parses flags that may stand before, between or after
// the file names, as admins type them.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, &codeError{code: exitUsage}
		}
		if fs.NArg() == 0 {
			return files, nil
		}
		if len(files) >= fleet.MaxReports {
			return nil, usageErr("more than %d reports: merge at most %d at a time", fleet.MaxReports, fleet.MaxReports)
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// readReports reads each report and, when asked, its signature beside it.
// A file that cannot be read is bad input (exit 2) before anything merges:
// the admin mistyped a name.
func readReports(e env, files []string, allowed []byte, sigs bool) ([]fleet.Input, error) {
	inputs := make([]fleet.Input, 0, len(files))
	for _, name := range files {
		if name == "-" {
			return nil, usageErr("merge reads report files, not standard input")
		}
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
	sig, err := os.ReadFile(name + ".sig")
	switch {
	case errors.Is(err, os.ErrNotExist):
		return &fleet.Signature{Status: fleet.SigMissing, Detail: "no " + filepath.Base(name) + ".sig beside the report"}
	case err != nil:
		return &fleet.Signature{Status: fleet.SigInvalid, Detail: err.Error()}
	case len(sig) > maxSigBytes:
		return &fleet.Signature{Status: fleet.SigInvalid, Detail: "the .sig file is too large to be a signature"}
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

func renderFleet(w io.Writer, f *fleet.Fleet, format string) error {
	switch format {
	case "json":
		data, err := fleet.Marshal(f)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	case "markdown":
		return f.WriteMarkdown(w)
	}
	return f.WriteText(w)
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
		return &codeError{code: exitFailed, msg: fmt.Sprintf("%s: digest MISMATCH: the content does not hash to the digest the fleet report states: it was changed after gpuverify wrote it", name)}
	}
	f, _ := fleet.Decode(data)
	fmt.Fprintf(e.stdout, "%s: digest matches (sha256 %s)\nmerged %s by %s %s: %d nodes, %d not merged, against plan sha256 %s: %s (%d fail, %d warn, %d skip, %d pass)\n",
		name, got, f.Time, f.Tool.Name, f.Tool.Version, len(f.Nodes), len(f.Rejected), f.Plan.SHA256,
		strings.ToUpper(f.Summary.Verdict), f.Summary.Fail, f.Summary.Warn, f.Summary.Skip, f.Summary.Pass)
	return nil
}
