// Command gpuverify checks a freshly rented GPU server against the plan file
// exported by the gpuplan site and writes an evidence report.
//
// Usage:
//
//	gpuverify <command> [flags]
//
// Commands: plan, facts, check, bench, monitor, merge, verify-report, version. Run
// "gpuverify help" for details.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
