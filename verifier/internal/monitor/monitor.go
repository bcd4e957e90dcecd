// Package monitor samples GPU utilisation, memory, power, clocks and
// throttle reasons at an interval, writes every sample to CSV as it is
// taken, and summarises the run for rule O1: in the first week, watch
// utilisation; long-term under 60% means over-provisioned or a scheduling
// problem.
//
// The sampler knows no NVML: it reads a Source and waits on a Clock, so
// tests drive it with a fake of each.
package monitor

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/facts"
)

// Reading is the state of one GPU at one sample. A field that could not be
// read is unavailable and becomes an empty CSV cell.
type Reading struct {
	// GPU is the GPU's index.
	GPU int
	// UUID is the GPU's UUID, so rows stay attributable if indexes change.
	UUID facts.Value[string]
	// UtilGPUPct and UtilMemoryPct are NVML's utilisation rates, percent.
	UtilGPUPct    facts.Value[int]
	UtilMemoryPct facts.Value[int]
	// MemoryUsedMiB is the framebuffer in use.
	MemoryUsedMiB facts.Value[int64]
	// PowerW is the power draw in watts.
	PowerW facts.Value[float64]
	// SMClockMHz is the current SM clock.
	SMClockMHz facts.Value[int]
	// ClockReasons are the active clock event (throttle) reasons.
	ClockReasons facts.Value[[]string]
}

// Source takes one sample of every GPU.
type Source interface {
	Sample() ([]Reading, error)
}

// Clock tells the time and waits. RealClock is the wall clock.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

// RealClock is the system clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// After returns time.After(d).
func (RealClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Config says how often and how long to sample.
type Config struct {
	// Interval is the time between samples; at least one second.
	Interval time.Duration
	// Duration is how long to sample; 0 samples until the context ends.
	Duration time.Duration
}

// Validate checks the interval and duration.
func (c Config) Validate() error {
	if c.Interval < time.Second || c.Interval > 24*time.Hour {
		return fmt.Errorf("interval: must be between 1s and 24h, got %s", c.Interval)
	}
	if c.Duration < 0 || c.Duration > 90*24*time.Hour {
		return fmt.Errorf("duration: must be between 0 (until interrupted) and 2160h (90 days), got %s", c.Duration)
	}
	return nil
}

// Header is the CSV header line Run writes.
var Header = []string{"time", "gpu", "uuid", "utilization_gpu_pct", "utilization_memory_pct", "memory_used_mib", "power_w", "sm_clock_mhz", "clock_event_reasons"}

// Run samples src every cfg.Interval until cfg.Duration has passed or ctx
// ends (the last sample is the one nearest the end of the duration: a
// minute at 10 s is 7 samples, at 0 s, 10 s ... 60 s), writing each sample to out as CSV and flushing it at once, so an
// interrupted run keeps every sample taken. It returns the summary of what
// was sampled. An error from the first sample is returned (nothing to
// monitor); later errors are counted as missed samples and sampling goes on.
func Run(ctx context.Context, src Source, clk Clock, cfg Config, out io.Writer) (Summary, error) {
	if err := cfg.Validate(); err != nil {
		return Summary{}, err
	}
	w := csv.NewWriter(out)
	if err := w.Write(Header); err != nil {
		return Summary{}, err
	}
	var acc *accumulator
	for {
		now := clk.Now()
		if acc == nil {
			acc = newAccumulator(now)
		}
		readings, err := src.Sample()
		switch {
		case err != nil && acc.samples == 0 && acc.missed == 0:
			w.Flush()
			return Summary{}, fmt.Errorf("first sample: %w", err)
		case err != nil:
			acc.missed++
		default:
			acc.add(readings)
			if err := writeRows(w, now, readings); err != nil {
				return acc.summary(now, false), err
			}
		}
		if cfg.Duration > 0 && now.Sub(acc.start) >= cfg.Duration-cfg.Interval/2 {
			return acc.summary(now, false), nil
		}
		if ctx.Err() != nil {
			return acc.summary(clk.Now(), true), nil
		}
		select {
		case <-ctx.Done():
			return acc.summary(clk.Now(), true), nil
		case <-clk.After(cfg.Interval):
		}
	}
}

// writeRows writes one CSV row per reading and flushes.
func writeRows(w *csv.Writer, t time.Time, readings []Reading) error {
	stamp := t.UTC().Format(time.RFC3339)
	for _, r := range readings {
		row := []string{
			stamp,
			strconv.Itoa(r.GPU),
			r.UUID.Or(""),
			cell(r.UtilGPUPct, strconv.Itoa),
			cell(r.UtilMemoryPct, strconv.Itoa),
			cell(r.MemoryUsedMiB, func(n int64) string { return strconv.FormatInt(n, 10) }),
			cell(r.PowerW, func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }),
			cell(r.SMClockMHz, strconv.Itoa),
			cell(r.ClockReasons, func(l []string) string { return strings.Join(l, "|") }),
		}
		if err := w.Write(row); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

func cell[T any](v facts.Value[T], format func(T) string) string {
	if x, ok := v.Get(); ok {
		return format(x)
	}
	return ""
}
