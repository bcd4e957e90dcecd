package e2e

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/report"
)

// buildFakeCUDA compiles testdata/fake_cuda.c twice: libcuda.so.1 next to
// the fake NVML, and a variant without cuLaunchKernel in nolaunch/.
func buildFakeCUDA(gcc string) error {
	for _, c := range []struct {
		dir   string
		flags []string
	}{
		{built.libDir, nil},
		{filepath.Join(built.libDir, "nolaunch"), []string{"-DFAKE_CUDA_NO_LAUNCH"}},
	} {
		if err := os.MkdirAll(c.dir, 0o755); err != nil {
			return err
		}
		args := append([]string{"-shared", "-fPIC", "-Wall", "-O2", "-pthread", "-o", filepath.Join(c.dir, "libcuda.so.1")}, c.flags...)
		cc := exec.Command(gcc, append(args, filepath.Join("testdata", "fake_cuda.c"))...)
		if out, err := cc.CombinedOutput(); err != nil {
			return fmt.Errorf("gcc fake_cuda.c %v: %v\n%s", c.flags, err, out)
		}
	}
	return nil
}

// benchJSON runs gpuverify bench --format json and decodes the run.
func benchJSON(t *testing.T, env []string, args ...string) (testkit.Result, *bench.Run) {
	t.Helper()
	r := gpuverify(t, env, append([]string{"bench", "--format", "json"}, args...)...)
	run, err := bench.Decode([]byte(r.Stdout))
	if err != nil {
		t.Fatalf("exit %d, output is not a bench run: %v\n%s\n%s", r.Code, err, r.Stdout, r.Stderr)
	}
	return r, run
}

func checksByID(cs []acceptance.Result) map[string]acceptance.Result {
	m := map[string]acceptance.Result{}
	for _, c := range cs {
		m[c.ID] = c
	}
	return m
}

// TestBenchLibraryMissing: no libcuda.so.1 is exit 1 and every bench check
// skips with the reason.
func TestBenchLibraryMissing(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	r, run := benchJSON(t, []string{"GPUVERIFY_CUDA_LIBRARY=" + lib}, "--duration", "5s")
	if r.Code != 1 || !strings.Contains(r.Stderr, "no benchmark ran") || !strings.Contains(run.Skipped, lib) {
		t.Errorf("exit %d, skipped %q, stderr %q", r.Code, run.Skipped, r.Stderr)
	}
	if len(run.Checks) != len(bench.Kinds)+1 {
		t.Errorf("%d checks", len(run.Checks))
	}
	for _, c := range run.Checks {
		if c.Status != acceptance.Skip || !strings.Contains(c.Message, "install the NVIDIA driver") {
			t.Errorf("%s: %s %s", c.ID, c.Status, c.Message)
		}
	}
}

// TestBenchMissingSymbol: a libcuda.so.1 without cuLaunchKernel is refused
// before any call into it (calling a missing function kills the process
// with "symbol lookup error", exit 127).
func TestBenchMissingSymbol(t *testing.T) {
	log := filepath.Join(t.TempDir(), "calls.log")
	lib := filepath.Join(built.libDir, "nolaunch", "libcuda.so.1")
	setup(t)
	r, run := benchJSON(t, []string{"GPUVERIFY_CUDA_LIBRARY=" + lib, "FAKE_CUDA_LOG=" + log}, "--duration", "5s")
	if r.Code != 1 || !strings.Contains(run.Skipped, "has no cuLaunchKernel") {
		t.Errorf("exit %d, skipped %q", r.Code, run.Skipped)
	}
	if calls, err := os.ReadFile(log); err == nil {
		t.Errorf("functions called in a refused library:\n%s", calls)
	}
}

// TestBenchInitFails: after a failed cuInit nothing else is called, and
// the reason names the error.
func TestBenchInitFails(t *testing.T) {
	log := filepath.Join(t.TempDir(), "calls.log")
	r, run := benchJSON(t, []string{"FAKE_CUDA_INIT=100", "FAKE_CUDA_LOG=" + log}, "--duration", "5s")
	if r.Code != 1 || !strings.Contains(run.Skipped, "cuInit: CUDA_ERROR_NO_DEVICE (100)") || !strings.Contains(run.Skipped, "sees no CUDA GPU") {
		t.Errorf("exit %d, skipped %q", r.Code, run.Skipped)
	}
	calls, _ := os.ReadFile(log)
	if got := strings.Fields(string(calls)); len(got) != 1 || got[0] != "cuInit" {
		t.Errorf("calls after a failed cuInit: %v", got)
	}
}

