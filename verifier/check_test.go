package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

var update = flag.Bool("update", false, "rewrite golden files")

// The real nvidia-smi fixtures of shared/facts.
const (
	fx4090 = "../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090"
	fxH100 = "../shared/facts/testdata/gpud__nvidia-smi-query.535.183.01.out.0.valid"
)

// gv runs gpuverify with args and returns the exit code and streams.
func gv(t *testing.T, ctx context.Context, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(ctx, args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// fakeSession stands for NVML: fixed facts, scripted samples.
type fakeSession struct {
	f       *facts.Facts
	samples func() ([]monitor.Reading, error)
	closed  bool
}

func (s *fakeSession) Facts(context.Context) (*facts.Facts, error) { return s.f, nil }
func (s *fakeSession) Sample() ([]monitor.Reading, error)          { return s.samples() }
func (s *fakeSession) Close()                                      { s.closed = true }

// withNVML makes the commands see sess (or err) instead of the real NVML,
// a fixed clock, and a fake host tree.
func withNVML(t *testing.T, sess nvmlSession, err error) {
	t.Helper()
	oldOpen, oldNow, oldRoot := openNVML, now, hostRoot
	openNVML = func() (nvmlSession, error) { return sess, err }
	now = func() time.Time { return time.Date(2026, 11, 30, 8, 15, 0, 0, time.UTC) }
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "proc/sys/kernel"), 0o755)
	os.WriteFile(filepath.Join(root, "proc/sys/kernel/hostname"), []byte("gpu-node-07\n"), 0o644)
	hostRoot = root
	t.Cleanup(func() { openNVML, now, hostRoot = oldOpen, oldNow, oldRoot })
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
	withNVML(t, nil, nvml.ErrNoLibrary)
	tests := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		out, err string
	}{
		{"4090 box meets its plan", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090}, "", exitOK, "Delivery check: PASS", ""},
		{"H100 power brake fails (A2)", []string{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100}, "", exitFailed, "FAIL gpu2/throttle [A2]", "checks failed"},
		{"pass-through VM against bare metal (K4)", []string{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100}, "", exitFailed, "this is a VM", ""},
		{"H100 box against a 4090 plan", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fxH100, "--format", "markdown"}, "", exitFailed, "| gpu0/identity | A1 |", ""},
		{"json to stdout", []string{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--format", "json"}, "", exitOK, `"schema": "gpuplan.report/v1"`, ""},
		{"plan from stdin", []string{"check", "--plan", "-", "--nvidia-smi", fx4090}, mustRead(t, "testdata/plan-rtx4090x8.json"), exitOK, "PASS", ""},
		{"wrong schema", []string{"check", "--plan", "testdata/plan-wrong-schema.json", "--nvidia-smi", fx4090}, "", exitUsage, "", `schema: must be "gpuplan.plan/v1", got "gpuplan.requirements/v1"`},
		{"no --plan", []string{"check", "--nvidia-smi", fx4090}, "", exitUsage, "", "--plan is required"},
		{"both on stdin", []string{"check", "--plan", "-", "--nvidia-smi", "-"}, "", exitUsage, "", "cannot both read standard input"},
		{"plan not JSON", []string{"check", "--plan", "-", "--nvidia-smi", fx4090}, "plan: big", exitUsage, "", "not valid JSON"},
		{"not nvidia-smi output", []string{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", "testdata/plan-h100x8.json"}, "", exitUsage, "", "testdata/plan-h100x8.json:"},
		{"no NVML library", []string{"check", "--plan", "testdata/plan-h100x8.json"}, "", exitError, "", "install the NVIDIA driver, or run"},
		{"bad format", []string{"check", "--plan", "testdata/plan-h100x8.json", "--format", "pdf"}, "", exitUsage, "", "must be one of text, json, markdown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := gv(t, context.Background(), tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d; stderr %q", code, tt.code, errOut)
			}
			if !strings.Contains(out, tt.out) {
				t.Errorf("stdout lacks %q:\n%.2000s", tt.out, out)
			}
			if !strings.Contains(errOut, tt.err) {
				t.Errorf("stderr %q lacks %q", errOut, tt.err)
			}
		})
	}
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
	withNVML(t, nil, nvml.ErrNoLibrary)
	out := filepath.Join(t.TempDir(), "report.json")
	code, stdout, _ := gv(t, context.Background(), "", "check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100, "--out", out)
	if code != exitFailed || !strings.Contains(stdout, "Delivery check: FAIL") {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, _, err := report.Verify(data); !ok || err != nil {
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
	code, stdout, stderr := gv(t, context.Background(), "", "verify-report", out)
	if code != exitOK || !strings.Contains(stdout, "digest matches") || !strings.Contains(stdout, "FAIL (9 fail") {
		t.Errorf("verify-report: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestCheckNVML: without --nvidia-smi the facts come from NVML plus the
// host facts, and the session is closed.
func TestCheckNVML(t *testing.T) {
	sess := &fakeSession{f: fixtureFacts(t, fx4090)}
	withNVML(t, sess, nil)
	code, stdout, stderr := gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
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
	withNVML(t, nil, nvml.ErrNoLibrary)
	for _, c := range []struct{ name, plan, smi, format string }{
		{"check-rtx4090x8.txt", "testdata/plan-rtx4090x8.json", fx4090, "text"},
		{"check-h100x8.md", "testdata/plan-h100x8.json", fxH100, "markdown"},
	} {
		_, out, _ := gv(t, context.Background(), "", "check", "--plan", c.plan, "--nvidia-smi", c.smi, "--format", c.format)
		checkGolden(t, filepath.Join("testdata", c.name), []byte(out))
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs; rerun with -update and review the diff\n--- got ---\n%s", path, got)
	}
}

func TestVerifyReportCommand(t *testing.T) {
	withNVML(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--out", good)
	data, _ := os.ReadFile(good)
	tampered := filepath.Join(dir, "tampered.json")
	os.WriteFile(tampered, bytes.Replace(data, []byte(`"verdict": "pass"`), []byte(`"verdict": "fail"`), 1), 0o644)
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
		{"untouched", []string{"verify-report", good}, "", exitOK, "digest matches", ""},
		{"from stdin", []string{"verify-report", "-"}, string(data), exitOK, "-: digest matches", ""},
		{"tampered", []string{"verify-report", tampered}, "", exitFailed, "", "digest MISMATCH"},
		{"unknown field", []string{"verify-report", "-"}, string(extra), exitUsage, "", "not a report gpuverify can read"},
		{"a plan, not a report", []string{"verify-report", "testdata/plan-h100x8.json"}, "", exitUsage, "", "not a report"},
		{"no such file", []string{"verify-report", filepath.Join(dir, "nope.json")}, "", exitUsage, "", "no such file"},
		{"no argument", []string{"verify-report"}, "", exitUsage, "", "give one report file"},
		{"two arguments", []string{"verify-report", good, good}, "", exitUsage, "", "give one report file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := gv(t, context.Background(), tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", code, tt.code, out, tt.out, errOut, tt.err)
			}
		})
	}
}
