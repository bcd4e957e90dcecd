package main

import (
	"context"
	"fmt"
	"io"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/report"
)

func init() {
	register("check", "check this server against a plan's acceptance block and write the evidence report (rules A1-A4)", runCheck)
}

func runCheck(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "check", "--plan plan.json [--nvidia-smi FILE] [--format text|json|markdown] [--out report.json] [--bench [--bench-duration 60s] [--poc-bench FILE]]")
	planName := fs.String("plan", "", "the plan file exported by the planner; - reads standard input")
	smi := fs.String("nvidia-smi", "", "check saved nvidia-smi output (-q -x, -q or --query-gpu CSV) instead of this server's NVML; - reads standard input")
	format := &formatFlag{value: "text", allowed: []string{"text", "json", "markdown"}}
	fs.Var(format, "format", "what to print: text, json (the report) or markdown (for a ticket)")
	out := fs.String("out", "", "also write the JSON report, with its digest, to this file (the evidence to keep; gpuverify verify-report checks it)")
	withBench := fs.Bool("bench", false, "also run gpuverify bench on this server's GPUs and add its checks to the report (rules A2, A1; P3 with --poc-bench)")
	benchDuration := fs.Duration("bench-duration", defaultBenchDuration, "time budget of the bench, 5s to 1h")
	poc := fs.String("poc-bench", "", "with --bench: the JSON output of gpuverify bench on the POC machine (rule P3)")
	force := fs.Bool("force", false, "replace the --out file if it exists (an input is never replaced)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if !*withBench && *poc != "" {
		return usageErr("--poc-bench needs --bench")
	}
	if *poc == "-" && (*planName == "-" || *smi == "-") {
		return usageErr("--poc-bench cannot read standard input when --plan or --nvidia-smi does")
	}
	cfg, err := benchConfig(*benchDuration, "all")
	if err != nil {
		return err
	}
	pocRun, err := readPOCBench(e, *poc)
	if err != nil {
		return err
	}
	if *planName == "" {
		return usageErr("--plan is required: the plan file from the planner, or - for standard input")
	}
	if *planName == "-" && *smi == "-" {
		return usageErr("--plan and --nvidia-smi cannot both read standard input")
	}
	reportOut := output{path: *out, force: *force, inputs: []string{*planName, *smi, *poc}}
	if err := reportOut.check(); err != nil {
		return err
	}
	planBytes, err := readInput(e, *planName, acceptance.MaxPlanBytes)
	if err != nil {
		return err
	}
	acc, err := acceptance.DecodePlan(planBytes)
	if err != nil {
		return inputErr(*planName, err)
	}
	f, err := collectFacts(ctx, e, *smi)
	if err != nil {
		return err
	}
	r, err := report.New(planBytes, acc, f, report.Tool{Name: "gpuverify", Version: version}, now())
	if err != nil {
		return runErr("building the report: %v", err)
	}
	interrupted := false
	if *withBench {
		run, err := addBench(ctx, e, r, cfg, pocRun)
		if err != nil {
			return err
		}
		interrupted = run.Interrupted
	}
	if *out != "" {
		if err := writeReportFile(reportOut, r); err != nil {
			return err
		}
	}
	if err := renderReport(e.stdout, r, format.value); err != nil {
		return err
	}
	if r.Summary.Fail > 0 {
		return &codeError{code: exitFailed, msg: fmt.Sprintf("%d of %d checks failed: keep the report and open a ticket with the vendor before running workloads (rule A4)", r.Summary.Fail, r.Summary.Total)}
	}
	if interrupted {
		return runErr("the bench was interrupted: the report holds what ran before Ctrl-C")
	}
	return nil
}

// writeReportFile writes the JSON report atomically (output.write).
func writeReportFile(out output, r *report.Report) error {
	data, err := report.Marshal(r)
	if err != nil {
		return runErr("encoding the report: %v", err)
	}
	return out.write(data)
}

func renderReport(w io.Writer, r *report.Report, format string) error {
	switch format {
	case "json":
		data, err := report.Marshal(r)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	case "markdown":
		return report.WriteMarkdown(w, r)
	}
	return report.WriteText(w, r)
}
