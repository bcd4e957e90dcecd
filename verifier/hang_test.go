package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
)

// hungSession is an NVML whose Facts call never returns, as a driver
// stuck on an Xid does.
type hungSession struct{ closed chan struct{} }

func (s *hungSession) Facts(context.Context) (*facts.Facts, error) { select {} }
func (s *hungSession) Sample() ([]monitor.Reading, error)          { select {} }
func (s *hungSession) NUMANodes() map[int]facts.Value[int]         { return nil }
func (s *hungSession) Close()                                      { close(s.closed) }

// TestHungNVML: a hung NVML call does not hold check: Ctrl-C (or SIGTERM)
// exits 130 at once and the time limit exits 1, neither writing a report
// or a signature, nor calling Close, which would hang as well.
func TestHungNVML(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		limit time.Duration
		stop  time.Duration // when Ctrl-C comes; 0 never
		code  int
		want  string
	}{
		{"Ctrl-C", time.Hour, 50 * time.Millisecond, exitInterrupted, "stopped"},
		{"time limit", 100 * time.Millisecond, 0, exitError, "NVML did not answer within 100ms"},
	} {
		sess := &hungSession{closed: make(chan struct{})}
		e := fakeEnv(t, sess, nil)
		e.nvmlLimit = c.limit
		ctx, cancel := context.WithCancel(context.Background())
		if c.stop > 0 {
			time.AfterFunc(c.stop, cancel)
		}
		out := filepath.Join(t.TempDir(), "report.json")
		code, _, stderr := e.gv(t, ctx, "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--out", out)
		cancel()
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d %q, want %d %q", c.name, code, stderr, c.code, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a report was written", c.name)
		}
		select {
		case <-sess.closed:
			t.Errorf("%s: Close was called on a hung session", c.name)
		default:
		}
	}
}

// stuckAfter is an NVML whose samples hang from the n-th on.
type stuckAfter struct {
	fakeSession
	n     int32
	calls atomic.Int32
}

func (s *stuckAfter) Sample() ([]monitor.Reading, error) {
	if s.calls.Add(1) >= s.n {
		select {}
	}
	return s.fakeSession.Sample()
}

// TestMonitorHungSample: a sample that hangs is missed, not waited for:
// the run ends at its duration (or on Ctrl-C) with the samples taken in
// the CSV, and no second sample is started while one hangs.
func TestMonitorHungSample(t *testing.T) {
	t.Parallel()
	sess := &stuckAfter{fakeSession: fakeSession{samples: twoGPUs(nil)}, n: 3}
	e := fakeEnv(t, sess, nil)
	e.nvmlLimit = 50 * time.Millisecond
	out := filepath.Join(t.TempDir(), "util.csv")
	code, stdout, stderr := e.gv(t, context.Background(), "", "monitor", "--interval", "10s", "--duration", "1m", "--out", out)
	if code != exitOK || !strings.Contains(stdout, "missed") {
		t.Fatalf("exit %d %s\n%s", code, stderr, stdout)
	}
	data, _ := os.ReadFile(out)
	if rows := strings.Count(string(data), "\n"); rows != 1+2*2 {
		t.Errorf("%d CSV lines, want the header and 2 samples of 2 GPUs:\n%s", rows, data)
	}
	if n := sess.calls.Load(); n != 3 || sess.closed {
		t.Errorf("%d sample calls (want 3: none while one hangs), closed %v", n, sess.closed)
	}
}
