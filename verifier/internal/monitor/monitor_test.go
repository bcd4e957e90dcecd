package monitor

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// fakeSource returns utilisation from a script per GPU; onSample runs after
// each sample (tests cancel the context there).
type fakeSource struct {
	util     [][]int // util[sample][gpu]
	n        int
	fail     map[int]bool
	onSample func(n int)
}

func (s *fakeSource) Sample() ([]Reading, error) {
	i := s.n
	s.n++
	if s.onSample != nil {
		defer s.onSample(s.n)
	}
	if s.fail[i] {
		return nil, errors.New("NVML: GPU is lost")
	}
	row := s.util[i%len(s.util)]
	out := make([]Reading, len(row))
	for g, u := range row {
		out[g] = Reading{
			GPU: g, UUID: facts.Known("GPU-" + string(rune('a'+g))),
			UtilGPUPct: facts.Known(u), UtilMemoryPct: facts.UnavailableText[int]("not supported"),
			MemoryUsedMiB: facts.Known(int64(1000 * (g + 1))), PowerW: facts.Known(100.0 + float64(u)),
			SMClockMHz: facts.Known(1980), ClockReasons: facts.Known([]string{}),
		}
	}
	if i == 2 {
		out[0].ClockReasons = facts.Known([]string{facts.ReasonSWPowerCap, facts.ReasonHWSlowdown})
	}
	return out, nil
}

var t0 = time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)

// TestRunDuration: 60 s at 10 s is 7 samples (0, 10, ... 60), each GPU a
// row, and the summary holds mean, p95 and the O1 flag (rule O1).
func TestRunDuration(t *testing.T) {
	t.Parallel()
	src := &fakeSource{util: [][]int{{90, 10}, {80, 20}, {100, 30}, {70, 40}}}
	var out bytes.Buffer
	s, err := Run(context.Background(), src, testkit.NewClock(t0), Config{Interval: 10 * time.Second, Duration: time.Minute}, &out)
	if err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, out.String())
	if len(rows) != 1+7*2 {
		t.Fatalf("%d CSV rows, want header + 14", len(rows))
	}
	if got := strings.Join(rows[1], ","); got != "2026-11-30T08:00:00Z,0,GPU-a,90,,1000,190.0,1980," {
		t.Errorf("first row %s", got)
	}
	if got := rows[5][8]; got != "sw_power_cap|hw_slowdown" {
		t.Errorf("reasons cell %q", got)
	}
	if s.Samples != 7 || s.Interrupted || !s.End.Equal(t0.Add(time.Minute)) {
		t.Errorf("summary %+v", s)
	}
	// GPU 0 utilisation 90 80 100 70 90 80 100: mean 87.14, p95 100.
	g0, g1 := s.GPUs[0], s.GPUs[1]
	if math.Abs(g0.MeanUtilPct-610.0/7) > 1e-9 || g0.P95UtilPct != 100 || g0.UnderUsed {
		t.Errorf("GPU 0 %+v", g0)
	}
	// GPU 1: 10 20 30 40 10 20 30: mean 22.86 < 60: O1 flags it.
	if !g1.UnderUsed || g1.P95UtilPct != 40 || g1.MaxMemoryUsedMiB != 2000 {
		t.Errorf("GPU 1 %+v", g1)
	}
	if g0.HWThrottleSamples != 1 || g1.HWThrottleSamples != 0 {
		t.Errorf("HW throttle samples %d, %d", g0.HWThrottleSamples, g1.HWThrottleSamples)
	}
	// All samples: (610 + 160) / 14 = 55 < 60: the server is flagged.
	if !s.UnderUsed || math.Abs(s.MeanUtilPct-55) > 1e-9 {
		t.Errorf("server mean %.2f under %v", s.MeanUtilPct, s.UnderUsed)
	}
	var sum bytes.Buffer
	WriteSummary(&sum, s, msg.En)
	for _, w := range []string{"55.0%", "87.1%", "22.9%  < 60%", "O1: mean utilisation 55.0% is under 60%", "shorter than the first week"} {
		if !strings.Contains(sum.String(), w) {
			t.Errorf("summary lacks %q:\n%s", w, sum.String())
		}
	}
}

// TestRunInterrupted: a signal (the context ending) keeps every sample
// taken and still gives the summary.
func TestRunInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	src := &fakeSource{util: [][]int{{95}}, onSample: func(n int) {
		if n == 3 {
			cancel()
		}
	}}
	var out bytes.Buffer
	s, err := Run(ctx, src, testkit.NewClock(t0), Config{Interval: time.Second}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if rows := readCSV(t, out.String()); len(rows) != 4 {
		t.Errorf("%d rows after 3 samples, want 4", len(rows))
	}
	if !s.Interrupted || s.Samples != 3 || s.UnderUsed {
		t.Errorf("summary %+v", s)
	}
	var sum bytes.Buffer
	WriteSummary(&sum, s, msg.En)
	if !strings.Contains(sum.String(), "interrupted") || !strings.Contains(sum.String(), "at least 60%") {
		t.Errorf("summary:\n%s", sum.String())
	}
}

func TestRunErrors(t *testing.T) {
	t.Parallel()
	src := &fakeSource{util: [][]int{{50}}, fail: map[int]bool{0: true}}
	if _, err := Run(context.Background(), src, testkit.NewClock(t0), Config{Interval: time.Second, Duration: time.Minute}, &bytes.Buffer{}); err == nil {
		t.Error("a failing first sample gave no error")
	}
	src = &fakeSource{util: [][]int{{50}}, fail: map[int]bool{1: true, 2: true}}
	s, err := Run(context.Background(), src, testkit.NewClock(t0), Config{Interval: time.Second, Duration: 5 * time.Second}, &bytes.Buffer{})
	if err != nil || s.Samples != 4 || s.Missed != 2 {
		t.Errorf("later failures: %+v, %v", s, err)
	}
	for _, c := range []Config{{Interval: 0}, {Interval: time.Millisecond}, {Interval: time.Second, Duration: -1}} {
		if err := c.Validate(); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestP95(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   []int
		want float64
	}{
		{[]int{5}, 5},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, 19},
		{[]int{100, 0, 0, 0}, 100},
	} {
		if got := p95(c.in); got != c.want {
			t.Errorf("p95(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	if !math.IsNaN(p95(nil)) {
		t.Error("p95 of nothing is not NaN")
	}
}

func readCSV(t *testing.T, s string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestRunUneven: a duration the interval does not divide ends on the
// sample nearest its end, not one past it.
func TestRunUneven(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		dur  time.Duration
		want int
	}{{65 * time.Second, 7}, {56 * time.Second, 7}, {54 * time.Second, 6}, {time.Second, 1}} {
		src := &fakeSource{util: [][]int{{50}}}
		s, err := Run(context.Background(), src, testkit.NewClock(t0), Config{Interval: 10 * time.Second, Duration: c.dur}, &bytes.Buffer{})
		if err != nil || s.Samples != c.want {
			t.Errorf("%s at 10s: %d samples, want %d (%v)", c.dur, s.Samples, c.want, err)
		}
	}
}
