package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Exit codes, in one place (as govulncheck and gh do).
const (
	exitOK     = 0 // success; warnings allowed
	exitError  = 1 // could not collect or could not run
	exitUsage  = 2 // bad flags or bad input
	exitFailed = 3 // at least one check failed, or a report does not verify
	// exitIncomplete: nothing failed, but a check the plan demands (or the
	// bench asked for) was not measured, or the facts came from a file.
	exitIncomplete = 4
)

// exitError carries an exit code with a message.
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

// env is what a command may touch: its streams. Tests pass buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand.
type command struct {
	short string
	run   func(ctx context.Context, e env, args []string) error
}

var commands = map[string]command{}

func register(name, short string, run func(ctx context.Context, e env, args []string) error) {
	commands[name] = command{short: short, run: run}
}

// run dispatches to a subcommand and maps its error to an exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gpuverify: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	err := cmd.run(ctx, e, args[1:])
	if err == nil {
		return exitOK
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	var ce *codeError
	if errors.As(err, &ce) {
		if ce.msg != "" {
			fmt.Fprintf(stderr, "gpuverify %s: %s\n", args[0], ce.msg)
		}
		return ce.code
	}
	fmt.Fprintf(stderr, "gpuverify %s: %v\n", args[0], err)
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
	fmt.Fprintln(w, "  0  pass: every demanded check was measured and none failed")
	fmt.Fprintln(w, "  1  could not collect or run (no driver, NVML failed, interrupted)")
	fmt.Fprintln(w, "  2  usage or bad input (the message names the flag or field)")
	fmt.Fprintln(w, "  3  fail: a check failed, or verify-report found the report changed, re-derived differently or badly signed")
	fmt.Fprintln(w, "  4  incomplete: nothing failed, but a demanded check was not measured (or the facts came from a saved file);")
	fmt.Fprintln(w, "     the text output lists those checks and the command that would measure them")
	fmt.Fprintln(w, "  130 stopped by Ctrl-C or SIGTERM")
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

// parseFlags parses args and turns flag errors into usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &codeError{code: exitUsage}
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// formatFlag is a flag.Value restricted to a set of output formats.
type formatFlag struct {
	value   string
	allowed []string
}

func (f *formatFlag) String() string { return f.value }

func (f *formatFlag) Set(s string) error {
	for _, a := range f.allowed {
		if s == a {
			f.value = s
			return nil
		}
	}
	return fmt.Errorf("must be one of %s", strings.Join(f.allowed, ", "))
}
