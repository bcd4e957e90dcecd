package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/verifier/internal/cuda"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// fakeBench makes the commands of e see run (or err) instead of running
// CUDA, and records the config they asked for.
func fakeBench(e *env, run *bench.Run, err error) *cuda.Config {
	var got cuda.Config
	e.runBench = func(_ context.Context, cfg cuda.Config) (*bench.Run, error) {
		got = cfg
		return run, err
	}
	return &got
}

// rtx4090Run is a healthy bench run of the eight RTX 4090s of the fixture
// fx4090, in the reverse of NVML's order (CUDA's "fastest first" order can
// differ), so that the bus ids must be matched. slow names a GPU (by NVML
// index) that runs at 70%.
func rtx4090Run(t *testing.T, slow int) *bench.Run {
	t.Helper()
	f := fixtureFacts(t, fx4090)
	r := &bench.Run{Schema: bench.Schema, CUDADriver: "12.2", DurationS: 60, ElapsedS: 58.7}
	for i := range f.GPUs {
		fg := f.GPUs[len(f.GPUs)-1-i]
		bus, _ := fg.BusID.Get()
		scale := 1.0
		if fg.Index == slow {
			scale = 0.7
		}
		g := bench.GPU{Index: i, Name: "NVIDIA GeForce RTX 4090", BusID: "0000" + strings.TrimPrefix(strings.ToLower(bus), "00000000"),
			ComputeCapability: "8.9", SMs: 128, CardID: "rtx-4090"}
		for k, v := range map[bench.Kind]float64{bench.FP32: 86.1, bench.BF16: 172, bench.FP16: 173, bench.Memory: 905, bench.H2D: 24.8, bench.D2H: 26.1} {
			if k != bench.H2D && k != bench.D2H {
				v *= scale
			}
			g.Measurements = append(g.Measurements, bench.Measurement{Kind: k, Value: v, Best: v, Samples: 10, Seconds: 5})
		}
		g.Memtest = &bench.Memtest{TotalBytes: 24564 << 20, FreeBytes: 24000 << 20, TestedBytes: 23700 << 20, Passes: 2, Seconds: 1.1}
		r.GPUs = append(r.GPUs, g)
	}
	return r
}

func TestBenchCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	noLib := &bench.Run{Schema: bench.Schema, DurationS: 60, Skipped: "CUDA driver library libcuda.so.1 could not be loaded: install the NVIDIA driver"}
	interrupted := rtx4090Run(t, -1)
	interrupted.Interrupted = true
	tests := []struct {
		name     string
		run      *bench.Run
		runErr   error
		args     []string
		code     int
		out, err string
		zh       string // part of standard error with --lang zh; "" for none
	}{
		{"healthy 8x 4090", rtx4090Run(t, -1), nil, nil, exitOK, "GPU bench: PASS (0 fail, 0 warn, 0 skip, 62 pass", "benchmarking every GPU for 1m0s", "基准测试：每块 GPU，时长 1m0s"},
		{"two GPUs", rtx4090Run(t, -1), nil, []string{"--gpus", "0,1"}, exitOK, "", "benchmarking GPUs [0 1] for 1m0s", "基准测试：GPU [0 1]，时长 1m0s"},
		{"one GPU at 70% (A2 siblings)", rtx4090Run(t, 3), nil, nil, exitFailed, "FAIL bench_siblings_fp32 [A2]", "checks failed", "项检查中有"},
		{"no libcuda: every check skips (exit 1)", noLib, nil, nil, exitError, "SKIP bench_fp32 [A2] CUDA driver library libcuda.so.1 could not be loaded", "no benchmark ran: CUDA driver library", "没有运行任何基准测试：CUDA driver library"},
		{"nothing measured", &bench.Run{Schema: bench.Schema, DurationS: 60}, nil, nil, exitError, "", "no benchmark ran: every measurement was skipped", "没有运行任何基准测试：每项测量都被跳过"},
		{"interrupted", interrupted, nil, nil, exitError, "interrupted before the end", "interrupted: the output holds what ran", "已中断"},
		{"markdown", rtx4090Run(t, -1), nil, []string{"--format", "markdown"}, exitOK, "| gpu0/bench\\_memtest | A1 |", "", ""},
		{"GPU CUDA does not see", nil, fmt.Errorf("--gpus: GPU 9 does not exist: CUDA sees 8 GPUs (0–7)"), []string{"--gpus", "9"}, exitUsage, "", "GPU 9 does not exist", ""},
		{"duration too short", nil, nil, []string{"--duration", "1s"}, exitUsage, "", "--duration: must be between 5s and 1h0m0s, got 1s", ""},
		{"bad --gpus", nil, nil, []string{"--gpus", "first"}, exitUsage, "", `"first" is not a GPU number`, ""},
		{"POC file missing", nil, nil, []string{"--poc-bench", "testdata/none.json"}, exitUsage, "", "no such file", ""},
		{"POC file not a bench file", nil, nil, []string{"--poc-bench", "testdata/plan-h100x8.json"}, exitUsage, "", `not valid JSON of schema gpuplan.bench/v1`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fakeBench(&e, tt.run, tt.runErr)
			e.expect(t, cliCase{args: append([]string{"bench"}, tt.args...), code: tt.code, out: tt.out, err: tt.err})
			if tt.zh == "" {
				return
			}
			// In Chinese: no English word left on standard
			// error but the reason the CUDA library gave, quoted as it is.
			code, _, stderr := e.gv(t, context.Background(), "", append([]string{"bench", "--lang", "zh"}, tt.args...)...)
			if code != tt.code || !strings.Contains(stderr, tt.zh) {
				t.Errorf("--lang zh: exit %d, stderr %q lacks %q", code, stderr, tt.zh)
			}
			if w := englishLeft(stderr, noLib.Skipped); len(w) > 0 {
				t.Errorf("--lang zh: English %q left in %q", w, stderr)
			}
		})
	}
}

// TestBenchJSON: --format json and --out give the judged run, which
// decodes; --duration and --gpus reach the runner.
func TestBenchJSON(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	cfg := fakeBench(&e, rtx4090Run(t, -1), nil)
	out := filepath.Join(t.TempDir(), "bench.json")
	code, stdout, stderr := e.gv(t, context.Background(), "", "bench", "--duration", "90s", "--gpus", "1,0", "--format", "json", "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if cfg.Duration != 90*time.Second || len(cfg.GPUs) != 2 || cfg.GPUs[0] != 0 || cfg.GPUs[1] != 1 {
		t.Errorf("config %+v", *cfg)
	}
	file, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != stdout {
		t.Error("--out differs from the JSON printed")
	}
	r, err := bench.Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	if r.Summary == nil || r.Summary.Verdict != "pass" || len(r.Checks) != 62 {
		t.Errorf("summary %+v, %d checks", r.Summary, len(r.Checks))
	}
	// Without NVML, the GPUs keep CUDA's numbering.
	if r.GPUs[0].Index != 0 {
		t.Errorf("GPU 0 renumbered to %d without NVML", r.GPUs[0].Index)
	}
}

// TestBenchPOC: a delivered box slower than its POC run fails rule P3.
func TestBenchPOC(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	poc := rtx4090Run(t, -1)
	for i := range poc.GPUs {
		for j := range poc.GPUs[i].Measurements {
			poc.GPUs[i].Measurements[j].Value *= 1.2
		}
	}
	if err := benchForms(poc, msg.En).save(output{path: filepath.Join(dir, "poc.json")}); err != nil {
		t.Fatal(err)
	}
	fakeBench(&e, rtx4090Run(t, -1), nil)
	code, out, _ := e.gv(t, context.Background(), "", "bench", "--poc-bench", filepath.Join(dir, "poc.json"))
	if code != exitFailed || !strings.Contains(out, "FAIL gpu0/poc_fp32 [P3] GPU 0 reaches 83% of what the POC machine reached") {
		t.Errorf("exit %d\n%.4000s", code, out)
	}
}

