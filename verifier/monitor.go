package main

import (
	"context"
	"fmt"
	"os"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
)

func init() {
	register("monitor", "sample GPU utilisation to CSV and judge it by rule O1 (under 60% = over-provisioned)", parseMonitor)
}

// monitorOptions are the flags of gpuverify monitor.
type monitorOptions struct {
	cfg  monitor.Config // interval and duration
	out  output         // where to write the CSV; "" for standard output
	lang msg.Lang       // the language of the summary
}

func parseMonitor(e env, args []string) (options, error) {
	o := &monitorOptions{}
	fs := newFlags(e, "monitor", "[--interval 10s] [--duration 1h] [--out util.csv [--force]]")
	fs.DurationVar(&o.cfg.Interval, "interval", 10e9, "time between samples (at least 1s)")
	fs.DurationVar(&o.cfg.Duration, "duration", 0, "how long to sample; 0 samples until Ctrl-C or SIGTERM")
	o.out.flags(fs, "out", "write the CSV to this file (the summary then goes to standard output); default: CSV to standard output, summary to standard error")
	langVar(fs, e, &o.lang, "; the CSV keeps English column names")
	return o, parseFlags(fs, args)
}

func (o *monitorOptions) validate() error {
	if err := o.cfg.Validate(); err != nil {
		return usageErr("--%v", err)
	}
	return nil
}

func (o *monitorOptions) run(ctx context.Context, e env) error {
	cfg := o.cfg
	s, err := e.openNVML()
	if err != nil {
		return nvmlErr(err)
	}
	defer s.Close()

	csvOut, summaryOut := e.stdout, e.stderr
	if o.out.path != "" {
		f, err := o.out.create()
		if err != nil {
			return err
		}
		defer f.Close()
		csvOut, summaryOut = f, e.stdout
	}
	until := msg.New("monitor.until_stopped")
	if cfg.Duration > 0 {
		until = msg.New("monitor.for", msg.Text(cfg.Duration.String()))
	}
	fmt.Fprintf(e.stderr, "gpuverify monitor: %s\n", o.lang.Text("monitor.sampling", msg.Text(cfg.Interval.String()), msg.Sub(until)))
	sum, err := monitor.Run(ctx, s, e.clock, cfg, csvOut)
	if err != nil {
		return runErr("%v", err)
	}
	if f, ok := csvOut.(*os.File); ok && f != os.Stdout {
		if err := f.Sync(); err != nil {
			return runErr("writing %s: %v", o.out.path, err)
		}
	}
	return monitor.WriteSummary(summaryOut, sum, o.lang)
}
