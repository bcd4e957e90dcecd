package main

import (
	"context"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// TestBenchFactsLang: bench's tables and facts' text follow --lang (issue
// 15); their goldens, and the check that no English word is left, are in
// shared/bench and shared/report.
func TestBenchFactsLang(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	fakeBench(&e, rtx4090Run(t, -1), nil)
	for _, c := range []struct {
		args      []string
		want, not []string
	}{
		{[]string{"bench", "--lang", "zh"}, []string{"GPU 基准测试：PASS（共 62 项检查", "  显存测试  已测 23.1 GiB，共 24.0 GiB，2 遍", "\n已通过（62）\n"}, []string{"GPU bench", "samples", "Passed"}},
		{[]string{"bench", "--lang", "zh", "--format", "markdown"}, []string{"# GPU 基准测试：PASS\n", "| 测量项 | 结果 |", "| 检查 | 规则 | 要求 | 实测 | 说明 |"}, []string{"Measurement"}},
		{[]string{"bench", "--lang", "en"}, []string{"GPU bench: PASS (0 fail", "  memtest   23.1 GiB of 24.0 GiB, 2 passes", "\nPassed (62)\n"}, nil},
		{[]string{"facts", "--nvidia-smi", fxH100, "--lang", "zh"}, []string{"GPU 2  NVIDIA H100 80GB HBM3", "  标识  ", "ECC 纠错"}, []string{"identity", "total"}},
		{[]string{"facts", "--nvidia-smi", fxH100, "--lang", "en"}, []string{"GPU 2  NVIDIA H100 80GB HBM3", "  identity  ", " MiB total, "}, nil},
	} {
		code, stdout, stderr := e.gv(t, context.Background(), "", c.args...)
		if code != exitOK {
			t.Errorf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, w, stdout)
			}
		}
		for _, w := range c.not {
			if strings.Contains(stdout, w) {
				t.Errorf("%v: output has %q:\n%s", c.args, w, stdout)
			}
		}
	}
}
