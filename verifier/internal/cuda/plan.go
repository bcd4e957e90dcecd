package cuda

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/gpuplan/gpuplan/shared/bench"
)

// The work each kernel does, as in kernels/*.cu (a test reads the #defines
// there and compares).
const (
	fp32Chains   = 8  // FP32_CHAINS: independent FMA chains per thread
	fp32Unroll   = 16 // FP32_UNROLL: FMAs per chain per loop round
	tensorChains = 4  // TENSOR_CHAINS: independent mma.sync per warp per round
	mmaFLOPs     = 2 * 16 * 8 * 16
	warpSize     = 32
	blockThreads = 256
)

// fp32FLOPs is the work of one fp32_fma launch.
func fp32FLOPs(blocks, iters int) float64 {
	return float64(blocks) * blockThreads * float64(iters) * fp32Chains * fp32Unroll * 2
}

// mmaFLOPsPerLaunch is the work of one mma_bf16 or mma_fp16 launch.
func mmaFLOPsPerLaunch(blocks, iters int) float64 {
	return float64(blocks) * blockThreads / warpSize * float64(iters) * tensorChains * mmaFLOPs
}

// phases is the share of the duration each measurement may use, in run
// order; memtest last. What is left (5%) covers setup, the JIT compile of
// the PTX and cleanup. The host links are measured one GPU at a time, so
// their share is split into one slot per GPU.
var phases = []struct {
	name  string
	share float64
}{
	{string(bench.FP32), 0.18},
	{string(bench.BF16), 0.12},
	{string(bench.FP16), 0.10},
	{string(bench.Memory), 0.15},
	{"pcie", 0.15},
	{"memtest", 0.25},
}

// schedule places the phases of a run in time.
type schedule struct {
	start time.Time
	total time.Duration
	gpus  int
}

// end returns when phase name ends (the deadline for a phase not listed).
func (s schedule) end(name string) time.Time {
	sum := 0.0
	for _, p := range phases {
		sum += p.share
		if p.name == name {
			return s.start.Add(time.Duration(sum * float64(s.total)))
		}
	}
	return s.deadline()
}

// deadline is the end of the run.
func (s schedule) deadline() time.Time { return s.start.Add(s.total) }

// pcieSlot returns the window of the GPU in slot (its position in the run)
// for host transfers: H2D in the first half, D2H in the second.
func (s schedule) pcieSlot(slot int) (from, to time.Time) {
	end := s.end("pcie")
	begin := s.end(string(bench.Memory))
	per := end.Sub(begin) / time.Duration(max(s.gpus, 1))
	from = begin.Add(per * time.Duration(slot))
	return from, from.Add(per)
}

// Sampling limits.
const (
	minSample  = 10 * time.Millisecond  // a timed sample is at least this long,
	maxSample  = 500 * time.Millisecond // and at most this (Ctrl-C answers within it)
	calibrated = 2 * time.Millisecond   // a calibration run this long is trusted
	maxUnits   = 1 << 20                // units of work in one sample
	maxSamples = 1000                   // timed samples of one measurement
	minLeft    = 20 * time.Millisecond  // less time than this left: do not start
)

// errInterrupted is returned when the context ends a measurement.
var errInterrupted = errors.New("interrupted (Ctrl-C)")

// sampler runs units of work and returns the GPU time they took.
type sampler func(units int) (time.Duration, error)

// sampleRates calibrates and times samples of run until end: a warm-up run
// (not counted), then samples sized to about a twentieth of the time left
// (10–500 ms). work is the rate unit's worth of one unit (TFLOP or GB). It
// returns the rates of the timed samples; with an error, those timed before
// it.
func sampleRates(ctx context.Context, end time.Time, now func() time.Time, work float64, run sampler) ([]float64, error) {
	units := 1
	t, err := run(units)
	if err != nil {
		return nil, err
	}
	for t < calibrated && units < maxUnits {
		if ctx.Err() != nil {
			return nil, errInterrupted
		}
		units = min(units*8, maxUnits)
		if t, err = run(units); err != nil {
			return nil, err
		}
	}
	if t <= 0 {
		return nil, fmt.Errorf("the GPU timer reported no elapsed time for %d units of work", units)
	}
	target := min(max(end.Sub(now())/20, minSample), maxSample)
	units = max(1, min(maxUnits, int(float64(units)*float64(target)/float64(t))))
	var rates []float64
	var wall time.Duration
	for range maxSamples {
		if ctx.Err() != nil {
			return rates, errInterrupted
		}
		if now().Add(wall).After(end) {
			break
		}
		began := now()
		t, err := run(units)
		if err != nil {
			return rates, err
		}
		wall = now().Sub(began)
		if t > 0 {
			rates = append(rates, work*float64(units)/t.Seconds())
		}
	}
	return rates, nil
}

// summarize fills m from the sample rates: the median and the best.
func summarize(m *bench.Measurement, rates []float64) {
	if len(rates) == 0 {
		return
	}
	s := append([]float64(nil), rates...)
	sort.Float64s(s)
	n := len(s)
	med := s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	m.Value, m.Best, m.Samples = round3(med), round3(s[n-1]), n
}

// round3 keeps three decimals: more is noise, and it keeps files short.
func round3(v float64) float64 { return float64(int64(v*1000+0.5)) / 1000 }

// Memory the pattern test leaves free for the driver and the context.
const (
	memtestChunk   = 1 << 30
	memtestMinimum = 64 << 20
	memtestReserve = 256 << 20
	memtestAlign   = 2 << 20
)

// memtestTarget is how many bytes the pattern test tries to allocate out
// of free: all but the larger of 256 MiB and 1%, in 2 MiB units.
func memtestTarget(free uint64) uint64 {
	reserve := max(uint64(memtestReserve), free/100)
	if free <= reserve {
		return 0
	}
	return (free - reserve) / memtestAlign * memtestAlign
}

// ParseGPUs turns --gpus ("all", or "0,2,3") into CUDA ordinals; nil means
// all.
func ParseGPUs(s string) ([]int, error) {
	if s == "" || s == "all" {
		return nil, nil
	}
	var out []int
	seen := map[int]bool{}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ',' {
			continue
		}
		part := s[start:i]
		start = i + 1
		n := 0
		if part == "" || len(part) > 4 {
			return nil, fmt.Errorf("--gpus: %q is not a GPU number: use all, or numbers such as 0,1", part)
		}
		for _, c := range part {
			if c < '0' || c > '9' {
				return nil, fmt.Errorf("--gpus: %q is not a GPU number: use all, or numbers such as 0,1", part)
			}
			n = n*10 + int(c-'0')
		}
		if seen[n] {
			return nil, fmt.Errorf("--gpus: GPU %d is listed twice", n)
		}
		seen[n] = true
		out = append(out, n)
	}
	sort.Ints(out)
	return out, nil
}

// pick checks the requested ordinals against the count CUDA sees.
func pick(want []int, count int) ([]int, error) {
	if want == nil {
		out := make([]int, count)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	for _, n := range want {
		if n >= count {
			return nil, fmt.Errorf("--gpus: GPU %d does not exist: CUDA sees %d GPUs (0–%d)", n, count, count-1)
		}
	}
	return want, nil
}