// TestBenchFake: the whole path on the fake GPU: PTX loaded, kernels
// launched with the work the Go side counts, rates read from the events
// and judged against the catalogue; within the duration.
func TestBenchFake(t *testing.T) {
	began := time.Now()
	r, run := benchJSON(t, nil, "--duration", "5s")
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.Code, r.Stderr, r.Stdout)
	}
	// The bench's own clock says it kept to its duration; the wall time,
	// which a loaded machine stretches, only guards against a hang.
	if wall := time.Since(began); wall > 30*time.Second || run.ElapsedS > 6 {
		t.Errorf("took %v (elapsed_s %.1f) for --duration 5s", wall, run.ElapsedS)
	}
	if run.CUDADriver != "11.4" || len(run.GPUs) != 1 {
		t.Fatalf("driver %q, %d GPUs", run.CUDADriver, len(run.GPUs))
	}
	g := run.GPUs[0]
	if g.Name != "NVIDIA A100-SXM4-80GB" || g.CardID != "a100-80g-sxm" || g.BusID != "0000:07:00.0" || g.ComputeCapability != "8.0" || g.SMs != 108 {
		t.Errorf("GPU %+v", g)
	}
	for k, want := range map[bench.Kind]float64{bench.FP32: 18.9, bench.BF16: 290, bench.FP16: 291, bench.Memory: 1750, bench.H2D: 25, bench.D2H: 26} {
		m, ok := g.Measurement(k)
		if !ok || m.Skipped != "" || m.Failed != "" || math.Abs(m.Value-want) > want*0.005 || m.Samples < 2 {
			t.Errorf("%s: %+v, want %v", k, m, want)
		}
	}
	mt := g.Memtest
	if mt == nil || mt.Errors != 0 || mt.Passes != 2 || mt.TotalBytes != 81920<<20 || mt.TestedBytes < 78<<30 {
		t.Errorf("memtest %+v", mt)
	}
	for _, c := range run.Checks {
		if c.Status != acceptance.Pass {
			t.Errorf("%s: %s %s", c.ID, c.Status, c.Message)
		}
	}
	if c := checksByID(run.Checks)["gpu0/bench_h2d"]; !strings.Contains(c.Message, "Gen4 x16") {
		t.Errorf("h2d judged against %q", c.Message)
	}
}

// TestBenchFakeFaults: a slow GPU fails against the catalogue and its
// sibling, and wrong words in the pattern test fail rule A1.
func TestBenchFakeFaults(t *testing.T) {
	r, run := benchJSON(t, []string{"FAKE_CUDA_GPUS=2", "FAKE_CUDA_SLOW=1", "FAKE_CUDA_MEMTEST_ERRORS=3"}, "--duration", "6s")
	if r.Code != 3 || !strings.Contains(r.Stderr, "checks failed") {
		t.Fatalf("exit %d: %s", r.Code, r.Stderr)
	}
	c := checksByID(run.Checks)
	for id, want := range map[string]acceptance.Status{
		"bench_siblings_fp32":   acceptance.Fail,
		"bench_siblings_memory": acceptance.Fail,
		"bench_siblings_h2d":    acceptance.Fail, // the slow GPU copies at 60% too: beyond the 25% link tolerance
		"gpu0/bench_fp32":       acceptance.Pass,
		"gpu1/bench_fp32":       acceptance.Fail,
		"gpu0/bench_memtest":    acceptance.Fail,
	} {
		if c[id].Status != want {
			t.Errorf("%s: %s, want %s (%s)", id, c[id].Status, want, c[id].Message)
		}
	}
	if m := c["gpu0/bench_memtest"].Message; !strings.Contains(m, "6 words") || !strings.Contains(m, "byte 33936") {
		t.Errorf("memtest message %q: want 3 wrong words per pass, the first at word 4242", m)
	}
}

// TestBenchJITFails: PTX the driver cannot compile leaves the GPU skipped
// with the JIT's message, not a crash.
func TestBenchJITFails(t *testing.T) {
	r, run := benchJSON(t, []string{"FAKE_CUDA_JIT_FAIL=1"}, "--duration", "5s")
	if r.Code != 1 || len(run.GPUs) != 1 || !strings.Contains(run.GPUs[0].Skipped, "CUDA_ERROR_INVALID_PTX (218): ptxas fatal   : fake JIT failure") {
		t.Errorf("exit %d, GPUs %+v", r.Code, run.GPUs)
	}
}

