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
	register("version", "print the version, commit and build date", parseVersion)
}

// versionOptions: gpuverify version has no flags.
type versionOptions struct{}

func parseVersion(e env, args []string) (options, error) {
	return versionOptions{}, parseFlags(newFlags(e, "version", ""), args)
}

func (versionOptions) validate() error { return nil }

func (versionOptions) run(_ context.Context, e env) error {
	fmt.Fprintf(e.stdout, "gpuverify %s (commit %s, built %s, %s, %s/%s)\n", version, commit, date, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}
