package cuda

import (
	"context"
	"errors"
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/bench"
)

// TestKernelConstants: the work the Go side counts per launch is the work
// the CUDA sources do (their #defines).
func TestKernelConstants(t *testing.T) {
	for file, want := range map[string]map[string]int{
		"kernels/basic.cu":  {"FP32_CHAINS": fp32Chains, "FP32_UNROLL": fp32Unroll},
		"kernels/tensor.cu": {"TENSOR_CHAINS": tensorChains},
	} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range want {
			m := regexp.MustCompile(`(?m)^#define ` + name + ` (\d+)$`).FindSubmatch(src)
			if m == nil {
				t.Errorf("%s: no #define %s", file, name)
				continue
			}
			if got, _ := strconv.Atoi(string(m[1])); got != v {
				t.Errorf("%s: %s is %d, the Go side counts %d", file, name, got, v)
			}
		}
	}
	// One launch of 108 SMs x 8 blocks of 256 threads, 1000 rounds.
	if got := fp32FLOPs(864, 1000); got != 864*256*1000*8*16*2 {
		t.Errorf("fp32FLOPs = %v", got)
	}
	if got := mmaFLOPsPerLaunch(864, 1000); got != 864*8*1000*4*4096 {
		t.Errorf("mmaFLOPsPerLaunch = %v", got)
	}
}

// fakeGPU is a sampler whose work runs at a fixed rate on a fake clock.
type fakeGPU struct {
	clock   time.Time
	perUnit time.Duration
	calls   []int
	failAt  int
}

func (f *fakeGPU) now() time.Time { return f.clock }

func (f *fakeGPU) run(units int) (time.Duration, error) {
	f.calls = append(f.calls, units)
	if f.failAt > 0 && len(f.calls) == f.failAt {
		return 0, errors.New("cuLaunchKernel: CUDA_ERROR_LAUNCH_FAILED (719)")
	}
	d := time.Duration(units) * f.perUnit
	f.clock = f.clock.Add(d)
	return d, nil
}

func TestSampleRates(t *testing.T) {
	start := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	f := &fakeGPU{clock: start, perUnit: 50 * time.Microsecond}
	end := start.Add(10 * time.Second)
	rates, err := sampleRates(context.Background(), end, f.now, 0.5, f.run)
	if err != nil {
		t.Fatal(err)
	}
	// Calibration: 1 unit (warm-up) then x8 until a run lasts 2 ms: 1, 8, 64.
	if f.calls[0] != 1 || f.calls[1] != 8 || f.calls[2] != 64 {
		t.Errorf("calibration calls %v", f.calls[:3])
	}
	// Samples of a twentieth of the time left, capped at 500 ms: 10000 units.
	if f.calls[3] < 9990 || f.calls[3] > 10000 {
		t.Errorf("sample of %d units, want about 10000 (500 ms)", f.calls[3])
	}
	want := 0.5 / 50e-6
	for _, r := range rates {
		if math.Abs(r-want) > 1e-6*want {
			t.Fatalf("rate %v, want %v", r, want)
		}
	}
	if f.clock.After(end) || f.clock.Before(end.Add(-time.Second)) {
		t.Errorf("stopped at %v, end %v: want the last sample that fits", f.clock.Sub(start), end.Sub(start))
	}
	if len(rates) < 15 || len(rates) > 21 {
		t.Errorf("%d samples in 10 s of 500 ms samples", len(rates))
	}
}

func TestSampleRatesStops(t *testing.T) {
	start := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := &fakeGPU{clock: start, perUnit: time.Millisecond}
	if _, err := sampleRates(ctx, start.Add(time.Second), f.now, 1, f.run); !errors.Is(err, errInterrupted) {
		t.Errorf("cancelled: %v", err)
	}
	f = &fakeGPU{clock: start, perUnit: time.Millisecond, failAt: 5}
	rates, err := sampleRates(context.Background(), start.Add(time.Second), f.now, 1, f.run)
	if err == nil || len(rates) != 2 {
		t.Errorf("failure on the 5th call: %d rates, err %v", len(rates), err)
	}
	// A GPU that reports no elapsed time (a broken timer) is an error,
	// not an endless loop.
	f = &fakeGPU{clock: start}
	rates, err = sampleRates(context.Background(), start.Add(time.Second), f.now, 1, f.run)
	if err == nil || len(rates) != 0 || len(f.calls) > 10 {
		t.Errorf("zero time: %d rates, %d calls, %v", len(rates), len(f.calls), err)
	}
}

