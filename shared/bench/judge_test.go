package bench_test

import (
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/catalog"
)

// gpu builds a GPU of the named card with the given rates; kinds not given
// are absent.
func gpu(index int, name string, rates map[bench.Kind]float64) bench.GPU {
	g := bench.GPU{Index: index, Name: name}
	for _, k := range bench.Kinds {
		if v, ok := rates[k]; ok {
			g.Measurements = append(g.Measurements, bench.Measurement{Kind: k, Value: v, Best: v, Samples: 5, Seconds: 1})
		}
	}
	return g
}

func run(gpus ...bench.GPU) *bench.Run {
	return &bench.Run{Schema: bench.Schema, DurationS: 60, ElapsedS: 59, GPUs: gpus}
}

// byID indexes results by check id.
func byID(rs []acceptance.Result) map[string]acceptance.Result {
	m := map[string]acceptance.Result{}
	for _, r := range rs {
		m[r.ID] = r
	}
	return m
}

const (
	a100 = "NVIDIA A100-SXM4-80GB"
	h100 = "NVIDIA H100 80GB HBM3"
	t4   = "Tesla T4"
)

// TestJudgeRates: each rate against its catalogue figure (rule A2), with
// the ranges of catalog.BenchProfileFor. Values are public measurements the
// catalogue cites, or those scaled to show a capped or broken card.
func TestJudgeRates(t *testing.T) {
	tests := []struct {
		name   string
		gpu    string
		kind   bench.Kind
		value  float64
		links  map[int]bench.Link
		status acceptance.Status
		text   string // in the message
	}{
		{"A100 copy as gpu-benches measured (0.85)", a100, bench.Memory, 1732, nil, acceptance.Pass, "0.85 of 2039 GB/s (a100-80g-sxm)"},
		{"A100 copy at 0.74: warn, within 90% of the 0.80 low end (P3)", a100, bench.Memory, 1500, nil, acceptance.Warn, "below the 0.80–0.97"},
		{"A100 copy at 0.69: under 90% of the low end fails (P3)", a100, bench.Memory, 1400, nil, acceptance.Fail, "under 90% of the 0.80"},
		{"A100 FP32 at its max clock", a100, bench.FP32, 19.3, nil, acceptance.Pass, "0.99"},
		{"A100 FP32 power-capped to 0.78: unconfirmed range only warns", a100, bench.FP32, 15.2, nil, acceptance.Warn, "range unconfirmed"},
		{"A100 FP32 at half: fails even on an unconfirmed range", a100, bench.FP32, 9.7, nil, acceptance.Fail, "under 75%"},
		{"A100 BF16 as gpu-fryer measured (0.87)", a100, bench.BF16, 270, nil, acceptance.Pass, "0.87"},
		{"A100 H2D as nvbandwidth #42 (0.80 of Gen4 x16)", a100, bench.H2D, 25.13, nil, acceptance.Pass, "Gen4 x16"},
		{"A100 H2D of an x8 link against the card's x16", a100, bench.H2D, 12.6, nil, acceptance.Fail, "0.40 of 31.5 GB/s (Gen4 x16)"},
		{"A100 H2D of an x8 link against the slot NVML reports", a100, bench.H2D, 12.6, map[int]bench.Link{0: {4, 8}}, acceptance.Pass, "The slot allows Gen4 x8"},
		{"H100 BF16 by mma.sync at 0.61 of the wgmma figure", h100, bench.BF16, 600, nil, acceptance.Pass, "0.61"},
		{"H100 BF16 at 0.45: warn", h100, bench.BF16, 445, nil, acceptance.Warn, "0.45"},
		{"H100 BF16 at 0.40: fail", h100, bench.BF16, 396, nil, acceptance.Fail, "0.40"},
		{"H100 copy faster than any healthy card: not an H100?", h100, bench.Memory, 3850, nil, acceptance.Warn, "may not be a NVIDIA H100"},
		{"H100 D2H as nvbandwidth #6 (0.91 of Gen5 x16)", h100, bench.D2H, 57.06, nil, acceptance.Pass, "Gen5 x16"},
		{"H100 H2D of the slow GPU of nvbandwidth #6", h100, bench.H2D, 14.2, nil, acceptance.Fail, "0.23"},
		{"T4 is not in the catalogue", t4, bench.FP32, 8.1, nil, acceptance.Skip, "not a catalogue card"},
		// An RTX 4090 (1008 GB/s of GDDR6X) claiming an H100's HBM3 copy
		// rate: no such card gets there, so the figures are not its own.
		{"RTX 4090 claiming HBM3 bandwidth", "NVIDIA GeForce RTX 4090", bench.Memory, 3000, nil, acceptance.Fail, "more than 25% above the card's own peak figure"},
		{"A100 copy at 1.3 of its peak", a100, bench.Memory, 2650, nil, acceptance.Fail, "which no NVIDIA A100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(gpu(0, tt.gpu, map[bench.Kind]float64{tt.kind: tt.value}))
			res := byID(bench.Judge(r, bench.Options{Links: tt.links}))["gpu0/bench_"+string(tt.kind)]
			if res.Status != tt.status || !strings.Contains(res.Message, tt.text) || res.Rule != "A2" {
				t.Errorf("%s [%s] %s\nexpected %s\nmeasured %s", res.Status, res.Rule, res.Message, res.Expected, res.Measured)
			}
		})
	}
}

