package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/provenance"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
	"github.com/gpuplan/gpuplan/verifier/internal/cuda"
	"github.com/gpuplan/gpuplan/verifier/internal/host/hosttest"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// The real nvidia-smi fixtures of shared/facts.
const (
	fx4090 = "../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090"
	fxH100 = "../shared/facts/testdata/gpud__nvidia-smi-query.535.183.01.out.0.valid"
)

// gv runs gpuverify in e with args and stdin (testkit.Run) and returns the
// exit code and streams.
func (e env) gv(t *testing.T, ctx context.Context, stdin string, args ...string) (int, string, string) {
	t.Helper()
	r := testkit.Run(ctx, e.main, strings.NewReader(stdin), args...)
	return r.Code, r.Stdout, r.Stderr
}

// cliCase is one run of gpuverify and what it must give: the exit code,
// and a part of standard output and of standard error ("" for any).
type cliCase struct {
	name     string
	args     []string
	stdin    string
	code     int
	out, err string
}

// runCases runs each case in e as a subtest.
func (e env) runCases(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) { e.expect(t, tt) })
	}
}

// expect runs one case in e and reports where it differs.
func (e env) expect(t *testing.T, tt cliCase) {
	t.Helper()
	code, out, errOut := e.gv(t, context.Background(), tt.stdin, tt.args...)
	if code != tt.code {
		t.Errorf("exit code %d, want %d; stderr %q", code, tt.code, errOut)
	}
	if !strings.Contains(out, tt.out) {
		t.Errorf("stdout lacks %q:\n%.3000s", tt.out, out)
	}
	if !strings.Contains(errOut, tt.err) {
		t.Errorf("stderr %q lacks %q", errOut, tt.err)
	}
}

// fakeSession stands for NVML: fixed facts, scripted samples.
type fakeSession struct {
	f       *facts.Facts
	samples func() ([]monitor.Reading, error)
	closed  bool
}

// Facts gives the fixture's facts as NVML would: of source NVML.
func (s *fakeSession) Facts(context.Context) (*facts.Facts, error) {
	s.f.Source, s.f.SourceDetail = facts.SourceNVML, ""
	return s.f, nil
}
func (s *fakeSession) Sample() ([]monitor.Reading, error) { return s.samples() }
func (s *fakeSession) Close()                             { s.closed = true }
func (s *fakeSession) NUMANodes() map[int]facts.Value[int] {
	out := map[int]facts.Value[int]{}
	for _, g := range s.f.GPUs {
		out[g.Index] = facts.Known(g.Index / 4)
	}
	return out
}

// fakeEnv is the environment of a test command: sess (or err) instead of
// the real NVML, a fixed clock, a fake host tree of its own, an empty
// process environment, no CUDA (fakeBench sets one) and a monitor clock
// that never waits. Each test has its own, so tests run in parallel.
func fakeEnv(t *testing.T, sess nvmlSession, err error) env {
	t.Helper()
	files := map[string]string{}
	if fs, ok := sess.(*fakeSession); ok && fs != nil && fs.f != nil {
		files = kernelTree(fs.f)
	}
	files["proc/sys/kernel/hostname"] = "gpu-node-07\n"
	return env{
		openNVML: func() (nvmlSession, error) { return sess, err },
		hostRoot: hosttest.Write(t, files),
		now:      testkit.NewClock(time.Date(2026, 11, 30, 8, 15, 0, 0, time.UTC)).Now,
		getenv:   func(string) string { return "" },
		runBench: func(context.Context, cuda.Config) (*bench.Run, error) {
			return nil, errors.New("no CUDA in this test: call fakeBench")
		},
		clock: testkit.NewClock(time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)),
	}
}

