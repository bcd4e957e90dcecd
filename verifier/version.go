package main

import (
	"context"
	"fmt"
	"runtime"
)

// Stamped by the build: -ldflags "-X main.version=... -X main.commit=... -X main.date=...".
var (
	version = "dev"
	commit  = "none"
	date    = "unknown"
)

func init() {
	register("version", "print the version, commit and build date", runVersion)
}

func runVersion(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "version", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "gpuverify %s (commit %s, built %s, %s, %s/%s)\n", version, commit, date, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}
