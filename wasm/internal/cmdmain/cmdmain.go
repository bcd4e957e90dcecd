// Package cmdmain is the main function the site's small commands
// (wasm/cmd/serve, wasm/cmd/benchsite) share: run with the command line,
// print a failure as "name: error", exit with the command's code.
package cmdmain

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// Run is a command's body: its arguments (without the program name) and
// its output streams.
type Run func(args []string, stdout, stderr io.Writer) error

// Main runs run with os.Args and exits with code when it fails. The error
// is printed as "name: error", except flag.ErrHelp, whose usage the flag
// set has printed already.
func Main(name string, code int, run Run) {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprint(os.Stderr, Message(name, err))
		os.Exit(code)
	}
}

// Message is what Main prints for err: "name: error" and a newline, or
// nothing for flag.ErrHelp.
func Message(name string, err error) string {
	if errors.Is(err, flag.ErrHelp) {
		return ""
	}
	return name + ": " + err.Error() + "\n"
}

// Flags is a flag set for command name that returns errors rather than
// exiting and writes its usage to stderr.
func Flags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
