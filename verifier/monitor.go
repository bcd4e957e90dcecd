package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

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
	var s nvmlSession
	if err := bounded(ctx, e.nvmlTimeout(), func() (err error) {
		if s, err = e.openNVML(); err != nil {
			return nvmlErr(err)
		}
		return nil
	}); err != nil {
		return err
	}
	src := &boundedSource{ctx: ctx, s: s, limit: e.nvmlTimeout(), busy: make(chan struct{}, 1)}
	defer func() {
		if len(src.busy) == 0 { // a hung sample would hang Close too
			s.Close()
		}
	}()

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
	sum, err := monitor.Run(ctx, src, e.clock, cfg, csvOut)
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

// stopGrace is how long a sample under way when monitor is stopped may
// still finish.
const stopGrace = 200 * time.Millisecond

// boundedSource takes samples from s, each bounded by ctx and a time
// limit: a sample NVML does not answer is missed, not waited for, so
// Ctrl-C and SIGTERM still stop monitor with every sample kept; while one
// sample hangs no other is started.
type boundedSource struct {
	ctx   context.Context
	s     monitor.Source
	limit time.Duration
	busy  chan struct{} // holds a token while a sample runs
}

// Sample is s's sample, or an error when it does not come in time.
func (b *boundedSource) Sample() ([]monitor.Reading, error) {
	select {
	case b.busy <- struct{}{}:
	default:
		return nil, errors.New("the previous NVML sample has not returned: the driver is hung")
	}
	type result struct {
		r   []monitor.Reading
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := b.s.Sample()
		<-b.busy
		done <- result{r, err}
	}()
	t := time.NewTimer(b.limit)
	defer t.Stop()
	select {
	case x := <-done:
		return x.r, x.err
	case <-b.ctx.Done():
		// A sample finishing as Ctrl-C comes is kept: it is given a
		// moment, far under the 2 s a stop may take.
		select {
		case x := <-done:
			return x.r, x.err
		case <-time.After(stopGrace):
			return nil, context.Cause(b.ctx)
		}
	case <-t.C:
		return nil, fmt.Errorf("NVML did not answer within %v", b.limit)
	}
}
