package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/verifier/internal/cuda"
)

func init() {
	register("bench", "run short CUDA benchmarks on every GPU and judge them against the catalogue and each other (rules A2, A1; P3 with --poc-bench)", parseBench)
}

// defaultBenchDuration is the time budget of a bench run.
const defaultBenchDuration = 60 * time.Second

// benchOptions are the flags of gpuverify bench.
type benchOptions struct {
	duration time.Duration // the whole run's time budget
	gpus     string        // "all" or GPU numbers such as "0,1"
	pocBench string        // the POC machine's bench file
	out      output        // where to write the judged run; "" for nowhere
	printing
}

func parseBench(e env, args []string) (options, error) {
	o := &benchOptions{}
	fs := newFlags(e, "bench", "[--duration 60s] [--gpus all|0,1] [--format text|json|markdown] [--poc-bench FILE] [--out FILE [--force]]")
	fs.DurationVar(&o.duration, "duration", defaultBenchDuration, "time budget of the whole run, 5s to 1h (Ctrl-C stops it early and reports what ran)")
	fs.StringVar(&o.gpus, "gpus", "all", "GPUs to benchmark: all, or numbers such as 0,1 (PCI bus order, as nvidia-smi numbers them)")
	fs.StringVar(&o.pocBench, "poc-bench", "", "the JSON output of gpuverify bench on the POC machine: every rate must reach 90% of it (rule P3)")
	o.out.flags(fs, "out", "also write the judged run as JSON to this file")
	o.printing.flags(fs, e, "what to print: text, json (the run and its checks) or markdown (for a ticket)", "; the --out file keeps English", formatText, formatJSON, formatMarkdown)
	return o, parseFlags(fs, args)
}

func (o *benchOptions) validate() error {
	_, err := benchConfig(o.duration, o.gpus)
	return err
}

func (o *benchOptions) run(ctx context.Context, e env) error {
	runOut := o.out.reading(o.pocBench)
	if err := runOut.check(); err != nil {
		return err
	}
	cfg, err := benchConfig(o.duration, o.gpus)
	if err != nil {
		return err
	}
	pocRun, err := readPOCBench(e, o.pocBench)
	if err != nil {
		return err
	}
	var f *facts.Facts
	// NVML, where it works, names each GPU's card by PCI id and its
	// slot's link; the bench runs without it, but not past Ctrl-C or a
	// hung driver (bounded).
	err = bounded(ctx, e.nvmlTimeout(), func() error {
		if s, err := e.openNVML(); err == nil {
			f, _ = s.Facts(ctx)
			s.Close()
		}
		return nil
	})
	if err != nil {
		return err
	}
	r, err := benchRun(ctx, e, cfg, o.lang)
	if err != nil {
		return err
	}
	r.Checks = bench.Judge(r, bench.OptionsFor(r, f, pocRun))
	s := report.Summarize(r.Checks)
	r.Summary = &s
	result := benchForms(r, o.lang)
	if runOut.path != "" {
		if err := result.save(runOut); err != nil {
			return err
		}
	}
	if err := result.print(e.stdout, o.format); err != nil {
		return err
	}
	return benchExit(r, s, o.lang)
}

// benchConfig checks the flags shared by bench and check --bench.
func benchConfig(duration time.Duration, gpus string) (cuda.Config, error) {
	if duration < cuda.MinDuration || duration > cuda.MaxDuration {
		return cuda.Config{}, usageErr("--duration: must be between %v and %v, got %v", cuda.MinDuration, cuda.MaxDuration, duration)
	}
	list, err := cuda.ParseGPUs(gpus)
	if err != nil {
		return cuda.Config{}, usageErr("%v", err)
	}
	return cuda.Config{Duration: duration, GPUs: list}, nil
}

// readPOCBench reads the POC machine's bench file; "" means none.
func readPOCBench(e env, name string) (*bench.Run, error) {
	return readDecoded(e, name, bench.MaxBytes, bench.Decode)
}

// benchRun runs the benchmarks, saying on stderr in l what it does: the
// run takes the whole duration.
func benchRun(ctx context.Context, e env, cfg cuda.Config, l msg.Lang) (*bench.Run, error) {
	which := msg.New("cli.bench.every_gpu")
	if cfg.GPUs != nil {
		which = msg.New("cli.bench.gpus", msg.Text(fmt.Sprint(cfg.GPUs)))
	}
	fmt.Fprintf(e.stderr, "gpuverify: %s\n", l.Text("cli.bench.running", msg.Sub(which), msg.Text(cfg.Duration.String())))
	r, err := e.runBench(ctx, cfg)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return r, nil
}

// benchExit maps a judged run to the exit code, with its message in l: 3
// when a check failed, 1 when nothing could run or the run was
// interrupted, 4 when a measurement was skipped, else 0.
func benchExit(r *bench.Run, s report.Summary, l msg.Lang) error {
	switch {
	case s.Fail > 0:
		return &codeError{code: exitFailed, msg: l.Text("cli.bench.failed", msg.Int(s.Fail), msg.Int(s.Total))}
	case !r.Ran():
		reason := msg.Text(r.Skipped)
		if r.Skipped == "" {
			reason = msg.Label("cli.bench.all_skipped")
		}
		return runErr("%s", l.Text("cli.bench.none_ran", reason))
	case r.Interrupted:
		return runErr("%s", l.Text("cli.bench.interrupted"))
	case s.Verdict == acceptance.VerdictIncomplete:
		return &codeError{code: exitIncomplete, msg: l.Text("cli.bench.incomplete", msg.Int(len(acceptance.UnmeasuredDemanded(r.Checks))))}
	}
	return nil
}

// benchForms are the judged run in the formats bench prints, the text and
// Markdown in l.
func benchForms(r *bench.Run, l msg.Lang) forms {
	return forms{
		text:     func(w io.Writer) error { return bench.WriteText(w, r, r.Checks, l) },
		markdown: func(w io.Writer) error { return bench.WriteMarkdown(w, r, r.Checks, l) },
		json:     indentedJSON(r),
	}
}

// addBench runs the bench for check --bench, adds the run to the report,
// derives its checks again and seals it.
func addBench(ctx context.Context, e env, r *report.Report, cfg cuda.Config, poc *bench.Run, l msg.Lang) (*bench.Run, error) {
	run, err := benchRun(ctx, e, cfg, l)
	if err != nil {
		return nil, err
	}
	r.Bench = &report.Bench{Run: stripRun(run), POC: stripRun(poc)}
	r.Checks = report.Derive(r)
	r.Summary = report.Summarize(r.Checks)
	if err := r.Seal(); err != nil {
		return nil, runErr("sealing the report: %v", err)
	}
	return run, nil
}

// stripRun copies a run without its own judgement: the report derives its
// own checks from the measurements.
func stripRun(r *bench.Run) *bench.Run {
	if r == nil {
		return nil
	}
	c := *r
	c.Checks, c.Summary = nil, nil
	return &c
}