// TestJudgeUnmeasured: "could not run" is never pass (wilicc/gpu-burn#12
// and #123 printed OK on a faulty GPU): skipped is Skip with the reason, an error under
// load is Fail.
func TestJudgeUnmeasured(t *testing.T) {
	g := gpu(0, a100, map[bench.Kind]float64{bench.FP32: 19})
	g.Measurements = append(g.Measurements,
		bench.Measurement{Kind: bench.BF16, Failed: "CUDA_ERROR_LAUNCH_FAILED (719)"},
		bench.Measurement{Kind: bench.Memory, Skipped: "interrupted (Ctrl-C) before it ran"})
	res := byID(bench.Judge(run(g), bench.Options{}))
	for id, want := range map[string]struct {
		status acceptance.Status
		text   string
	}{
		"gpu0/bench_fp32":    {acceptance.Pass, "0.97"},
		"gpu0/bench_bf16":    {acceptance.Fail, "CUDA_ERROR_LAUNCH_FAILED"},
		"gpu0/bench_memory":  {acceptance.Skip, "interrupted"},
		"gpu0/bench_fp16":    {acceptance.Skip, "no FP16 tensor throughput measurement"},
		"gpu0/bench_memtest": {acceptance.Skip, "not reached"},
	} {
		if r := res[id]; r.Status != want.status || !strings.Contains(r.Message+r.Measured, want.text) {
			t.Errorf("%s: %s %s / %s", id, r.Status, r.Message, r.Measured)
		}
	}

	skipped := bench.GPU{Index: 3, Name: a100, Skipped: "cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY (2)"}
	for _, r := range bench.Judge(run(skipped), bench.Options{}) {
		if r.Status != acceptance.Skip || !strings.Contains(r.Message, "CUDA_ERROR_OUT_OF_MEMORY") {
			t.Errorf("skipped GPU: %s %s %s", r.ID, r.Status, r.Message)
		}
	}
}

// TestJudgeNothingRan: without libcuda (a host whose NVIDIA driver is not
// installed) every bench check is Skip with the reason, never a pass.
func TestJudgeNothingRan(t *testing.T) {
	reason := "CUDA library libcuda.so.1 not found: install the NVIDIA driver"
	rs := bench.Judge(&bench.Run{Schema: bench.Schema, Skipped: reason}, bench.Options{})
	if len(rs) != len(bench.Kinds)+1 {
		t.Fatalf("%d results, want one per kind and the memtest", len(rs))
	}
	for _, r := range rs {
		if r.Status != acceptance.Skip || r.Message != reason || !strings.HasPrefix(r.ID, "bench_") {
			t.Errorf("%+v", r)
		}
	}
	if rs := bench.Judge(nil, bench.Options{}); len(rs) == 0 || rs[0].Status != acceptance.Skip {
		t.Errorf("nil run: %+v", rs)
	}
}

