package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/sshsig"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// copyFile copies src into dir and returns the copy's path.
func copyFile(t *testing.T, dir, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestOutputsNeverReplaceInputs: --out and --ics refuse to write over an
// input, with or without --force, and leave it as it was (check --plan
// p.json --out p.json once replaced the plan with the report).
func TestOutputsNeverReplaceInputs(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	planFile := copyFile(t, dir, "testdata/plan-h100x8.json")
	smi := copyFile(t, dir, fxH100)
	sheet := copyFile(t, dir, "../shared/plan/testdata/procurement.req.json")
	before := mustRead(t, planFile)
	tests := [][]string{
		{"check", "--plan", planFile, "--nvidia-smi", smi, "--out", planFile},
		{"check", "--plan", planFile, "--nvidia-smi", smi, "--out", planFile, "--force"},
		{"check", "--plan", planFile, "--nvidia-smi", smi, "--out", smi, "--force"},
		{"check", "--plan", planFile, "--nvidia-smi", smi, "--out", dir + "/./" + filepath.Base(planFile)},
		{"plan", "--in", sheet, "--ics", sheet, "--force"},
	}
	for _, args := range tests {
		code, _, stderr := e.gv(t, context.Background(), "", args...)
		if code != exitUsage || !strings.Contains(stderr, "is also an input") {
			t.Errorf("%v: exit %d %q, want 2 and \"is also an input\"", args, code, stderr)
		}
	}
	if mustRead(t, planFile) != before {
		t.Error("the plan file was changed")
	}
	if got := mustRead(t, sheet); !strings.Contains(got, `"workload"`) {
		t.Error("the sheet was changed")
	}
}

// TestOutputsNeedForce: an existing report is kept unless --force is given;
// with --force it is replaced atomically and no temporary file is left.
func TestOutputsNeedForce(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	out := filepath.Join(dir, "report.json")
	if err := os.WriteFile(out, []byte("earlier evidence"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100, "--out", out}
	code, stdout, stderr := e.gv(t, context.Background(), "", args...)
	if code != exitUsage || !strings.Contains(stderr, "already exists: choose another file, or pass --force") || stdout != "" {
		t.Errorf("existing --out: exit %d %q", code, stderr)
	}
	if got := mustRead(t, out); got != "earlier evidence" {
		t.Errorf("existing report changed to %.40q", got)
	}
	code, _, stderr = e.gv(t, context.Background(), "", append(args, "--force")...)
	if code != exitFailed {
		t.Fatalf("--force: exit %d %s", code, stderr)
	}
	if got := mustRead(t, out); !strings.Contains(got, `"digest"`) {
		t.Errorf("--force did not write the report: %.40q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left in the output directory: %v", entries)
	}
	ics := filepath.Join(dir, "exit.ics")
	os.WriteFile(ics, []byte("mine"), 0o644)
	code, _, stderr = e.gv(t, context.Background(), "", "plan", "--in", "../shared/plan/testdata/procurement.req.json", "--ics", ics)
	if code != exitUsage || !strings.Contains(stderr, "already exists") || mustRead(t, ics) != "mine" {
		t.Errorf("existing --ics: exit %d %q", code, stderr)
	}
}

// TestDirectoryInputExits2: a directory given as any input is bad input,
// exit 2, in every command (some once exited 1).
func TestDirectoryInputExits2(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	for _, args := range [][]string{
		{"plan", "--in", dir},
		{"check", "--plan", dir, "--nvidia-smi", fxH100},
		{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", dir},
		{"facts", "--nvidia-smi", dir},
		{"verify-report", dir},
		{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100, "--out", dir},
		{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", fxH100, "--out", filepath.Join(dir, "r.json"), "--sign", dir},
	} {
		code, _, stderr := e.gv(t, context.Background(), "", args...)
		if code != exitUsage || !strings.Contains(stderr, "is a directory") {
			t.Errorf("%v: exit %d %q, want 2 and \"is a directory\"", args, code, stderr)
		}
	}
}

// TestInputSizeLimits: an input over its limit is refused with its size,
// never cut (plan --in once stopped at 1 MiB with "unexpected EOF").
func TestInputSizeLimits(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	big := `{"workload":"lora","model":{"params_b":7}}` + strings.Repeat(" ", 1<<20)
	code, _, stderr := e.gv(t, context.Background(), big, "plan", "--in", "-")
	if code != exitUsage || !strings.Contains(stderr, "- is larger than 1048576 bytes") {
		t.Errorf("plan: exit %d %q", code, stderr)
	}
	// One limit for the plan file in every command.
	for _, args := range [][]string{{"check", "--plan", "-", "--nvidia-smi", fx4090}, {"merge", "--plan", "-", "x.json"}} {
		code, _, stderr = e.gv(t, context.Background(), big, args...)
		if code != exitUsage || !strings.Contains(stderr, "- is larger than 1048576 bytes") {
			t.Errorf("%s --plan: exit %d %q", args[0], code, stderr)
		}
	}
	key := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(key, make([]byte, sshsig.MaxPrivateKeyBytes+1), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-h100x8.json", "--out", filepath.Join(t.TempDir(), "r.json"), "--sign", key)
	if code != exitUsage || !strings.Contains(stderr, key+" is larger than 16384 bytes") {
		t.Errorf("check --sign: exit %d %q", code, stderr)
	}
	smi := strings.Repeat("x", 8<<20+1)
	code, _, stderr = e.gv(t, context.Background(), smi, "facts", "--nvidia-smi", "-")
	if code != exitUsage || !strings.Contains(stderr, "- is larger than 8388608 bytes") {
		t.Errorf("facts: exit %d %q", code, stderr)
	}
}

// TestHostileDecimalsCLI: sheets that once hung gpuverify plan
// are refused at once, naming the field and the allowed range.
func TestHostileDecimalsCLI(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	for _, sheet := range []string{
		`{"workload":"lora","model":{"params_b":7},"storage_tb":"1e1000000000"}`,
		`{"workload":"lora","model":{"params_b":7},"hours_per_day":"1e-10000000"}`,
	} {
		start := time.Now()
		code, _, stderr := e.gv(t, context.Background(), sheet, "plan", "--in", "-")
		if code != exitUsage || !strings.Contains(stderr, "must be a number between -10^20 and 10^20") {
			t.Errorf("exit %d %q", code, stderr)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("took %v", took)
		}
	}
}

// blockingReader is standard input that never delivers: the command waits
// until it is interrupted.
type blockingReader struct{ stop chan struct{} }

func (b blockingReader) Read([]byte) (int, error) {
	<-b.stop
	return 0, io.EOF
}

// TestInterruptStopsPromptly: plan, facts and check return exit 130 soon
// after Ctrl-C or SIGTERM cancels their context, even while they wait for
// input or parse.
func TestInterruptStopsPromptly(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	for _, args := range [][]string{
		{"plan", "--in", "-"},
		{"facts", "--nvidia-smi", "-"},
		{"check", "--plan", "testdata/plan-h100x8.json", "--nvidia-smi", "-"},
	} {
		stop := make(chan struct{})
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(50*time.Millisecond, func() { cancel(context.Canceled) })
		start := time.Now()
		r := testkit.Run(ctx, e.main, blockingReader{stop}, args...)
		took := time.Since(start)
		close(stop)
		if r.Code != exitInterrupted || !strings.Contains(r.Stderr, "stopped") {
			t.Errorf("%v: exit %d %q, want %d", args, r.Code, r.Stderr, exitInterrupted)
		}
		if took > 2*time.Second {
			t.Errorf("%v: stopped after %v", args, took)
		}
	}
}

// TestTruncatedXMLExits2: nvidia-smi -q -x output cut short is bad input,
// never a pass (it once passed with exit 0).
func TestTruncatedXMLExits2(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	data := mustRead(t, "../shared/facts/testdata/telegraf__dual_a5000-v13.xml")
	cut := data[:strings.LastIndex(data, "</nvidia_smi_log>")]
	for _, args := range [][]string{
		{"facts", "--nvidia-smi", "-"},
		{"check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", "-"},
	} {
		code, _, stderr := e.gv(t, context.Background(), cut, args...)
		if code != exitUsage || !strings.Contains(stderr, "ends early") {
			t.Errorf("%v: exit %d %q", args, code, stderr)
		}
	}
}

// TestSigRemovalOnlyOurs: writing a report again unsigned removes only
// gpuverify's signature of the report it replaces, never an input named
// REPORT.sig nor another file of that name.
func TestSigRemovalOnlyOurs(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	capture := out + ".sig"
	data, err := os.ReadFile(fx4090)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(capture, data, 0o644)
	os.WriteFile(out, []byte("{}"), 0o644)
	code, _, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", capture, "--out", out, "--force")
	if code == exitUsage {
		t.Fatalf("exit %d %s", code, stderr)
	}
	if got, err := os.ReadFile(capture); err != nil || !bytes.Equal(got, data) {
		t.Errorf("the input %s was removed or changed: %v", capture, err)
	}
	// Another file of that name that does not sign the old report stays.
	os.WriteFile(capture, []byte("notes\n"), 0o644)
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--out", out, "--force")
	if got, err := os.ReadFile(capture); err != nil || string(got) != "notes\n" {
		t.Errorf("a file that is not the report's signature was removed: %v", err)
	}
}
