package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

func TestFactsCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	tests := []cliCase{
		{"text from a -q file", []string{"facts", "--nvidia-smi", fxH100}, "", exitOK, "GPU 2  NVIDIA H100 80GB HBM3", ""},
		{"json", []string{"facts", "--nvidia-smi", fx4090, "--format", "json"}, "", exitOK, `"schema": "gpuplan.facts/v1"`, ""},
		{"from stdin", []string{"facts", "--nvidia-smi", "-"}, mustRead(t, fx4090), exitOK, "8x NVIDIA GeForce RTX 4090", ""},
		{"print query", []string{"facts", "--print-query"}, "", exitOK, "nvidia-smi --query-gpu=", ""},
		{"plain table refused", []string{"facts", "--nvidia-smi", "../shared/facts/testdata/gpud__nvidia-smi.550.90.07.out.0.valid"}, "", exitUsage, "", "nvidia-smi -q -x"},
		{"no such file", []string{"facts", "--nvidia-smi", "nope.xml"}, "", exitUsage, "", "no such file"},
		{"no NVML: install the driver", []string{"facts"}, "", exitError, "", "--nvidia-smi smi.xml"},
		{"bad format", []string{"facts", "--format", "yaml"}, "", exitUsage, "", "must be one of text, json"},
	}
	e.runCases(t, tests)
}

// TestFactsNVML: facts from NVML get the host facts added.
func TestFactsNVML(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, &fakeSession{f: fixtureFacts(t, fxH100)}, nil)
	code, out, errOut := e.gv(t, context.Background(), "", "facts", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var f facts.Facts
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatal(err)
	}
	if f.Host.Hostname.Or("") != "gpu-node-07" || len(f.GPUs) != 8 {
		t.Errorf("host %s, %d GPUs", f.Host.Hostname, len(f.GPUs))
	}
	if f.Host.Kernel.OK() {
		t.Errorf("kernel %s read from an empty fake /proc", f.Host.Kernel)
	}
}
