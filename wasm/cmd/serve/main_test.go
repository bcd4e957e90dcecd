package main

import (
	"io"
	"strings"
	"testing"
)

func TestRunRefusesMissingSite(t *testing.T) {
	err := run([]string{"-dir", t.TempDir(), "-addr", "127.0.0.1:0"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "make site") {
		t.Errorf("run(empty dir) = %v, want an error pointing to make site", err)
	}
	if err := run([]string{"-nope"}, io.Discard, io.Discard); err == nil {
		t.Error("run accepted an unknown flag")
	}
}

func TestTrimSlash(t *testing.T) {
	for in, want := range map[string]string{"": "", "/": "", "/gpuplan/": "/gpuplan", "gpuplan": "/gpuplan"} {
		if got := trimSlash(in); got != want {
			t.Errorf("trimSlash(%q) = %q, want %q", in, got, want)
		}
	}
}
