package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/report"
)

func init() {
	register("verify-report", "recompute a report's (or a fleet report's) digest: was it changed after gpuverify wrote it?", runVerifyReport)
}

func runVerifyReport(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "verify-report", "report.json")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &codeError{code: exitUsage}
	}
	if fs.NArg() != 1 {
		return usageErr("give one report file: gpuverify verify-report report.json (or - for standard input)")
	}
	name := fs.Arg(0)
	r, closeIn, err := openInput(e, name)
	if err != nil {
		return err
	}
	defer closeIn()
	data, err := io.ReadAll(io.LimitReader(r, report.MaxBytes+1))
	if err != nil {
		return usageErr("reading %s: %v", name, err)
	}
	if isFleet(data) {
		return verifyFleet(e, name, data)
	}
	ok, want, got, err := report.Verify(data)
	if err != nil {
		return usageErr("%s: not a report gpuverify can read: %v", name, err)
	}
	if !ok {
		return &codeError{code: exitFailed, msg: fmt.Sprintf("%s: digest MISMATCH: the report says %s, its content hashes to %s: it was changed after gpuverify wrote it", name, want, got)}
	}
	rep, _ := report.Decode(data)
	fmt.Fprintf(e.stdout, "%s: digest matches (sha256 %s)\nchecked %s by %s %s against plan sha256 %s: %s (%d fail, %d warn, %d skip, %d pass)\n",
		name, got, rep.Time, rep.Tool.Name, rep.Tool.Version, rep.PlanSHA256,
		strings.ToUpper(rep.Summary.Verdict), rep.Summary.Fail, rep.Summary.Warn, rep.Summary.Skip, rep.Summary.Pass)
	return nil
}
