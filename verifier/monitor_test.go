package main

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// twoGPUs samples two GPUs at 30% and 50%: rule O1 flags the server.
func twoGPUs(onSample func(n int)) func() ([]monitor.Reading, error) {
	n := 0
	return func() ([]monitor.Reading, error) {
		n++
		if onSample != nil {
			defer onSample(n)
		}
		var out []monitor.Reading
		for g, u := range []int{30, 50} {
			out = append(out, monitor.Reading{GPU: g, UtilGPUPct: facts.Known(u), PowerW: facts.Known(300.0), ClockReasons: facts.Known([]string{})})
		}
		return out, nil
	}
}

func TestMonitorCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, &fakeSession{samples: twoGPUs(nil)}, nil)
	out := filepath.Join(t.TempDir(), "util.csv")
	code, stdout, stderr := e.gv(t, context.Background(), "", "monitor", "--interval", "10s", "--duration", "1m", "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, _ := os.Open(out)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 1+7*2 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for _, w := range []string{"7 samples", "40.0%", "O1: mean utilisation 40.0% is under 60%"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("summary lacks %q:\n%s", w, stdout)
		}
	}
}

// TestMonitorInterrupted: Ctrl-C (the context ending) still leaves every
// sample in the CSV and prints the summary.
func TestMonitorInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := fakeEnv(t, &fakeSession{samples: twoGPUs(func(n int) {
		if n == 4 {
			cancel()
		}
	})}, nil)
	code, stdout, stderr := e.gv(t, ctx, "", "monitor", "--interval", "1s")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, _ := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if len(rows) != 1+4*2 {
		t.Errorf("CSV on stdout has %d rows, want 9", len(rows))
	}
	if !strings.Contains(stderr, "interrupted; every sample taken is in the CSV") || !strings.Contains(stderr, "4 samples") {
		t.Errorf("summary on stderr:\n%s", stderr)
	}
}

func TestMonitorErrors(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	if code, _, errOut := e.gv(t, context.Background(), "", "monitor"); code != exitError || !strings.Contains(errOut, "install the NVIDIA driver") {
		t.Errorf("no NVML: exit %d, %q", code, errOut)
	}
	if code, _, errOut := e.gv(t, context.Background(), "", "monitor", "--interval", "10ms"); code != exitUsage || !strings.Contains(errOut, "at least") && !strings.Contains(errOut, "between 1s") {
		t.Errorf("short interval: exit %d, %q", code, errOut)
	}
	if code, _, _ := e.gv(t, context.Background(), "", "monitor", "--nvidia-smi", "x.xml"); code != exitUsage {
		t.Errorf("--nvidia-smi on monitor: exit %d, want usage (NVML only)", code)
	}
}

// TestMonitorNoFollow: monitor --out LINK --force replaces the link, never
// the file it points to.
func TestMonitorNoFollow(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, &fakeSession{samples: twoGPUs(nil)}, nil)
	dir := t.TempDir()
	target, link := filepath.Join(dir, "precious"), filepath.Join(dir, "util.csv")
	os.WriteFile(target, []byte("keep me\n"), 0o644)
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code, _, stderr := e.gv(t, context.Background(), "", "monitor", "--duration", "20s", "--out", link); code != exitUsage || !strings.Contains(stderr, "already exists") {
		t.Errorf("without --force: exit %d %s", code, stderr)
	}
	if code, _, stderr := e.gv(t, context.Background(), "", "monitor", "--duration", "20s", "--out", link, "--force"); code != exitOK {
		t.Fatalf("exit %d %s", code, stderr)
	}
	if got, _ := os.ReadFile(target); string(got) != "keep me\n" {
		t.Errorf("the link's target was overwritten: %q", got)
	}
	if st, err := os.Lstat(link); err != nil || !st.Mode().IsRegular() {
		t.Errorf("%s is not a new regular file: %v", link, err)
	}
}