func TestSummarize(t *testing.T) {
	var m bench.Measurement
	summarize(&m, []float64{19.2, 18.7, 19.0, 12.0})
	if m.Value != 18.85 || m.Best != 19.2 || m.Samples != 4 {
		t.Errorf("%+v", m)
	}
	summarize(&m, []float64{3.14159})
	if m.Value != 3.142 {
		t.Errorf("one sample: %+v", m)
	}
}

func TestSchedule(t *testing.T) {
	start := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	s := schedule{start: start, total: 60 * time.Second, gpus: 4}
	for phase, want := range map[string]time.Duration{
		"fp32": 10800 * time.Millisecond, "bf16": 18 * time.Second, "fp16": 24 * time.Second,
		"memory": 33 * time.Second, "pcie": 42 * time.Second, "memtest": 57 * time.Second, "other": 60 * time.Second,
	} {
		if got := s.end(phase).Sub(start); got != want {
			t.Errorf("%s ends at %v, want %v", phase, got, want)
		}
	}
	from, to := s.pcieSlot(2)
	if from.Sub(start) != 37500*time.Millisecond || to.Sub(start) != 39750*time.Millisecond {
		t.Errorf("slot 2: %v–%v", from.Sub(start), to.Sub(start))
	}
	total := 0.0
	for _, p := range phases {
		total += p.share
	}
	if total > 0.96 {
		t.Errorf("phases use %.2f of the duration: no margin for setup", total)
	}
}

func TestMemtestTarget(t *testing.T) {
	for free, want := range map[uint64]uint64{
		80 << 30:  (80<<30 - 80<<30/100) / (2 << 20) * (2 << 20),
		10 << 30:  10<<30 - 256<<20,
		200 << 20: 0,
		0:         0,
	} {
		if got := memtestTarget(free); got != want {
			t.Errorf("memtestTarget(%d) = %d, want %d", free, got, want)
		}
	}
}

func TestParseGPUs(t *testing.T) {
	for in, want := range map[string][]int{"all": nil, "": nil, "0": {0}, "3,1": {1, 3}} {
		got, err := ParseGPUs(in)
		if err != nil || len(got) != len(want) {
			t.Errorf("ParseGPUs(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"0,,1", "x", "-1", "1,1", "99999", "0,"} {
		if _, err := ParseGPUs(bad); err == nil {
			t.Errorf("ParseGPUs(%q): no error", bad)
		}
	}
	if got, err := pick(nil, 3); err != nil || len(got) != 3 || got[2] != 2 {
		t.Errorf("pick all: %v %v", got, err)
	}
	if _, err := pick([]int{0, 4}, 2); err == nil || err.Error() != "--gpus: GPU 4 does not exist: CUDA sees 2 GPUs (0–1)" {
		t.Errorf("pick: %v", err)
	}
}

func FuzzParseGPUs(f *testing.F) {
	for _, s := range []string{"all", "0,1", "7", ",", "1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseGPUs(s)
		if err != nil {
			return
		}
		for i, n := range got {
			if n < 0 || n > 9999 || (i > 0 && got[i-1] >= n) {
				t.Fatalf("ParseGPUs(%q) = %v", s, got)
			}
		}
	})
}

func BenchmarkSampleRates(b *testing.B) {
	start := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	for b.Loop() {
		f := &fakeGPU{clock: start, perUnit: 50 * time.Microsecond}
		sampleRates(context.Background(), start.Add(10*time.Second), f.now, 1, f.run)
	}
}