// TestJudgeSiblings: one card far slower than identical siblings fails
// (gpu-fryer's relative test, 10%); host links get 25%.
func TestJudgeSiblings(t *testing.T) {
	var gpus []bench.GPU
	fp32 := []float64{18.9, 18.8, 18.9, 17.5, 18.9, 15.2, 18.7, 18.9} // GPU 3 at 0.93, GPU 5 at 0.80
	h2d := []float64{25.1, 25.0, 21.0, 25.1, 24.9, 25.1, 25.0, 6.3}   // GPU 2 at 0.84, GPU 7 at a quarter
	for i := range fp32 {
		gpus = append(gpus, gpu(i, a100, map[bench.Kind]float64{bench.FP32: fp32[i], bench.H2D: h2d[i]}))
	}
	gpus = append(gpus, gpu(8, t4, map[bench.Kind]float64{bench.FP32: 8.1})) // another model: not compared
	res := byID(bench.Judge(run(gpus...), bench.Options{}))
	f := res["bench_siblings_fp32"]
	if f.Status != acceptance.Fail || !strings.Contains(f.Message, "GPU 5 at 80%") || strings.Contains(f.Message, "GPU 3") || strings.Contains(f.Measured, "gpu8") {
		t.Errorf("fp32: %s %s / %s", f.Status, f.Message, f.Measured)
	}
	p := res["bench_siblings_h2d"]
	if p.Status != acceptance.Fail || !strings.Contains(p.Message, "GPU 7 at 25%") || strings.Contains(p.Message, "GPU 2") {
		t.Errorf("h2d: %s %s", p.Status, p.Message)
	}
	if _, ok := res["bench_siblings_bf16"]; ok {
		t.Error("bf16 was not measured, yet has a sibling check")
	}
	one := byID(bench.Judge(run(gpus[0]), bench.Options{}))
	if _, ok := one["bench_siblings_fp32"]; ok {
		t.Error("a single GPU has no siblings to compare with")
	}
	even := byID(bench.Judge(run(gpus[0], gpus[1]), bench.Options{}))
	if even["bench_siblings_fp32"].Status != acceptance.Pass {
		t.Errorf("two equal GPUs: %+v", even["bench_siblings_fp32"])
	}
}

// TestJudgeMemtest: the pattern test proves the memory exists (rule A1).
func TestJudgeMemtest(t *testing.T) {
	const total = 80 << 30
	tests := []struct {
		name   string
		m      bench.Memtest
		status acceptance.Status
		text   string
	}{
		{"all memory, both passes", bench.Memtest{TotalBytes: total, FreeBytes: total - 1<<30, TestedBytes: total - 2<<30, Passes: 2}, acceptance.Pass, "memory exists"},
		{"aliased memory reads back wrong", bench.Memtest{TotalBytes: total, TestedBytes: total - 2<<30, Passes: 2, Errors: 1 << 20, FirstError: 40 << 30}, acceptance.Fail, "1048576 words"},
		{"half the memory held by another process", bench.Memtest{TotalBytes: total, FreeBytes: total / 2, TestedBytes: total/2 - 1<<30, Passes: 2}, acceptance.Warn, "other processes"},
		{"inverse pass not run", bench.Memtest{TotalBytes: total, TestedBytes: total - 2<<30, Passes: 1}, acceptance.Warn, "1 of 2 passes"},
		{"allocation failed", bench.Memtest{TotalBytes: total, Failed: "cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY (2)"}, acceptance.Fail, "OUT_OF_MEMORY"},
		{"no time left", bench.Memtest{TotalBytes: total, Skipped: "no time left in --duration"}, acceptance.Skip, "no time left"},
		{"nothing tested", bench.Memtest{TotalBytes: total}, acceptance.Skip, "no memory was tested"},
	}
	for _, tt := range tests {
		g := gpu(0, a100, nil)
		g.Memtest = &tt.m
		r := byID(bench.Judge(run(g), bench.Options{}))["gpu0/bench_memtest"]
		if r.Status != tt.status || r.Rule != "A1" || !strings.Contains(r.Message+r.Measured, tt.text) {
			t.Errorf("%s: %s [%s] %s / %s", tt.name, r.Status, r.Rule, r.Message, r.Measured)
		}
	}
}

