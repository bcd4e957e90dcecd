package testkit

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"testing"
	"time"
)

// echo is a command that copies its standard input to standard output,
// prints its arguments to standard error, and exits with their count.
func echo(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	io.Copy(stdout, stdin)
	fmt.Fprint(stderr, args)
	return len(args)
}

func TestRun(t *testing.T) {
	got := Run(context.Background(), echo, nil, "a", "b")
	if want := (Result{Code: 2, Stdout: "", Stderr: "[a b]"}); got != want {
		t.Errorf("Run = %+v, want %+v", got, want)
	}
}

func TestExec(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	got, err := Exec(exec.Command(sh, "-c", "echo out; echo err >&2; exit 3"))
	if want := (Result{Code: 3, Stdout: "out\n", Stderr: "err\n"}); err != nil || got != want {
		t.Errorf("Exec = %+v, %v, want %+v", got, err, want)
	}
	if _, err := Exec(exec.Command("/nonexistent/binary")); err == nil {
		t.Error("Exec of a missing binary gave no error")
	}
}

func TestClock(t *testing.T) {
	t0 := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	c := NewClock(t0)
	if got := <-c.After(10 * time.Second); !got.Equal(t0.Add(10 * time.Second)) {
		t.Errorf("After fired at %v", got)
	}
	if got := c.Now(); !got.Equal(t0.Add(10 * time.Second)) {
		t.Errorf("Now = %v after After(10s)", got)
	}
}
