package main

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBusyPort: a second make run on a taken port says which port and how
// to pick another, for -check-port (what make run asks first)
// and for serving itself.
func TestBusyPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	site := t.TempDir()
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-addr", ln.Addr().String(), "-check-port"},
		{"-addr", ln.Addr().String(), "-dir", site},
	} {
		err := run(args, io.Discard, io.Discard)
		if err == nil {
			t.Fatalf("%v: no error on a busy port", args)
		}
		for _, want := range []string{"port " + port + " is already in use", "make run PORT="} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%v: %q lacks %q", args, err, want)
			}
		}
	}
}

// TestFreePort: -check-port succeeds on a free port and leaves it free.
func TestFreePort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	if err := run([]string{"-addr", addr, "-check-port"}, io.Discard, io.Discard); err != nil {
		t.Fatalf("free port: %v", err)
	}
	ln2, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("the port stayed taken: %v", err)
	}
	ln2.Close()
}

func TestNextPort(t *testing.T) {
	for in, want := range map[string]string{"8000": "8001", "9": "10", "x": "8001", "65535": "8001"} {
		if got := nextPort(in); got != want {
			t.Errorf("nextPort(%q) = %q, want %q", in, got, want)
		}
	}
}

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