// kernelTree is the /proc and /sys of a machine whose kernel agrees with
// the facts f (a fixture read as if NVML had given it).
func kernelTree(f *facts.Facts) map[string]string {
	var gpus []hosttest.GPU
	speed := map[int]string{1: "2.5 GT/s PCIe", 2: "5.0 GT/s PCIe", 3: "8.0 GT/s PCIe", 4: "16.0 GT/s PCIe", 5: "32.0 GT/s PCIe"}
	for _, g := range f.GPUs {
		id, sub := g.PCIDeviceID.Or("0x00000000"), g.PCISubsystemID.Or("0x00000000")
		maxGen := g.PCIe.GenDeviceMax.Or(g.PCIe.GenMax.Or(0))
		gpus = append(gpus, hosttest.GPU{
			Bus: provenance.NormBus(g.BusID.Or("")), Device: "0x" + strings.ToLower(id[2:6]), SubsystemDevice: "0x" + strings.ToLower(sub[2:6]),
			Model: g.Name.Or(""), UUID: g.UUID.Or(""),
			CurSpeed: speed[g.PCIe.GenCurrent.Or(0)], MaxSpeed: speed[maxGen],
			CurWidth: g.PCIe.WidthCurrent.String(), MaxWidth: g.PCIe.WidthMax.String(), NUMA: strconv.Itoa(g.Index / 4),
		})
	}
	v := f.DriverVersion.Or("")
	return hosttest.Files(v, "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so."+v, gpus...)
}

