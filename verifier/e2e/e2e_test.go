package e2e

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

// built is the gpuverify binary and the fake library, made once per run.
var built struct {
	once   sync.Once
	dir    string
	bin    string
	libDir string
	skip   string
	err    error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// setup builds gpuverify (cgo) and compiles testdata/fake_nvml.c into
// libnvidia-ml.so.1 and testdata/fake_cuda.c into libcuda.so.1, once.
// Without gcc the test is skipped: it exercises the cgo path, which needs
// a C compiler anyway.
func setup(t *testing.T) (bin, libDir string) {
	t.Helper()
	built.once.Do(func() {
		if runtime.GOOS != "linux" {
			built.skip = "the NVML path is Linux only"
			return
		}
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			built.skip = "gcc not found: the end-to-end test needs it for cgo and to build the fake libnvidia-ml.so.1"
			return
		}
		goBin, err := exec.LookPath("go")
		if err != nil {
			goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
		}
		built.dir, built.err = os.MkdirTemp("", "gpuverify-e2e-")
		if built.err != nil {
			return
		}
		built.libDir = filepath.Join(built.dir, "lib")
		built.bin = filepath.Join(built.dir, "gpuverify")
		built.err = buildAll(goBin, gcc)
	})
	if built.skip != "" {
		t.Skip(built.skip)
	}
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin, built.libDir
}

func buildAll(goBin, gcc string) error {
	modDir, err := exec.Command(goBin, "list", "-m", "-f", "{{.Dir}}", "github.com/NVIDIA/go-nvml").Output()
	if err != nil {
		return fmt.Errorf("finding go-nvml's nvml.h: %v", err)
	}
	header := filepath.Join(strings.TrimSpace(string(modDir)), "pkg", "nvml")
	if err := os.MkdirAll(built.libDir, 0o755); err != nil {
		return err
	}
	cc := exec.Command(gcc, "-shared", "-fPIC", "-Wall", "-Wno-deprecated-declarations", "-I", header,
		"-o", filepath.Join(built.libDir, "libnvidia-ml.so.1"), filepath.Join("testdata", "fake_nvml.c"))
	if out, err := cc.CombinedOutput(); err != nil {
		return fmt.Errorf("gcc fake_nvml.c: %v\n%s", err, out)
	}
	if err := buildFakeCUDA(gcc); err != nil {
		return err
	}
	gb := exec.Command(goBin, "build", "-o", built.bin, "github.com/gpuplan/gpuplan/verifier")
	gb.Env = append(os.Environ(), "CGO_ENABLED=1", "CGO_CFLAGS=-Wno-deprecated-declarations")
	if out, err := gb.CombinedOutput(); err != nil {
		return fmt.Errorf("go build gpuverify: %v\n%s", err, out)
	}
	return nil
}