// TestJudgePOC: rule P3, at least 90% of what the POC machine reached.
func TestJudgePOC(t *testing.T) {
	poc := run(
		gpu(0, a100, map[bench.Kind]float64{bench.FP32: 19.0, bench.Memory: 1750}),
		gpu(1, a100, map[bench.Kind]float64{bench.FP32: 19.2, bench.Memory: 1730}),
		gpu(2, a100, map[bench.Kind]float64{bench.FP32: 18.8, bench.Memory: 1740}),
	)
	delivered := run(gpu(0, a100, map[bench.Kind]float64{bench.FP32: 16.0, bench.Memory: 1700, bench.H2D: 25}))
	res := byID(bench.Judge(delivered, bench.Options{POC: poc}))
	for id, want := range map[string]struct {
		status acceptance.Status
		text   string
	}{
		"gpu0/poc_fp32":   {acceptance.Fail, "84%"},
		"gpu0/poc_memory": {acceptance.Pass, "98%"},
		"gpu0/poc_h2d":    {acceptance.Skip, "POC run has no host-to-device"},
		"gpu0/poc_bf16":   {acceptance.Skip, "no BF16"},
	} {
		r := res[id]
		if r.Status != want.status || r.Rule != "P3" || !strings.Contains(r.Message, want.text) {
			t.Errorf("%s: %s [%s] %s (expected %s)", id, r.Status, r.Rule, r.Message, r.Expected)
		}
	}
	if e := res["gpu0/poc_fp32"].Expected; !strings.Contains(e, "POC median 19.0 TFLOPS over 3 GPUs") {
		t.Errorf("expected %q", e)
	}
	if _, ok := byID(bench.Judge(delivered, bench.Options{}))["gpu0/poc_fp32"]; ok {
		t.Error("P3 checks without a POC run")
	}
}

// TestJudgeCards: Options.Cards (what NVML identified) wins over the name
// CUDA reports, and the catalogue id over both.
func TestJudgeCards(t *testing.T) {
	h, _ := catalog.ByID("h100-80g-sxm")
	g := gpu(0, "Graphics Device", map[bench.Kind]float64{bench.FP32: 60})
	if r := byID(bench.Judge(run(g), bench.Options{}))["gpu0/bench_fp32"]; r.Status != acceptance.Skip {
		t.Errorf("unknown name: %s", r.Status)
	}
	if r := byID(bench.Judge(run(g), bench.Options{Cards: map[int]catalog.Card{0: h}}))["gpu0/bench_fp32"]; r.Status != acceptance.Pass || !strings.Contains(r.Expected, "h100-80g-sxm") {
		t.Errorf("card from options: %s %s", r.Status, r.Expected)
	}
	g.CardID = "h100-80g-sxm"
	if r := byID(bench.Judge(run(g), bench.Options{}))["gpu0/bench_fp32"]; r.Status != acceptance.Pass {
		t.Errorf("card id: %s", r.Status)
	}
}

// TestJudgeRecorded judges the 8x A100 run in testdata (built from the
// public figures the catalogue cites, with GPU 5 power-capped).
func TestJudgeRecorded(t *testing.T) {
	data, err := os.ReadFile("testdata/a100x8-capped.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := bench.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	rs := bench.Judge(r, bench.Options{})
	res := byID(rs)
	want := map[string]acceptance.Status{
		"bench_siblings_fp32":   acceptance.Fail,
		"bench_siblings_bf16":   acceptance.Fail,
		"bench_siblings_memory": acceptance.Pass,
		"gpu0/bench_fp32":       acceptance.Pass,
		"gpu5/bench_fp32":       acceptance.Warn,
		"gpu5/bench_bf16":       acceptance.Warn,
		"gpu0/bench_memory":     acceptance.Pass,
		"gpu0/bench_h2d":        acceptance.Pass,
		"gpu7/bench_memtest":    acceptance.Pass,
	}
	for id, st := range want {
		if res[id].Status != st {
			t.Errorf("%s: %s, want %s (%s)", id, res[id].Status, st, res[id].Message)
		}
	}
	if n := len(rs); n != len(bench.Kinds)+8*(len(bench.Kinds)+1) {
		t.Errorf("%d results", n)
	}
}

func BenchmarkJudge(b *testing.B) {
	data, err := os.ReadFile("testdata/a100x8-capped.json")
	if err != nil {
		b.Fatal(err)
	}
	r, err := bench.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		bench.Judge(r, bench.Options{})
	}
}