// TestBenchInterrupt: Ctrl-C stops the run cleanly and it reports what ran.
func TestBenchInterrupt(t *testing.T) {
	bin, libDir := setup(t)
	cmd := exec.Command(bin, "bench", "--duration", "60s", "--format", "json")
	cmd.Env = append(cleanEnv(), "LD_LIBRARY_PATH="+libDir)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second)
	cmd.Process.Signal(syscall.SIGINT)
	began := time.Now()
	err := cmd.Wait()
	if stop := time.Since(began); stop > 3*time.Second {
		t.Errorf("stopping took %v", stop)
	}
	ee, _ := err.(*exec.ExitError)
	if ee == nil || ee.ExitCode() != 1 || !strings.Contains(errb.String(), "interrupted") {
		t.Fatalf("exit %v, stderr %q", err, errb.String())
	}
	run, err := bench.Decode(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	g := run.GPUs[0]
	// The fake GPU finishes the compute and memory phases at once (the
	// sample cap), then waits for its host-link slot at a third of the
	// duration: Ctrl-C lands there.
	fp32, _ := g.Measurement(bench.FP32)
	h2d, _ := g.Measurement(bench.H2D)
	if !run.Interrupted || fp32.Value == 0 || !strings.Contains(h2d.Skipped, "interrupted") || g.Memtest == nil || !strings.Contains(g.Memtest.Skipped, "interrupted") {
		t.Errorf("interrupted %v, fp32 %+v, h2d %+v, memtest %+v", run.Interrupted, fp32, h2d, g.Memtest)
	}
	if run.ElapsedS > 5 {
		t.Errorf("elapsed %.1f s after Ctrl-C at 3 s", run.ElapsedS)
	}
}

// TestCheckBench: check --bench adds the bench to the report of the fake
// A100, which still verifies: its bench checks pass, and the kernel
// cross-checks fail the delivery, as they must for a fake library.
func TestCheckBench(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.json")
	r := gpuverify(t, nil, "check", "--plan", writePlan(t, "470.57.02"), "--bench", "--bench-duration", "5s", "--out", out)
	if r.Code != 3 || !strings.Contains(r.Stdout, "Delivery check: FAIL") || !strings.Contains(r.Stdout, "FAIL kernel_loader") {
		t.Fatalf("exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	data, _ := os.ReadFile(out)
	if ok, _, _, err := report.VerifyDigest(data); !ok || err != nil {
		t.Errorf("report does not verify: %v", err)
	}
	rep, _ := report.Decode(data)
	c := checksByID(rep.Checks)
	for _, id := range []string{"gpu_count", "gpu0/identity", "gpu0/bench_fp32", "gpu0/bench_bf16", "gpu0/bench_memory", "gpu0/bench_h2d", "gpu0/bench_memtest"} {
		if c[id].Status != acceptance.Pass {
			t.Errorf("%s: %q %s", id, c[id].Status, c[id].Message)
		}
	}
	if rep.Bench == nil || rep.Bench.Run == nil || len(rep.Bench.Run.GPUs) != 1 {
		t.Fatalf("the report does not hold the bench run: %+v", rep.Bench)
	}
	// The fake libcuda the bench loaded is named, hashed, and refused: it
	// is not the driver's file, so its figures prove nothing (rule A4).
	lib := rep.Bench.Run.CUDALibrary
	if lib == nil || !strings.HasSuffix(lib.Path, "/libcuda.so.1") || len(lib.SHA256) != 64 || c["kernel_cuda_library"].Status != acceptance.Fail ||
		!strings.Contains(c["kernel_cuda_library"].Message, "outside the system library directories") {
		t.Errorf("cuda library %+v: %s %s", lib, c["kernel_cuda_library"].Status, c["kernel_cuda_library"].Message)
	}
	if v := gpuverify(t, nil, "verify-report", out); v.Code != 3 || !strings.Contains(v.Stdout, "agree with what gpuverify") || strings.Contains(v.Stderr, "DISAGREE") {
		t.Errorf("verify-report: exit %d %s %s", v.Code, v.Stdout, v.Stderr)
	}
}
