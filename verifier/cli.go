package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/verifier/internal/cuda"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// Exit codes, in one place (as govulncheck and gh do); exitCodes says what
// each means, for gpuverify help and the README.
const (
	exitOK     = 0 // success; warnings allowed
	exitError  = 1 // could not collect or could not run
	exitUsage  = 2 // bad flags or bad input
	exitFailed = 3 // at least one check failed
	// exitIncomplete: nothing failed, but a check the plan demands (or the
	// bench asked for) was not measured, or the facts came from a file.
	exitIncomplete = 4
	// exitUnverified: verify-report found the report changed, badly
	// signed, derived differently or carrying another nonce: it gives no
	// verdict.
	exitUnverified = 5
	// exitInterrupted: Ctrl-C or SIGTERM stopped a command that had nothing
	// partial to keep (128 + SIGINT, as shells report it).
	exitInterrupted = 130
)

// exitCodes is the one table of exit codes: gpuverify help prints it, and
// a test holds the README's table to it.
var exitCodes = []struct {
	code    int
	meaning string
}{
	{exitOK, "pass: every demanded check was measured and none failed"},
	{exitError, "could not collect or run (no driver, NVML failed, an interrupted bench)"},
	{exitUsage, "usage or bad input: the message names the flag or field"},
	{exitFailed, "fail: a check failed (`check`, `bench`, `merge`), or `verify-report` found a genuine report or fleet report of a failed delivery"},
	{exitIncomplete, "incomplete: nothing failed, but a check the plan demands (or the bench asked for) was not measured, or the facts came from a saved file; the text output lists those checks and the command that would measure them. `verify-report` also gives 4 for a genuine pass whose signature was not verified (unsigned, or no --allowed-signers), unless --allow-unsigned"},
	{exitUnverified, "no verdict: `verify-report` found the report (or a node report of a fleet report) changed after it was written, badly signed or unsigned when --allowed-signers asks, derived differently from its facts, carrying another nonce, or made against another plan than --plan; its verdict is not shown"},
	{exitInterrupted, "stopped by Ctrl-C or SIGTERM (`plan`, `facts`, `check`; `bench` and `monitor` keep what they measured)"},
}

// codeError carries an exit code with a message.
type codeError struct {
	code int
	msg  string
}

func (e *codeError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &codeError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

func runErr(format string, args ...any) error {
	return &codeError{code: exitError, msg: fmt.Sprintf(format, args...)}
}

// env is everything a command reaches beyond its flags: its streams, NVML,
// the host's /proc and /sys, the clock, the process environment and the
// CUDA bench. main passes the real ones (systemEnv); tests build their own,
// which is what lets them run in parallel.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	// openNVML opens the NVML library: nvml.Open.
	openNVML func() (nvmlSession, error)
	// hostRoot is where /proc and /sys are read from: "/".
	hostRoot string
	// now is the clock of report and fleet times: time.Now.
	now func() time.Time
	// getenv reads the process environment: os.Getenv.
	getenv func(string) string
	// runBench runs the CUDA benchmarks: cuda.Bench.
	runBench func(context.Context, cuda.Config) (*bench.Run, error)
	// clock paces monitor's samples: monitor.RealClock.
	clock monitor.Clock
	// nvmlLimit bounds the NVML calls of one collection; 0 is
	// nvmlTimeout.
	nvmlLimit time.Duration
}

// nvmlSession is what the commands use of an open NVML library.
type nvmlSession interface {
	Facts(ctx context.Context) (*facts.Facts, error)
	Sample() ([]monitor.Reading, error)
	// NUMANodes is NVML's NUMA node of each GPU, by index.
	NUMANodes() map[int]facts.Value[int]
	Close()
}

// systemEnv is the environment of the real process.
func systemEnv(stdin io.Reader, stdout, stderr io.Writer) env {
	return env{
		stdin: stdin, stdout: stdout, stderr: stderr,
		openNVML: func() (nvmlSession, error) {
			s, err := nvml.Open()
			if err != nil {
				return nil, err
			}
			return s, nil
		},
		hostRoot: "/",
		now:      time.Now,
		getenv:   os.Getenv,
		runBench: cuda.Bench,
		clock:    monitor.RealClock{},
	}
}

// options are a command's parsed flags. validate checks them without any
// I/O; run does the work. Tests build them directly.
type options interface {
	validate() error
	run(ctx context.Context, e env) error
}

// command is one subcommand: parse turns its arguments into options.
type command struct {
	short string
	parse func(e env, args []string) (options, error)
}

var commands = map[string]command{}

func register(name, short string, parse func(e env, args []string) (options, error)) {
	commands[name] = command{short: short, parse: parse}
}

// run is main with the real environment.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return systemEnv(stdin, stdout, stderr).run(ctx, args)
}

// main is run with e's dependencies and the given streams: the form
// testkit.Run calls.
func (e env) main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e.stdin, e.stdout, e.stderr = stdin, stdout, stderr
	return e.run(ctx, args)
}

// run dispatches to a subcommand (parse, validate, run) and maps its error
// to an exit code. What it prints has its control characters escaped
// (escaper): a report or a capture must not drive the terminal.
func (e env) run(ctx context.Context, args []string) int {
	e.stdout, e.stderr = escaper{e.stdout}, escaper{e.stderr}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "gpuverify: unknown command %q\n", args[0])
		usage(e.stderr)
		return exitUsage
	}
	opts, err := cmd.parse(e, args[1:])
	if err == nil {
		err = opts.validate()
	}
	if err == nil {
		err = opts.run(ctx, e)
	}
	return exitCode(e.stderr, args[0], err)
}

// exitCode prints err's message, if any, and returns its exit code.
func exitCode(stderr io.Writer, name string, err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	var ce *codeError
	if errors.As(err, &ce) {
		if ce.msg != "" {
			fmt.Fprintf(stderr, "gpuverify %s: %s\n", name, ce.msg)
		}
		return ce.code
	}
	fmt.Fprintf(stderr, "gpuverify %s: %v\n", name, err)
	return exitError
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "gpuverify checks a rented GPU server against a gpuplan plan file.")
	fmt.Fprintln(w, "\nUsage:\n  gpuverify <command> [flags]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-14s %s\n", n, commands[n].short)
	}
	fmt.Fprintln(w, "\nRun \"gpuverify <command> -h\" for a command's flags.")
	fmt.Fprintln(w, "Exit codes:")
	for _, c := range exitCodes {
		fmt.Fprintf(w, "  %-3d  %s\n", c.code, strings.ReplaceAll(c.meaning, "`", ""))
	}
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(e env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: gpuverify %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a command's flags: an argument that is not a flag is a
// usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	pos, err := parseArgs(fs, args, 0)
	if err == nil && len(pos) > 0 {
		return usageErr("unexpected argument %q", pos[0])
	}
	return err
}

// parseArgs parses flags that may stand before, between or after the
// positional arguments, as admins type them ("merge a.json --plan p.json
// b.json"), and returns the positional ones. It stops at the one after the
// most the caller takes, enough to refuse too many; a flag error is a
// usage error.
func parseArgs(fs *flag.FlagSet, args []string, most int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, &codeError{code: exitUsage}
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		if len(pos) > most {
			return pos, nil
		}
		args = fs.Args()[1:]
	}
}
