package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
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
	nonce   string   // the challenge every node report must carry; "" for any
	nccl    string   // nccl-tests output across the nodes
	out     output   // where to write the fleet report; "" for nowhere
	printing
}

func parseMerge(e env, args []string) (options, error) {
	o := &mergeOptions{}
	fs := newFlags(e, "merge", "REPORT... [--plan plan.json] [--allowed-signers FILE] [--nccl FILE] [--out fleet.json] [--format text|markdown|json] [--lang zh|en]")
	fs.StringVar(&o.plan, "plan", "", "the plan file every node was checked against (default: the plan most reports name)")
	fs.StringVar(&o.signers, "allowed-signers", "", "check each REPORT.sig against this allowed-signers file (ssh-keygen -Y verify format)")
	fs.StringVar(&o.nonce, "nonce", "", "the challenge the buyer gave for this delivery: every node report must carry it")
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
	if err := report.ValidNonce(o.nonce); err != nil {
		return usageErr("--nonce: %v", err)
	}
	return nil
}

func (o *mergeOptions) run(_ context.Context, e env) error {
	fleetOut := o.out.reading(append(slices.Clone(o.reports), o.plan, o.signers, o.nccl)...)
	if err := fleetOut.check(); err != nil {
		return err
	}
	opt := fleet.Options{Tool: report.Tool{Name: "gpuverify", Version: version}, Now: e.now(), Nonce: o.nonce}
	var err error
	if opt.Plan, err = readDecoded(e, o.plan, planfile.MaxBytes, fleet.PlanOf); err != nil {
		return err
	}
	if opt.NCCL, err = readDecoded(e, o.nccl, fabric.MaxNCCLBytes, fabric.ParseNCCL); err != nil {
		return err
	}
	if o.signers != "" {
		if opt.AllowedSigners, err = readInput(e, o.signers, sshsig.MaxAllowedSignersBytes); err != nil {
			return err
		}
	}
	inputs, err := readReports(e, o.reports, opt.AllowedSigners != nil)
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
func readReports(e env, files []string, sigs bool) ([]fleet.Input, error) {
	inputs := make([]fleet.Input, 0, len(files))
	for _, name := range files {
		data, err := readInput(e, name, report.MaxBytes)
		if err != nil {
			return nil, err
		}
		in := fleet.Input{Name: name, Data: data}
		if sigs {
			if in.Sig, err = readSignature(name + ".sig"); err != nil {
				return nil, err
			}
		}
		inputs = append(inputs, in)
	}
	return inputs, nil
}

// mergeExit maps the fleet to the exit code, with its message in l: 2
// when a file was rejected (named on stderr; the fleet report holds the
// rest), 3 when a check failed, 4 when a node was incomplete.
func mergeExit(f *fleet.Fleet, l msg.Lang) error {
	if len(f.Rejected) > 0 {
		parts := make([]string, len(f.Rejected))
		for i, r := range f.Rejected {
			parts[i] = l.Text("report.line", msg.Text(r.File), msg.Text(r.Reason.In(l)))
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

// verifyFleet is verify-report for a fleet report, in l: every node
// report it names is read (as named, else beside the fleet file) and
// verified, the fleet is merged again, and the exit is the fleet's
// verdict (0, 3, 4), or 5 when anything does not verify.
func verifyFleet(e env, name string, data []byte, ropt report.VerifyOptions, l msg.Lang) error {
	opt := fleet.VerifyOptions{AllowedSigners: ropt.AllowedSigners, Nonce: ropt.Nonce, PlanSHA256: ropt.PlanSHA256,
		AllowUnsigned: ropt.AllowUnsigned, Load: nodeLoader(name)}
	o, err := fleet.Verify(data, opt)
	if err != nil {
		return usageErr("%s", l.Text("cli.verify.fleet_unreadable", msg.Text(name), msg.Text(err.Error())))
	}
	say := func(id string, args ...msg.Arg) { fmt.Fprintln(e.stdout, l.Text(id, args...)) }
	var problems []string
	if o.DigestOK {
		say("cli.verify.digest_ok", msg.Text(name), msg.Text(o.Fleet.Digest))
	} else {
		problems = append(problems, l.Text("cli.verify.fleet_digest_bad", msg.Text(name)))
	}
	if !o.PlanOK {
		problems = append(problems, l.Text("cli.verify.plan_bad", msg.Text(shortHash(o.Fleet.Plan.SHA256)), msg.Text(shortHash(opt.PlanSHA256))))
	}
	for _, n := range o.Nodes {
		if p := nodeProblem(n, l); p != "" {
			problems = append(problems, p)
			continue
		}
		line, _ := signatureLine(n.Report.Signature, n.File+".sig", l)
		say("cli.verify.node_ok", msg.Text(n.File), msg.Text(strings.ToUpper(string(n.Report.Summary.Verdict))), msg.Text(line))
	}
	if p := disagreeing(o.Material(), l); p != "" {
		problems = append(problems, p)
	}
	if o.SummaryDiffers {
		problems = append(problems, l.Text("cli.verify.fleet_summary_differs", msg.Text(strings.ToUpper(string(o.Fleet.Summary.Verdict)))))
	}
	f, s := o.Fleet, o.Fleet.Summary
	if o.Derived != nil {
		s = o.Derived.Summary
	}
	verdict := strings.ToUpper(string(o.Verdict))
	if o.Verdict == report.VerdictUnverified {
		verdict = l.Text("report.no_verdict")
	}
	say("cli.verify.merged", msg.Text(f.Time), msg.Text(f.Tool.Name), msg.Text(f.Tool.Version),
		msg.Int(len(f.Nodes)), msg.Int(len(f.Rejected)), msg.Text(f.Plan.SHA256), msg.Text(verdict),
		msg.Int(s.Fail), msg.Int(s.Warn), msg.Int(s.Skip), msg.Int(s.Pass))
	switch {
	case o.Verdict == report.VerdictUnverified:
		return &codeError{code: exitUnverified, msg: l.Text("cli.verify.not_verified", msg.Text(name)) + "\n  " + strings.Join(problems, "\n  ")}
	case o.Verdict == acceptance.VerdictFail:
		return &codeError{code: exitFailed, msg: l.Text("cli.merge.failed", msg.Int(s.Fail), msg.Int(s.Total))}
	case o.Unsigned:
		return &codeError{code: exitIncomplete, msg: l.Text("cli.verify.fleet_unsigned", msg.Text(name))}
	case o.Verdict == acceptance.VerdictIncomplete:
		return &codeError{code: exitIncomplete, msg: l.Text("cli.merge.incomplete")}
	}
	return nil
}

// nodeProblem says why a node report of a fleet does not verify, in l; ""
// when it does.
func nodeProblem(n fleet.NodeOutcome, l msg.Lang) string {
	var parts []string
	switch {
	case n.Err != nil:
		return l.Text("cli.verify.node_unread", msg.Text(n.File), msg.Text(n.Err.Error()))
	case !n.SameDigest:
		parts = append(parts, l.Text("cli.verify.node_replaced"))
	}
	o := n.Report
	if !o.DigestOK {
		parts = append(parts, l.Text("cli.verify.digest_bad"))
	}
	if line, bad := signatureLine(o.Signature, n.File+".sig", l); bad {
		parts = append(parts, line)
	}
	parts = append(parts, derivedProblems(o.Audit, l)...)
	if !o.NonceOK {
		parts = append(parts, l.Text("cli.verify.nonce_bad", msg.Text(strconv.Quote(o.Report.Nonce)), msg.Text(strconv.Quote(o.WantNonce))))
	}
	if len(parts) == 0 {
		return ""
	}
	return l.Text("report.line", msg.Text(n.File), msg.Text(strings.Join(parts, "; ")))
}

// nodeLoader reads the node reports a fleet file names, and the .sig
// beside each: as named (the directory merge ran in), else beside the
// fleet file.
func nodeLoader(fleetFile string) func(string) ([]byte, []byte, error) {
	dir := "."
	if fleetFile != "-" {
		dir = filepath.Dir(fleetFile)
	}
	return func(name string) ([]byte, []byte, error) {
		var lastErr error
		for _, p := range candidates(name, dir) {
			data, err := readFile(p, report.MaxBytes)
			if err != nil {
				lastErr = err
				continue
			}
			var sig []byte
			if sig, err = readSignature(p + ".sig"); err != nil {
				return nil, nil, err
			}
			return data, sig, nil
		}
		return nil, nil, lastErr
	}
}

// candidates are the paths a node report named name may have: as named,
// then in the fleet file's directory, by its path and by its base name.
func candidates(name, dir string) []string {
	out := []string{name}
	if !filepath.IsAbs(name) && dir != "." {
		out = append(out, filepath.Join(dir, name))
	}
	if b := filepath.Join(dir, filepath.Base(name)); !slices.Contains(out, b) {
		out = append(out, b)
	}
	return out
}
