package testkit

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
)

// Main is a command's entry point as tests call it: the arguments after the
// program name and the three streams in, the exit code out.
type Main func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Result is one run of a command: its exit code and what it printed.
type Result struct {
	Code           int
	Stdout, Stderr string
}

// Run runs main in the test process with args, stdin as its standard input
// (nil reads nothing), and returns what it printed.
func Run(ctx context.Context, main Main, stdin io.Reader, args ...string) Result {
	if stdin == nil {
		stdin = bytes.NewReader(nil)
	}
	var out, errb bytes.Buffer
	code := main(ctx, args, stdin, &out, &errb)
	return Result{Code: code, Stdout: out.String(), Stderr: errb.String()}
}

// Exec runs cmd, a built binary, and returns what it printed and its exit
// code. cmd.Stdout and cmd.Stderr are set here; the error is for a command
// that could not be started or waited for, never for a non-zero exit.
func Exec(cmd *exec.Cmd) (Result, error) {
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		return Result{}, err
	}
	return Result{Code: code, Stdout: out.String(), Stderr: errb.String()}, nil
}