func fixtureFacts(t *testing.T, path string) *facts.Facts {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := facts.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestCheckCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	tests := []cliCase{
		// A saved file meets the plan, but is not proof of delivery: incomplete, exit 4.
		{"4090 file meets its plan", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090}, "", exitIncomplete, "Check of a saved file: INCOMPLETE", "INCOMPLETE: nothing failed, but 1 demanded check was not measured"},
		{"unmeasured listed with the command", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090}, "", exitIncomplete, "origin: run gpuverify check --plan plan.json --out report.json --sign KEY on the server itself", ""},
		// A header announcing 4 GPUs over 1 listed is 1 GPU, not 4.
		{"header count is not the GPU count (A1)", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", "../shared/acceptance/testdata/derived__4090-header4-listed1.txt"}, "", exitFailed, "FAIL gpu_count [A1] 1 GPU listed, the plan expects 8 (see gpu_listing)", "checks failed"},
		{"header count is its own check", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", "../shared/acceptance/testdata/derived__4090-header4-listed1.txt"}, "", exitFailed, "WARN gpu_listing [A4] the output announces 4 GPUs but lists 1", ""},
		{"H100 power brake fails (A2)", []string{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100}, "", exitFailed, "FAIL gpu2/throttle [A2]", "checks failed"},
		{"pass-through VM against bare metal (K4)", []string{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100}, "", exitFailed, "this is a VM", ""},
		{"H100 box against a 4090 plan", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fxH100, "--format", "markdown"}, "", exitFailed, "| gpu0/identity | A1 |", ""},
		{"json to stdout", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--format", "json"}, "", exitIncomplete, `"kind": "saved-file"`, ""},
		{"plan from stdin", []string{"check", "--plan", "-", "--nvidia-smi", fx4090}, mustRead(t, "testdata/plan-rtx4090x8.json"), exitIncomplete, "INCOMPLETE", ""},
		{"nonce recorded", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--nonce", "buyer-7f3a"}, "", exitIncomplete, "nonce   buyer-7f3a", ""},
		{"bad nonce", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--nonce", "a b"}, "", exitUsage, "", "--nonce: only printable ASCII without spaces"},
		{"--sign without --out", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--sign", "key"}, "", exitUsage, "", "--sign needs --out"},
		{"--out over the plan", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--out", "testdata/plan-rtx4090x8.json"}, "", exitUsage, "", "is also an input"},
		{"key not a key", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--out", "r.json", "--sign", "testdata/plan-h100x8.json"}, "", exitUsage, "", "OPENSSH PRIVATE KEY"},
		{"wrong schema", []string{"check", "--plan", "testdata/plan-wrong-schema.json", "--nvidia-smi", fx4090}, "", exitUsage, "", `schema: must be "gpuplan.plan/v1", got "gpuplan.requirements/v1"`},
		{"no --plan", []string{"check", "--nvidia-smi", fx4090}, "", exitUsage, "", "--plan is required"},
		{"both on stdin", []string{"check", "--plan", "-", "--nvidia-smi", "-"}, "", exitUsage, "", "cannot both read standard input"},
		{"plan not JSON", []string{"check", "--plan", "-", "--nvidia-smi", fx4090}, "plan: big", exitUsage, "", "not valid JSON"},
		{"not nvidia-smi output", []string{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", "testdata/plan-h100x8.json"}, "", exitUsage, "", "testdata/plan-h100x8.json:"},
		{"no NVML library", []string{"check", "--plan", "testdata/plan-h100x8.json"}, "", exitError, "", "install the NVIDIA driver, or run"},
		{"bad format", []string{"check", "--plan", "testdata/plan-h100x8.json", "--format", "pdf"}, "", exitUsage, "", "must be one of text, json, markdown"},
	}
	e.runCases(t, tests)
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCheckOut: --out writes the JSON report; it verifies, names the plan
// file's SHA-256, and verify-report accepts it.
func TestCheckOut(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	out := filepath.Join(t.TempDir(), "report.json")
	code, stdout, _ := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100, "--out", out)
	if code != exitFailed || !strings.Contains(stdout, "Check of a saved file: FAIL") {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, _, err := report.VerifyDigest(data); !ok || err != nil {
		t.Fatalf("report does not verify: %v %v", ok, err)
	}
	r, _ := report.Decode(data)
	sum := sha256.Sum256([]byte(mustRead(t, "testdata/plan-h100x8.json")))
	if r.PlanSHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("plan_sha256 %q is not the SHA-256 of the plan file", r.PlanSHA256)
	}
	if r.Time != "2026-11-30T08:15:00Z" || r.Tool.Name != "gpuverify" {
		t.Errorf("time %s tool %+v", r.Time, r.Tool)
	}
	code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", out)
	if code != exitFailed || !strings.Contains(stdout, "digest matches") || !strings.Contains(stdout, "FAIL (9 fail") || !strings.Contains(stderr, "is genuine, and its delivery FAILED 9 checks") {
		t.Errorf("verify-report: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestCheckNVML: without --nvidia-smi the facts come from NVML plus the
// host facts, and the session is closed.
func TestCheckNVML(t *testing.T) {
	t.Parallel()
	sess := &fakeSession{f: fixtureFacts(t, fx4090)}
	e := fakeEnv(t, sess, nil)
	code, stdout, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--format", "json")
	if code != exitOK {
		_, txt, _ := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json")
		t.Fatalf("exit %d: %s\n%.3000s", code, stderr, txt)
	}
	r, err := report.Decode([]byte(stdout))
	if err != nil {
		t.Fatal(err)
	}
	if r.Facts.Host.Hostname.Or("") != "gpu-node-07" || !sess.closed {
		t.Errorf("hostname %s, closed %v", r.Facts.Host.Hostname, sess.closed)
	}
}

// TestCheckGolden runs the whole command on the 4090 fixture and compares
// the text report with testdata/check-rtx4090x8.txt (-update rewrites it).
func TestCheckGolden(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	for _, c := range []struct{ name, plan, smi, format, lang string }{
		{"check-rtx4090x8.txt", "testdata/plan-rtx4090x8.json", fx4090, "text", "en"},
		{"check-h100x8.md", "testdata/plan-h100x8.json", fxH100, "markdown", "en"},
		{"check-rtx4090x8.zh.txt", "testdata/plan-rtx4090x8.json", fx4090, "text", "zh"},
		{"check-h100x8.zh.md", "testdata/plan-h100x8.json", fxH100, "markdown", "zh"},
	} {
		_, out, _ := e.gv(t, context.Background(), "", "check", "--plan", c.plan, "--nvidia-smi", c.smi, "--format", c.format, "--lang", c.lang)
		testkit.Golden(t, filepath.Join("testdata", c.name), []byte(out))
	}
}

// TestCheckLangDefault: without --lang, check speaks the locale's language
// (every sentence exists in zh-CN and en), and the report file it writes keeps the English texts.
func TestCheckLangDefault(t *testing.T) {
	t.Parallel()
	for env, want := range map[string]string{"zh_CN.UTF-8": "保存文件的检查：INCOMPLETE", "en_US.UTF-8": "Check of a saved file: INCOMPLETE", "": "Check of a saved file: INCOMPLETE"} {
		e := fakeEnv(t, nil, nvml.ErrNoLibrary)
		e.getenv = func(k string) string {
			if k == "LANG" {
				return env
			}
			return ""
		}
		out := filepath.Join(t.TempDir(), "r.json")
		code, stdout, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--out", out)
		if code != exitIncomplete || !strings.HasPrefix(stdout, want) {
			t.Errorf("LANG=%q: exit %d %s\n%.300s", env, code, stderr, stdout)
		}
		if zh := strings.HasPrefix(env, "zh"); zh != strings.Contains(stderr, "INCOMPLETE：没有检查失败，但有 1 项必查项目未测到") {
			t.Errorf("LANG=%q: stderr %q", env, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil || !strings.Contains(string(data), `"message": "8 GPUs listed, the plan expects 8"`) {
			t.Errorf("LANG=%q: the report file lacks the English message (%v)", env, err)
		}
	}
}

func TestVerifyReportCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--out", good)
	data, _ := os.ReadFile(good)
	tampered := filepath.Join(dir, "tampered.json")
	os.WriteFile(tampered, bytes.Replace(data, []byte(`"verdict": "incomplete"`), []byte(`"verdict": "pass"`), 1), 0o644)
	var v map[string]any
	json.Unmarshal(data, &v)
	v["extra"] = 1
	extra, _ := json.Marshal(v)
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
		err   string
	}{
		{"untouched, from a file", []string{"verify-report", good}, "", exitIncomplete, "digest matches", "is genuine, but INCOMPLETE"},
		{"says where the facts came from", []string{"verify-report", good}, "", exitIncomplete, "NOT PROOF OF DELIVERY", ""},
		{"unsigned", []string{"verify-report", good}, "", exitIncomplete, "unsigned: nothing ties this report to a person", ""},
		{"from stdin", []string{"verify-report", "-"}, string(data), exitIncomplete, "-: digest matches", ""},
		{"tampered", []string{"verify-report", tampered}, "", exitUnverified, "NO VERDICT: the report does not verify", "digest MISMATCH"},
		{"nonce expected", []string{"verify-report", good, "--nonce", "fresh-1"}, "", exitUnverified, "", `nonce MISMATCH: the report carries "", not the challenge "fresh-1"`},
		{"unknown field", []string{"verify-report", "-"}, string(extra), exitUsage, "", "not a report gpuverify can read"},
		{"a plan, not a report", []string{"verify-report", "testdata/plan-h100x8.json"}, "", exitUsage, "", "not a report"},
		{"no such file", []string{"verify-report", filepath.Join(dir, "nope.json")}, "", exitUsage, "", "no such file"},
		{"no argument", []string{"verify-report"}, "", exitUsage, "", "give one report file"},
		{"two arguments", []string{"verify-report", good, good}, "", exitUsage, "", "give one report file"},
		{"signature without signers", []string{"verify-report", good, "--signature", "x.sig"}, "", exitUsage, "", "--signature needs --allowed-signers"},
		{"its plan", []string{"verify-report", good, "--plan", "testdata/plan-rtx4090x8.json"}, "", exitIncomplete, "digest matches", "is genuine, but INCOMPLETE"},
		{"another plan", []string{"verify-report", good, "--plan", "testdata/plan-h100x8.json"}, "", exitUnverified, report.NoVerdict, "plan MISMATCH: checked against plan sha256 dbd3f6cd4753"},
		{"a report as the plan", []string{"verify-report", good, "--plan", good}, "", exitUsage, "", good + ":"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := e.gv(t, context.Background(), tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", code, tt.code, out, tt.out, errOut, tt.err)
			}
			if strings.Contains(errOut, "MISMATCH") && regexp.MustCompile(`[0-9a-f]{64}`).MatchString(errOut) {
				t.Errorf("the mismatch message prints a digest, which a forger could paste in: %s", errOut)
			}
		})
	}
}

// TestVerifyReportForged is a forged report: a failing one with
// every status and the summary set to pass and the digest recomputed.
// verify-report derives the checks again and names the ones that disagree.
func TestVerifyReportForged(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	out := filepath.Join(t.TempDir(), "report.json")
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100, "--out", out)
	data, _ := os.ReadFile(out)
	r, err := report.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Checks {
		r.Checks[i].Status = "pass"
	}
	r.Summary = report.Summary{Verdict: "pass", Pass: len(r.Checks), Total: len(r.Checks)}
	if err := r.Seal(); err != nil {
		t.Fatal(err)
	}
	forged, _ := report.Marshal(r)
	os.WriteFile(out, forged, 0o644)
	code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", out)
	if code != exitUnverified || !strings.Contains(stdout, "digest matches") || !strings.Contains(stderr, "checks DISAGREE") ||
		!strings.Contains(stdout, report.NoVerdict) || strings.Contains(stdout, "PASS (") || strings.Contains(stdout, "FAIL (") ||
		!strings.Contains(stderr, "gpu2/throttle: the report says pass, its facts give fail") || !strings.Contains(stderr, "summary DISAGREES") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestSignedReport: check --sign writes OUT.sig; verify-report checks it
// against an allowed_signers file, and refuses another signer, a changed
// report and a missing signature. The ssh-keygen interop is tested in
// shared/sshsig.
func TestSignedReport(t *testing.T) {
	t.Parallel()
	sess := &fakeSession{f: fixtureFacts(t, fx4090)}
	e := fakeEnv(t, sess, nil)
	dir := t.TempDir()
	key, other := filepath.Join(dir, "key"), filepath.Join(dir, "other")
	alice := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	mallory := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{2}, 32))
	os.WriteFile(key, sshsig.MarshalPrivateKey(alice, "alice", 7), 0o600)
	os.WriteFile(other, sshsig.MarshalPrivateKey(mallory, "mallory", 7), 0o600)
	signers := filepath.Join(dir, "allowed_signers")
	os.WriteFile(signers, []byte("alice@buyer namespaces=\"gpuplan-report\" "+sshsig.AuthorizedKey(alice.Public().(ed25519.PublicKey))+"\n"), 0o644)
	out := filepath.Join(dir, "report.json")

	code, _, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--out", out, "--sign", key, "--nonce", "fresh-1")
	if code != exitOK || !strings.Contains(stderr, "signed "+out+" with SHA256:") {
		t.Fatalf("check --sign: exit %d %s", code, stderr)
	}
	code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", out, "--allowed-signers", signers, "--nonce", "fresh-1")
	if code != exitOK || !strings.Contains(stdout, "signature GOOD by alice@buyer") || !strings.Contains(stdout, "origin: live") || !strings.Contains(stdout, ": PASS (") {
		t.Errorf("verify-report: exit %d\n%s%s", code, stdout, stderr)
	}
	// The same genuine pass with its signature unchecked is never exit 0,
	// unless the buyer accepts it unsigned.
	if code, _, stderr := e.gv(t, context.Background(), "", "verify-report", out); code != exitIncomplete || !strings.Contains(stderr, "unsigned: nothing ties this report to a person") {
		t.Errorf("signature not checked: exit %d %s", code, stderr)
	}
	if code, _, stderr := e.gv(t, context.Background(), "", "verify-report", out, "--allow-unsigned"); code != exitOK {
		t.Errorf("--allow-unsigned: exit %d %s", code, stderr)
	}
	// Without --force an existing report is never replaced.
	if code, _, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--out", out, "--sign", other); code != exitUsage || !strings.Contains(stderr, "already exists") {
		t.Errorf("second run without --force: exit %d %s", code, stderr)
	}
	// The same report signed by someone not in the file.
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--out", out, "--force", "--sign", other)
	if code, _, stderr := e.gv(t, context.Background(), "", "verify-report", out, "--allowed-signers", signers); code != exitUnverified || !strings.Contains(stderr, "signature REFUSED") {
		t.Errorf("other signer: exit %d %s", code, stderr)
	}
	// A changed report under a good signature.
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--out", out, "--force", "--sign", key)
	data, _ := os.ReadFile(out)
	os.WriteFile(out, append(data, '\n'), 0o644)
	if code, _, stderr := e.gv(t, context.Background(), "", "verify-report", out, "--allowed-signers", signers); code != exitUnverified || !strings.Contains(stderr, "signature MISMATCH") {
		t.Errorf("changed report: exit %d %s", code, stderr)
	}
	// Written again without --sign: the old signature is gone, not left to mislead.
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--out", out, "--force")
	if code, _, stderr := e.gv(t, context.Background(), "", "verify-report", out, "--allowed-signers", signers); code != exitUnverified || !strings.Contains(stderr, "signature MISSING") {
		t.Errorf("unsigned: exit %d %s", code, stderr)
	}
}