// TestCheckBench: check --bench adds the bench checks to the report, with
// NVML's GPU numbers (matched by bus id) and the slot's link from the
// facts; the report still verifies.
func TestCheckBench(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	fakeBench(&e, rtx4090Run(t, 3), nil)
	out := filepath.Join(t.TempDir(), "report.json")
	code, stdout, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--bench", "--bench-duration", "30s", "--out", out)
	if code != exitFailed {
		t.Fatalf("exit %d, want 3 (GPU 3 is slow)\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "FAIL bench_siblings_fp32 [A2] FP32 FMA throughput: GPU 3 at 70%") {
		t.Errorf("stdout:\n%.3000s", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, _, err := report.VerifyDigest(data); !ok || err != nil {
		t.Fatalf("report does not verify: %v", err)
	}
	r, _ := report.Decode(data)
	res := map[string]acceptance.Result{}
	for _, c := range r.Checks {
		res[c.ID] = c
	}
	if c := res["gpu3/bench_fp32"]; c.Status != acceptance.Warn && c.Status != acceptance.Pass {
		t.Errorf("gpu3/bench_fp32: %s %s", c.Status, c.Message)
	}
	if c := res["gpu0/bench_h2d"]; c.Status != acceptance.Pass || !strings.Contains(c.Message, "Gen4 x16") {
		t.Errorf("gpu0/bench_h2d: %s %s", c.Status, c.Message)
	}
	if _, ok := res["gpu_count"]; !ok {
		t.Error("the acceptance checks are gone")
	}
	if r.Summary != report.Summarize(r.Checks) {
		t.Errorf("summary %+v does not count the bench checks", r.Summary)
	}
	// The slow GPU is NVML's GPU 3, which CUDA numbered 4.
	if !strings.Contains(res["bench_siblings_fp32"].Measured, "gpu3 60.3") {
		t.Errorf("siblings measured %q", res["bench_siblings_fp32"].Measured)
	}
}

// TestCheckBenchNoCUDA: without libcuda the bench checks skip, so the
// verdict is incomplete (exit 4): a bench asked for and not run is not a
// pass.
func TestCheckBenchNoCUDA(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	fakeBench(&e, &bench.Run{Schema: bench.Schema, Skipped: "CUDA driver library libcuda.so.1 could not be loaded"}, nil)
	code, stdout, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--bench")
	if code != exitIncomplete || !strings.Contains(stdout, "SKIP bench_memtest [A1] CUDA driver library libcuda.so.1 could not be loaded") ||
		!strings.Contains(stdout, "bench_memtest: gpuverify check --plan plan.json --bench on the server") {
		t.Errorf("exit %d %s\n%.3000s", code, stderr, stdout)
	}
	for _, args := range [][]string{
		{"check", "--plan", "testdata/plan-rtx4090x8.json", "--poc-bench", "x.json"},
		{"check", "--plan", "testdata/plan-rtx4090x8.json", "--bench", "--bench-duration", "2h"},
	} {
		if code, _, _ := e.gv(t, context.Background(), "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestSameBus(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"00000000:07:00.0", "0000:07:00.0", true},
		{"00000000:B7:00.0", "0000:b7:00.0", true},
		{"00000001:07:00.0", "0000:07:00.0", false},
		{"00000000:07:00.0", "0000:08:00.0", false},
		{"", "0000:08:00.0", false},
	} {
		if bench.SameBus(c.a, c.b) != c.same {
			t.Errorf("sameBus(%q, %q) = %v", c.a, c.b, !c.same)
		}
	}
	f := facts.New(facts.SourceNVML)
	if opt := bench.OptionsFor(&bench.Run{GPUs: []bench.GPU{{Index: 0}}}, f, nil); len(opt.Cards) != 0 {
		t.Errorf("a GPU without a bus id matched %+v", opt.Cards)
	}
}
