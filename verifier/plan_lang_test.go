package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// TestPlanLangGolden: gpuverify plan --lang writes the plan in Chinese or
// English, text and Markdown; -update rewrites the goldens.
func TestPlanLangGolden(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	for _, c := range []struct{ lang, format, golden string }{
		{"zh", "text", "plan-lora-7b.zh.txt"},
		{"en", "text", "plan-lora-7b.en.txt"},
		{"zh", "markdown", "plan-lora-7b.zh.md"},
		{"en", "markdown", "plan-lora-7b.en.md"},
	} {
		code, out, errOut := e.gv(t, context.Background(), "", "plan", "--in", "../shared/plan/testdata/lora-7b.req.json",
			"--lang", c.lang, "--format", c.format)
		if code != exitOK {
			t.Fatalf("%s %s: %d %s", c.lang, c.format, code, errOut)
		}
		testkit.Golden(t, filepath.Join("testdata", c.golden), []byte(out))
	}
}

// TestPlanLangDefault: without --lang the locale decides (LC_ALL, then
// LC_MESSAGES, then LANG; zh* gives Chinese), and a bad --lang names the
// allowed values.
func TestPlanLangDefault(t *testing.T) {
	t.Parallel()
	sheet := `{"workload":"lora","model":{"params_b":7}}`
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "zh_CN.UTF-8"}, "需求表（R1）"},
		{map[string]string{"LANG": "en_US.UTF-8"}, "Requirement sheet (R1)"},
		{map[string]string{"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}, "Requirement sheet (R1)"},
		{map[string]string{}, "Requirement sheet (R1)"},
	} {
		e := fakeEnv(t, nil, nvml.ErrNoLibrary)
		e.getenv = func(k string) string { return c.env[k] }
		code, out, errOut := e.gv(t, context.Background(), sheet, "plan", "--in", "-")
		if code != exitOK || !strings.Contains(out, c.want) {
			t.Errorf("env %v: %d, output lacks %q (%s)", c.env, code, c.want, errOut)
		}
	}
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	if code, _, errOut := e.gv(t, context.Background(), sheet, "plan", "--in", "-", "--lang", "fr"); code != exitUsage || !strings.Contains(errOut, "must be one of zh, en") {
		t.Errorf("--lang fr: %d %q", code, errOut)
	}
}
