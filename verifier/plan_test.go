package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

func TestPlanCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	sheet := `{"workload":"inference","model":{"preset":"llama-3.1-70b"},"concurrency":16}`
	tests := []cliCase{
		{"text from stdin", []string{"plan", "--in", "-"}, sheet, exitOK, "2 x NVIDIA H20 96GB", ""},
		{"json", []string{"plan", "--in", "-", "--format", "json"}, sheet, exitOK, `"schema": "gpuplan.plan/v1"`, ""},
		{"markdown", []string{"plan", "--in", "-", "--format", "markdown"}, sheet, exitOK, "# GPU rental plan", ""},
		{"file", []string{"plan", "--in", "../shared/plan/testdata/lora-7b.req.json"}, "", exitOK, "rtx-4090", ""},
		{"missing --in", []string{"plan"}, "", exitUsage, "", "--in is required"},
		{"bad format", []string{"plan", "--in", "-", "--format", "pdf"}, sheet, exitUsage, "", "must be one of text, json, markdown"},
		{"no such file", []string{"plan", "--in", "nope.json"}, "", exitUsage, "", "no such file"},
		{"R3: no model", []string{"plan", "--in", "-"}, `{"workload":"lora"}`, exitUsage, "", "-: model: required (rule R3)"},
		{"hours out of range", []string{"plan", "--in", "-"}, `{"workload":"lora","model":{"params_b":7},"hours_per_day":"25"}`, exitUsage, "", "hours_per_day: must be between 0 and 24"},
		{"unknown field", []string{"plan", "--in", "-"}, `{"workload":"lora","model":{"params_b":7},"gpus":8}`, exitUsage, "", "gpus: unknown field"},
	}
	e.runCases(t, tests)
}

func TestVersionAndUsage(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	if code, out, _ := e.gv(t, context.Background(), "", "version"); code != exitOK || !strings.HasPrefix(out, "gpuverify dev") {
		t.Errorf("version: %d %q", code, out)
	}
	if code, _, errOut := e.gv(t, context.Background(), "", "frobnicate"); code != exitUsage || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: %d %q", code, errOut)
	}
	if code, out, _ := e.gv(t, context.Background(), "", "help"); code != exitOK || !strings.Contains(out, "plan") {
		t.Errorf("help: %d %q", code, out)
	}
}

// TestPlanFileInput: gpuverify plan also reads a plan file as it is (the
// site's export), and --ics writes the exit schedule (rules E1, E2).
func TestPlanFileInput(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	code, planJSON, errOut := e.gv(t, context.Background(), "", "plan", "--in", "../shared/plan/testdata/procurement.req.json", "--format", "json")
	if code != exitOK {
		t.Fatalf("build: %d %s", code, errOut)
	}
	ics := t.TempDir() + "/exit.ics"
	code, out, errOut := e.gv(t, context.Background(), planJSON, "plan", "--in", "-", "--ics", ics)
	if code != exitOK {
		t.Fatalf("plan file: %d %s", code, errOut)
	}
	if !strings.Contains(out, "Llama 3.1 8B") {
		t.Errorf("plan file text lacks the model:\n%s", out)
	}
	data, err := os.ReadFile(ics)
	if err != nil || !strings.HasPrefix(string(data), "BEGIN:VCALENDAR\r\n") || !strings.Contains(string(data), "BEGIN:VEVENT") {
		t.Errorf("ics = %q, %v", data, err)
	}
	code, _, errOut = e.gv(t, context.Background(), `{"workload":"lora","model":{"params_b":7}}`, "plan", "--in", "-", "--ics", ics, "--force")
	if code != exitUsage || !strings.Contains(errOut, "no procurement.exit section") {
		t.Errorf("--ics without an exit section: %d %q", code, errOut)
	}
}
