package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

func TestEscaper(t *testing.T) {
	for in, want := range map[string]string{
		"plain\ttext\n":            "plain\ttext\n",
		"a\x1b[2Kb":                `a\u001b[2Kb`,
		"over\rwrite":              `over\u000dwrite`,
		"del\x7f, c1 \u009b2K, 中文": `del\u007f, c1 \u009b2K, 中文`,
		"bad utf-8 \xc2":           "bad utf-8 \xc2",
	} {
		var b bytes.Buffer
		n, err := escaper{&b}.Write([]byte(in))
		if err != nil || n != len(in) || b.String() != want {
			t.Errorf("%q: wrote %q (%d, %v), want %q", in, b.String(), n, err, want)
		}
	}
}

// TestVerifyReportEscapes: a report that carries an
// escape sequence that erases a line (in the tool version it prints as written) cannot erase "does NOT verify".
func TestVerifyReportEscapes(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	out := filepath.Join(dir, "report.json")
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--out", out)
	data, _ := os.ReadFile(out)
	r, err := report.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	r.Tool.Version = "v1\r\x1b[2K\x1b[1A\x1b[2K"
	r.Checks = report.Derive(r)
	r.Summary = report.Summarize(r.Checks)
	r.Seal()
	forged, _ := report.Marshal(r)
	code, stdout, stderr := e.gv(t, context.Background(), string(bytes.Replace(forged, []byte(`"verdict": "incomplete"`), []byte(`"verdict": "pass"`), 1)), "verify-report", "-")
	if code != exitUnverified || strings.ContainsAny(stdout+stderr, "\x1b\r") || !strings.Contains(stdout, `\u001b[2K`) {
		t.Errorf("exit %d, raw control characters or no escape:\n%q\n%q", code, stdout, stderr)
	}
}

// TestJSONOutputRaw: --format json is printed byte for byte, so the report
// it prints verifies as printed, whatever its strings hold.
func TestJSONOutputRaw(t *testing.T) {
	var b bytes.Buffer
	f := forms{json: func() ([]byte, error) { return []byte("{\"a\": \"\u0085\u007f\"}\n"), nil }}
	if err := f.print(escaper{&b}, formatJSON); err != nil || b.String() != "{\"a\": \"\u0085\u007f\"}\n" {
		t.Errorf("%q, %v", b.String(), err)
	}
}
