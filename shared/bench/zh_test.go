package bench_test

import (
	"bytes"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// faulty is the recorded run with GPU 0's fp32 failed, its bf16 skipped
// and its memtest not run: every kind of row a run can show.
func faulty(t *testing.T) *bench.Run {
	r := recorded(t)
	g := &r.GPUs[0]
	g.Measurements = append([]bench.Measurement(nil), g.Measurements...)
	g.Measurements[0].Failed = "CUDA_ERROR_LAUNCH_FAILED"
	g.Measurements[1].Value, g.Measurements[1].Skipped = 0, "the time budget ran out"
	mt := *g.Memtest
	mt.Skipped, mt.TestedBytes, mt.Passes = "the time budget ran out", 0, 0
	g.Memtest = &mt
	return r
}

// TestRenderZh renders the recorded run, a faulty one and one that ran
// nothing in Chinese (every sentence exists in zh-CN and en): the
// golden files, and no English word left once the data are removed (the
// GPU names and card ids, the runner's reasons, the sources' names, and the
// checks' expected and measured values, which stay English as in every
// report).
func TestRenderZh(t *testing.T) {
	skipped := &bench.Run{Schema: bench.Schema, DurationS: 60, Skipped: "no libcuda.so.1", Interrupted: true}
	for name, r := range map[string]*bench.Run{"a100x8-capped": recorded(t), "a100x8-faulty": faulty(t), "not-run": skipped} {
		checks := bench.Judge(r, bench.Options{})
		for ext, write := range map[string]func(*bytes.Buffer) error{
			".zh.txt": func(b *bytes.Buffer) error { return bench.WriteText(b, r, checks, msg.Zh) },
			".zh.md":  func(b *bytes.Buffer) error { return bench.WriteMarkdown(b, r, checks, msg.Zh) },
		} {
			var b bytes.Buffer
			if err := write(&b); err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, "testdata/"+name+ext, b.Bytes())
			testkit.NoEnglish(t, withoutData(b.String(), r, checks))
		}
	}
}

// TestRenderZhRows checks the Chinese rows a faulty run shows.
func TestRenderZhRows(t *testing.T) {
	r := faulty(t)
	var b bytes.Buffer
	if err := bench.WriteText(&b, r, bench.Judge(r, bench.Options{}), msg.Zh); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"GPU 基准测试：FAIL（",
		"  用时      59.4 秒（预算 60 秒）\n",
		"  GPU 数量  已测 8 块\n",
		"GPU 0：NVIDIA A100-SXM4-80GB（a100-80g-sxm，计算能力 8.0，108 个 SM，总线 0000:07:00.0）\n",
		"  FP32 算力 失败：CUDA_ERROR_LAUNCH_FAILED\n",
		"  BF16 算力 未测到：the time budget ran out\n",
		"  显存测试  未运行：the time budget ran out\n",
		"  FP16 算力 292 TFLOPS（最好 295，12 个样本，6.0 秒）\n",
		"\n未通过（4）\n",
		"         要求：",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("Chinese run lacks %q:\n%s", want, b.String())
		}
	}
}

// pcieLink is a PCIe link as Judge's messages name it: "Gen4 x16".
var pcieLink = regexp.MustCompile(`Gen\d+ x\d+`)

// withoutData is s with the run's and the checks' data removed, the
// longest first.
func withoutData(s string, r *bench.Run, checks []acceptance.Result) string {
	data := []string{r.Skipped, r.CUDADriver}
	for _, g := range r.GPUs {
		data = append(data, g.Name, g.CardID, g.Skipped)
		for _, m := range g.Measurements {
			data = append(data, m.Failed, m.Skipped)
		}
		if g.Memtest != nil {
			data = append(data, g.Memtest.Failed, g.Memtest.Skipped)
		}
	}
	for _, c := range checks {
		data = append(data, c.ID, c.Expected, c.Measured)
	}
	// The names of the healthy ranges' sources and the PCIe links, in
	// Judge's messages.
	data = append(data, "gpu-fryer", "gpu-benches", "nvbandwidth", "Glenn", "nvidia-smi -q -d PERFORMANCE")
	sort.Slice(data, func(i, j int) bool { return len(data[i]) > len(data[j]) })
	for _, d := range data {
		if d != "" {
			s = strings.ReplaceAll(s, d, "")
			s = strings.ReplaceAll(s, table.Cell(d), "")
		}
	}
	return pcieLink.ReplaceAllString(s, "")
}

// TestJudgeMessages: every check Judge gives carries a catalogue message
// whose English is its Message and which reads differently in
// Chinese unless it is the runner's own reason, for a run that ran, one with
// failures against a POC run, and none.
func TestJudgeMessages(t *testing.T) {
	poc := recorded(t)
	cases := map[string]struct {
		r   *bench.Run
		opt bench.Options
	}{
		"recorded": {recorded(t), bench.Options{}},
		"faulty":   {faulty(t), bench.Options{POC: poc, Links: map[int]bench.Link{1: {Gen: 3, Width: 8}}}},
		"empty":    {&bench.Run{}, bench.Options{}},
		"nil":      {nil, bench.Options{}},
	}
	for name, c := range cases {
		for _, res := range bench.Judge(c.r, c.opt) {
			if err := msg.Check(res.Msg); err != nil {
				t.Errorf("%s %s: %v", name, res.ID, err)
			}
			if res.Msg.String() != res.Message {
				t.Errorf("%s %s: English %q, Message %q", name, res.ID, res.Msg.String(), res.Message)
			}
			// bench.judge.reason is the runner's own reason, as given.
			if zh := res.Text(msg.Zh); zh == res.Message && res.Msg.ID != "bench.judge.reason" {
				t.Errorf("%s %s: no Chinese: %q", name, res.ID, zh)
			}
		}
	}
}
