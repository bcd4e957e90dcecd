package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gpuplan/gpuplan/shared/fielderr"
)

// Inputs and outputs on disk, in one place: every command reads each input
// named on its command line with readInput and writes every file with
// output.write, so the limits, the messages, the exit codes and the
// overwrite rules are the same everywhere.

// readInput reads a whole input named on the command line ("-" is standard
// input). A missing file, a directory, or more than limit bytes is bad input
// (exit 2) with a message that says which: "X is larger than N bytes".
func readInput(e env, name string, limit int64) ([]byte, error) {
	r, closeIn, err := openInput(e, name)
	if err != nil {
		return nil, err
	}
	defer closeIn()
	data, err := readAtMost(r, name, limit)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return data, nil
}

// readDecoded reads an input named on the command line (readInput) and
// decodes it. A decoding error is bad input (exit 2) naming the file, and
// the field where the decoder names one (inputErr). An empty name is no
// input: the zero value.
func readDecoded[T any](e env, name string, limit int64, decode func([]byte) (T, error)) (T, error) {
	var zero T
	if name == "" {
		return zero, nil
	}
	data, err := readInput(e, name, limit)
	if err != nil {
		return zero, err
	}
	v, err := decode(data)
	if err != nil {
		return zero, inputErr(name, err)
	}
	return v, nil
}

// inputErr reports bad input (exit 2) with the file name and the field.
func inputErr(name string, err error) error {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return usageErr("%s: %s", name, fe.Error())
	}
	return usageErr("%s: %v", name, err)
}

// readFile reads a file that is not named on the command line (such as the
// .sig beside a report merge reads), with readInput's limit and message but
// plain errors: the caller decides what they mean.
func readFile(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAtMost(f, name, limit)
}

// readAtMost reads r to the end, or fails with "X is larger than N bytes"
// past limit: never a silently cut input.
func readAtMost(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", name, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", name, limit)
	}
	return data, nil
}

// openInput opens a file named on the command line, or standard input for "-".
func openInput(e env, name string) (io.Reader, func(), error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, usageErr("%v", err)
	}
	// A directory opens, then fails on the first read: refuse it here so
	// every command says the same and exits 2.
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, usageErr("%s is a directory: give a file", name)
	}
	return f, func() { f.Close() }, nil
}

// interruptible runs work and returns its error, or returns at once when ctx
// is cancelled (Ctrl-C, SIGTERM) with exit 130. The work's goroutine is left
// to the process exit: what it computes is no longer wanted.
func interruptible(ctx context.Context, work func() error) error {
	done := make(chan error, 1)
	go func() { done <- work() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return &codeError{code: exitInterrupted, msg: fmt.Sprintf("stopped: %v", context.Cause(ctx))}
	}
}

// output is a file a command will write: checked before the work starts
// (checkOutput), written at the end (write).
type output struct {
	path   string
	force  bool
	inputs []string // files read by the command, never to be replaced
}

// flags registers --name, the file to write (usage says what goes in it),
// and --force on fs.
func (o *output) flags(fs *flag.FlagSet, name, usage string) {
	fs.StringVar(&o.path, name, "", usage)
	fs.BoolVar(&o.force, "force", false, "replace the --"+name+" file if it exists (an input is never replaced)")
}

// reading is o with the files the command reads: check and write never
// replace them.
func (o output) reading(inputs ...string) output {
	o.inputs = inputs
	return o
}

// check refuses, before any work, an output that is one of the inputs, or
// that exists while force is off. It is checked again when written.
func (o output) check() error {
	if o.path == "" {
		return nil
	}
	if o.path == "-" {
		return usageErr("%s: write to a file; the report already goes to standard output", o.path)
	}
	for _, in := range o.inputs {
		if in != "" && in != "-" && sameFile(in, o.path) {
			return usageErr("%s is also an input: choose another output file", o.path)
		}
	}
	st, err := os.Stat(o.path)
	switch {
	case err == nil && st.IsDir():
		return usageErr("%s is a directory: give a file name", o.path)
	case err == nil && !o.force:
		return usageErr("%s already exists: choose another file, or pass --force to replace it", o.path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return runErr("%v", err)
	}
	return nil
}

// create opens o for writing as it is produced (monitor's CSV, so that
// Ctrl-C or a crash keeps every sample): never over an existing file
// without force, and never through a symbolic link. With force the old
// name is removed first, a link itself and not its target, then the file
// is created anew (O_EXCL, which does not follow a link either).
func (o output) create() (*os.File, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if o.force {
		if err := os.Remove(o.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, runErr("replacing %s: %v", o.path, err)
		}
	}
	f, err := os.OpenFile(o.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, runErr("%v", err)
	}
	return f, nil
}

// signature is the SSH signature file written beside o (o.path + ".sig"):
// replaced with the report it signs, never over an input.
func (o output) signature() output {
	return output{path: o.path + ".sig", force: true, inputs: o.inputs}
}

// write puts data in the file atomically: a temporary file in the same
// directory, synced, then renamed over the name (or, without force, linked
// to it, which fails if the name was taken meanwhile). A reader sees the old
// file or the whole new one, never a part; a crash leaves at most a
// temporary file.
func (o output) write(data []byte) error {
	if err := o.check(); err != nil {
		return err
	}
	dir, base := filepath.Split(o.path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return runErr("writing %s: %v", o.path, err)
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return runErr("writing %s: %v", o.path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return runErr("writing %s: %v", o.path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return runErr("writing %s: %v", o.path, err)
	}
	if err := tmp.Close(); err != nil {
		return runErr("writing %s: %v", o.path, err)
	}
	if o.force {
		err = os.Rename(tmp.Name(), o.path)
	} else {
		err = noClobber(tmp.Name(), o.path)
	}
	if err != nil {
		return runErr("writing %s: %v", o.path, err)
	}
	return nil
}

// noClobber moves tmp to path unless path exists. A hard link fails when the
// name is taken; where links are not supported it falls back to a check and
// a rename.
func noClobber(tmp, path string) error {
	err := os.Link(tmp, path)
	if err == nil {
		return os.Remove(tmp)
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s appeared while gpuverify ran: nothing was replaced (pass --force to replace it)", path)
	}
	if _, serr := os.Lstat(path); serr == nil {
		return fmt.Errorf("%s already exists (pass --force to replace it)", path)
	}
	return os.Rename(tmp, path)
}

// sameFile reports whether two names are the same file: the same inode when
// both exist, else the same cleaned absolute path.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}
