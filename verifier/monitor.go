package main

import (
	"context"
	"fmt"
	"os"

	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
)

func init() {
	register("monitor", "sample GPU utilisation to CSV and judge it by rule O1 (under 60% = over-provisioned)", runMonitor)
}

// monitorClock is the monitor's clock; tests replace it.
var monitorClock monitor.Clock = monitor.RealClock{}

func runMonitor(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "monitor", "[--interval 10s] [--duration 1h] [--out util.csv [--force]]")
	interval := fs.Duration("interval", 10e9, "time between samples (at least 1s)")
	duration := fs.Duration("duration", 0, "how long to sample; 0 samples until Ctrl-C or SIGTERM")
	out := fs.String("out", "", "write the CSV to this file (the summary then goes to standard output); default: CSV to standard output, summary to standard error")
	force := fs.Bool("force", false, "replace the --out file if it exists")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg := monitor.Config{Interval: *interval, Duration: *duration}
	if err := cfg.Validate(); err != nil {
		return usageErr("--%v", err)
	}
	s, err := openNVML()
	if err != nil {
		return nvmlErr(err)
	}
	defer s.Close()

	csvOut, summaryOut := e.stdout, e.stderr
	if *out != "" {
		// The CSV is written as it is sampled, so that Ctrl-C or a crash
		// keeps every sample: not atomic, but never over an existing file
		// without --force (O_EXCL).
		if err := (output{path: *out, force: *force}).check(); err != nil {
			return err
		}
		flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
		if *force {
			flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		}
		f, err := os.OpenFile(*out, flags, 0o644)
		if err != nil {
			return runErr("%v", err)
		}
		defer f.Close()
		csvOut, summaryOut = f, e.stdout
	}
	until := "until Ctrl-C"
	if cfg.Duration > 0 {
		until = "for " + cfg.Duration.String() + " (Ctrl-C stops early)"
	}
	fmt.Fprintf(e.stderr, "gpuverify monitor: sampling every %s %s; every sample is written as it is taken\n", cfg.Interval, until)
	sum, err := monitor.Run(ctx, s, monitorClock, cfg, csvOut)
	if err != nil {
		return runErr("%v", err)
	}
	if f, ok := csvOut.(*os.File); ok && f != os.Stdout {
		if err := f.Sync(); err != nil {
			return runErr("writing %s: %v", *out, err)
		}
	}
	return monitor.WriteSummary(summaryOut, sum)
}