// gpuverify runs the binary with the fake library on the loader path, and
// env added (KEY=VALUE).
func gpuverify(t *testing.T, env []string, args ...string) testkit.Result {
	t.Helper()
	bin, libDir := setup(t)
	cmd := exec.Command(bin, args...)
	cmd.Env = append(cleanEnv(), "LD_LIBRARY_PATH="+libDir)
	cmd.Env = append(cmd.Env, env...)
	r, err := testkit.Exec(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if r.Code > 4 || strings.Contains(r.Stderr, "symbol lookup error") {
		t.Fatalf("gpuverify crashed (exit %d): %s", r.Code, r.Stderr)
	}
	return r
}

// cleanEnv is the test's environment without anything that would point the
// binary at another NVML.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "LD_LIBRARY_PATH=") || strings.HasPrefix(kv, "GPUVERIFY_NVML_LIBRARY=") || strings.HasPrefix(kv, "FAKE_NVML_") ||
			strings.HasPrefix(kv, "GPUVERIFY_CUDA_LIBRARY=") || strings.HasPrefix(kv, "FAKE_CUDA_") || strings.HasPrefix(kv, "CUDA_") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// writePlan writes a plan file for the fake A100 with minDriver.
func writePlan(t *testing.T, minDriver string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "plan.json")
	plan := fmt.Sprintf(`{"schema":"gpuplan.plan/v1","acceptance":{"gpu_count":1,"gpu_ids":["a100-80g-sxm"],"min_memory_mib":80000,
"interconnect":"nvlink","mig":"off","virtualization":"bare-metal","min_pcie_width":16,"ecc":"on","min_driver":%q}}`, minDriver)
	if err := os.WriteFile(p, []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLibraryMissing: no libnvidia-ml.so.1 is exit 1 with the advice to
// install the driver or pass --nvidia-smi.
func TestLibraryMissing(t *testing.T) {
	for _, args := range [][]string{{"facts"}, {"check", "--plan", writePlan(t, "470")}, {"monitor"}} {
		r := gpuverify(t, []string{"GPUVERIFY_NVML_LIBRARY=" + filepath.Join(t.TempDir(), "libnvidia-ml.so.1")}, args...)
		if r.Code != 1 || !strings.Contains(r.Stderr, "install the NVIDIA driver") || !strings.Contains(r.Stderr, "--nvidia-smi") {
			t.Errorf("%v: exit %d, stderr %q", args, r.Code, r.Stderr)
		}
	}
}

// TestInitFails: after a failed nvmlInit nothing else is called.
func TestInitFails(t *testing.T) {
	log := filepath.Join(t.TempDir(), "calls.log")
	r := gpuverify(t, []string{"FAKE_NVML_INIT=9", "FAKE_NVML_LOG=" + log}, "facts")
	if r.Code != 1 || !strings.Contains(r.Stderr, "kernel driver is not loaded") {
		t.Errorf("exit %d, stderr %q", r.Code, r.Stderr)
	}
	calls, _ := os.ReadFile(log)
	if got := strings.Fields(string(calls)); len(got) != 1 || got[0] != "nvmlInit_v2" {
		t.Errorf("calls after a failed init: %v", got)
	}
}

// TestFacts: the fake GPU's facts come through the real cgo path; the
// functions the fake library lacks are not called, their facts are
// unavailable with the reason, and the older throttle call stands in for
// the clocks-event one.
func TestFacts(t *testing.T) {
	log := filepath.Join(t.TempDir(), "calls.log")
	r := gpuverify(t, []string{"FAKE_NVML_LOG=" + log}, "facts", "--format", "json")
	if r.Code != 0 {
		t.Fatalf("exit %d: %s", r.Code, r.Stderr)
	}
	var f facts.Facts
	if err := json.Unmarshal([]byte(r.Stdout), &f); err != nil {
		t.Fatal(err)
	}
	if f.Source != facts.SourceNVML || f.DriverVersion.Or("") != "470.82.01" || f.CUDADriverVersion.Or("") != "11.4" || len(f.GPUs) != 1 {
		t.Fatalf("source %s driver %s cuda %s gpus %d", f.Source, f.DriverVersion, f.CUDADriverVersion, len(f.GPUs))
	}
	g := f.GPUs[0]
	for name, got := range map[string]string{
		"name": g.Name.String(), "pci": g.PCIDeviceID.String(), "bus": g.BusID.String(), "memory": g.MemoryTotalMiB.String(),
		"power": g.DefaultPowerLimitW.String(), "sm": g.MaxSMClockMHz.String(), "reasons": g.ClockEventReasons.String(),
		"arch": g.Architecture.String(), "mig": g.MIG.String(), "virt": g.Virtualization.String(),
	} {
		want := map[string]string{
			"name": "NVIDIA A100-SXM4-80GB", "pci": "0x20B210DE", "bus": "00000000:07:00.0", "memory": "81920",
			"power": "400", "sm": "1410", "reasons": "[idle]", "arch": "Ampere", "mig": "disabled", "virt": "none",
		}[name]
		if got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if links, _ := g.NVLinks.Get(); len(links) != 12 || links[0].Version.Or(0) != 3 || links[0].RemoteType.Or("") != "switch" {
		t.Errorf("NVLinks %s", g.NVLinks)
	}
	for name, v := range map[string]interface{ Reason() msg.M }{
		"reserved memory": g.MemoryReservedMiB, "GPU max PCIe gen": g.PCIe.GenDeviceMax,
	} {
		if !strings.Contains(v.Reason().String(), "nvmlDeviceGetMemoryInfo_v2") && !strings.Contains(v.Reason().String(), "has no nvmlDeviceGetGpuMaxPcieLinkGeneration") {
			t.Errorf("%s: reason %q does not name the missing function", name, v.Reason().String())
		}
	}
	if !f.Host.Kernel.OK() {
		t.Errorf("host kernel %s", f.Host.Kernel)
	}
	calls, _ := os.ReadFile(log)
	if !strings.Contains(string(calls), "nvmlDeviceGetCurrentClocksThrottleReasons\n") || !strings.HasSuffix(string(calls), "nvmlShutdown\n") {
		t.Errorf("call log:\n%s", calls)
	}
}

// TestCheck: the fake A100 meets its plan's acceptance checks; HW
// slowdown, an old driver and a lost GPU each fail it, without a crash.
// The kernel cross-checks catch the fake library itself: it is found
// through LD_LIBRARY_PATH, is not a driver's libnvidia-ml.so.<version>,
// and (on a machine without that GPU) describes a PCI device the kernel
// does not have.
func TestCheck(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.json")
	r := gpuverify(t, nil, "check", "--plan", writePlan(t, "470.57.02"), "--out", out, "--nonce", "e2e-nonce")
	if r.Code != 3 || !strings.Contains(r.Stdout, "Delivery check: FAIL") || !strings.Contains(r.Stdout, "origin  live: read through NVML") {
		t.Fatalf("exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	data, _ := os.ReadFile(out)
	if ok, _, _, err := report.VerifyDigest(data); !ok || err != nil {
		t.Errorf("report does not verify: %v", err)
	}
	rep, _ := report.Decode(data)
	status := map[string]string{}
	for _, c := range rep.Checks {
		status[c.ID] = string(c.Status)
	}
	for id, want := range map[string]string{
		"gpu_count": "pass", "driver": "pass", "gpu0/identity": "pass", "gpu0/nvlink": "pass",
		"gpu0/row_remapping": "pass", "gpu0/throttle": "pass", "origin": "pass",
		"kernel_loader": "fail", "kernel_library": "fail",
	} {
		if status[id] != want {
			t.Errorf("%s: %s, want %s", id, status[id], want)
		}
	}
	if _, err := os.Stat("/sys/bus/pci/devices/0000:07:00.0"); os.IsNotExist(err) && status["gpu0/kernel_pci_id"] != "fail" {
		t.Errorf("gpu0/kernel_pci_id: %s, want fail: the fake GPU is not on this machine's PCI bus", status["gpu0/kernel_pci_id"])
	}
	if !strings.Contains(r.Stdout, "the library was found through LD_LIBRARY_PATH") || !strings.Contains(r.Stdout, "libnvidia-ml.so.1 is not a driver's libnvidia-ml.so.<version> file") {
		t.Errorf("the loader and library messages:\n%s", r.Stdout)
	}
	if rep.Nonce != "e2e-nonce" || rep.Origin.Kernel == nil || rep.Origin.Kernel.PCI[0].NVMLNUMANode.Or(-1) != 0 {
		t.Errorf("nonce %q, kernel %+v", rep.Nonce, rep.Origin.Kernel)
	}
	if v := gpuverify(t, nil, "verify-report", out, "--nonce", "e2e-nonce"); v.Code != 3 || !strings.Contains(v.Stdout, "all ") || !strings.Contains(v.Stderr, "is genuine, and its delivery FAILED") {
		t.Errorf("verify-report: exit %d %s %s", v.Code, v.Stdout, v.Stderr)
	}

	for _, c := range []struct {
		name, minDriver string
		env             []string
		want            string
	}{
		{"HW slowdown (A2)", "470.57.02", []string{"FAKE_NVML_HW_SLOWDOWN=1"}, "FAIL gpu0/throttle [A2]"},
		{"driver too old (A1)", "535.104.05", nil, "FAIL driver [A1]"},
		{"GPU lost (A4)", "470.57.02", []string{"FAKE_NVML_LOST=1"}, "FAIL gpu0/reachable [A4]"},
		{"library chosen by hand", "470.57.02", []string{"GPUVERIFY_NVML_LIBRARY=" + filepath.Join(built.libDir, "libnvidia-ml.so.1")}, "GPUVERIFY_NVML_LIBRARY=" + built.libDir},
	} {
		r := gpuverify(t, c.env, "check", "--plan", writePlan(t, c.minDriver))
		if r.Code != 3 || !strings.Contains(r.Stdout, c.want) {
			t.Errorf("%s: exit %d, stdout lacks %q\n%s", c.name, r.Code, c.want, r.Stdout)
		}
	}
}

// TestMonitor samples the fake GPU for one second.
func TestMonitor(t *testing.T) {
	out := filepath.Join(t.TempDir(), "util.csv")
	r := gpuverify(t, nil, "monitor", "--interval", "1s", "--duration", "1s", "--out", out)
	if r.Code != 0 || !strings.Contains(r.Stdout, "O1: mean utilisation 42.0% is under 60%") {
		t.Fatalf("exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	f, _ := os.Open(out)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 3 || rows[1][3] != "42" || rows[1][6] != "61.2" || rows[1][7] != "210" {
		t.Errorf("CSV %v, %v", rows, err)
	}
}

// TestLoaderStart: gpuverify started as "ld.so --library-path DIR
// gpuverify", which leaves no LD_LIBRARY_PATH to see, is caught by the
// real process's /proc/self/exe, auxv AT_BASE and command line, and its
// library outside the system directories (rule A4).
func TestLoaderStart(t *testing.T) {
	ldso := "/lib64/ld-linux-x86-64.so.2"
	if _, err := os.Stat(ldso); err != nil {
		t.Skip("no " + ldso + " here")
	}
	bin, libDir := setup(t)
	cmd := exec.Command(ldso, "--library-path", libDir, bin, "check", "--plan", writePlan(t, "470.57.02"), "--format", "json")
	cmd.Env = cleanEnv()
	r, err := testkit.Exec(cmd)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := report.Decode([]byte(r.Stdout))
	if err != nil {
		t.Fatalf("exit %d: %v\n%s", r.Code, err, r.Stderr)
	}
	msgs := map[string]string{}
	for _, c := range rep.Checks {
		if c.Status == "fail" {
			msgs[c.ID] = c.Message
		}
	}
	if !strings.Contains(msgs["kernel_loader"], "started through the dynamic loader") || !strings.Contains(msgs["kernel_loader"], "AT_BASE is 0") ||
		!strings.Contains(msgs["kernel_library"], "outside the system library directories") || r.Code != 3 {
		t.Errorf("exit %d, loader %q, library %q", r.Code, msgs["kernel_loader"], msgs["kernel_library"])
	}
	// The library's SHA-256, of the inode the process mapped, is recorded.
	lib, _ := os.ReadFile(filepath.Join(libDir, "libnvidia-ml.so.1"))
	sum := sha256.Sum256(lib)
	if l := rep.Origin.Kernel.Library; l.SHA256.Or("") != hex.EncodeToString(sum[:]) || l.OnDiskDiffers {
		t.Errorf("library sha256 %s (differs %v), want %x", l.SHA256, l.OnDiskDiffers, sum)
	}
}

// TestHungNVMLSignal: SIGINT or SIGTERM stops a check stuck in an NVML
// call within 2 s, with exit 130 and no report or signature written.
func TestHungNVMLSignal(t *testing.T) {
	bin, libDir := setup(t)
	dir := t.TempDir()
	key := filepath.Join(dir, "key")
	os.WriteFile(key, sshsig.MarshalPrivateKey(ed25519.NewKeyFromSeed(make([]byte, 32)), "e2e", 1), 0o600)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		out := filepath.Join(dir, "report-"+sig.String()+".json")
		cmd := exec.Command(bin, "check", "--plan", writePlan(t, "470.57.02"), "--out", out, "--sign", key)
		cmd.Env = append(cleanEnv(), "LD_LIBRARY_PATH="+libDir, "FAKE_NVML_HANG=1")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
		cmd.Process.Signal(sig)
		began := time.Now()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: still running 5 s after the signal", sig)
		}
		ee, _ := err.(*exec.ExitError)
		if stop := time.Since(began); stop > 2*time.Second || ee == nil || ee.ExitCode() != 130 {
			t.Errorf("%v: exit %v after %v, stderr %q", sig, err, stop, errb.String())
		}
		for _, p := range []string{out, out + ".sig"} {
			if _, err := os.Stat(p); err == nil {
				t.Errorf("%v: %s was written", sig, p)
			}
		}
	}
}
