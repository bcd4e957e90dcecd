package report

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

// TestOriginLang: where the facts came from, in both languages (rule
// A4): the English is provenance.Describe's, which the origin check
// records, and the Chinese holds no English word but the file name and
// the source it quotes.
func TestOriginLang(t *testing.T) {
	f := &facts.Facts{Source: "nvidia-smi-q"}
	for _, o := range []provenance.Origin{
		{Kind: provenance.Live},
		{Kind: provenance.File, File: "smi.txt"},
		{Kind: provenance.File},
		{},
	} {
		if got, want := DescribeOrigin(o, f, msg.En), provenance.Describe(o, f); got != want {
			t.Errorf("%+v: %q, provenance says %q", o, got, want)
		}
		zh := DescribeOrigin(o, f, msg.Zh)
		if w := testkit.EnglishWords(strings.NewReplacer(`"smi.txt"`, "", "nvidia-smi-q", "", "gpuverify", "", "NVML", "").Replace(zh)); len(w) > 0 {
			t.Errorf("%+v: English %q left in %q", o, w, zh)
		}
	}
}

// TestDisagreementLang: verify-report's lines for a check whose stated
// result is not the derived one, in both languages: the English as it was
// (the status as the report file spells it), the Chinese with the status's
// label and no English word but the check id.
func TestDisagreementLang(t *testing.T) {
	tests := []struct {
		d      Disagreement
		en, zh string
	}{
		{Disagreement{ID: "gpu2/throttle", Stated: acceptance.Pass, Derived: acceptance.Fail, What: "status"},
			"gpu2/throttle: the report says pass, its facts give fail", "gpu2/throttle：报告写的是通过，其事实给出的是不通过"},
		{Disagreement{ID: "origin", Derived: acceptance.Skip, What: "missing"},
			"origin: missing from the report (derived: skip)", "origin：报告中没有（推导结果：跳过）"},
		{Disagreement{ID: "gpu0/memory", Stated: acceptance.Warn, What: "extra"},
			"gpu0/memory: in the report (warn) but not derived from its facts", "gpu0/memory：报告中有（警告），但从其事实推导不出"},
		{Disagreement{ID: "driver", Stated: acceptance.Pass, Derived: acceptance.Pass, What: "text"},
			"driver: same status (pass), but the expected, measured or message text differs", "driver：状态相同（通过），但期望值、实测值或说明文字不同"},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.en {
			t.Errorf("%+v: %q, want %q", tt.d, got, tt.en)
		}
		if got := tt.d.In(msg.Zh); got != tt.zh {
			t.Errorf("%+v: %q, want %q", tt.d, got, tt.zh)
		}
	}
}

// TestServerLinesLang: the report's server lines in Chinese: the host's
// facts as they are, the words around them (kernel, RAM, unavailable,
// attached GPUs) in Chinese; in English as before.
func TestServerLinesLang(t *testing.T) {
	f := &facts.Facts{Source: facts.SourceNVML, DriverVersion: facts.Known("550.54.15"), CUDADriverVersion: facts.UnavailableText[string]("not reported"),
		AttachedGPUs: facts.Known(2), Host: facts.Host{Hostname: facts.Known("node-7"), Kernel: facts.Known("5.15.0-185-generic"), MemoryTotalMiB: facts.Known(int64(515000))}}
	f.GPUs = []facts.GPU{{Name: facts.Known("NVIDIA H100 80GB HBM3")}}
	en, zh := serverLines(f, msg.En), serverLines(f, msg.Zh)
	wantEn := [][]string{{"source", "nvml"}, {"host", "node-7; kernel 5.15.0-185-generic; 515000 MiB RAM"},
		{"driver", "550.54.15 (CUDA unavailable (not reported))"}, {"gpus", "1x NVIDIA H100 80GB HBM3 (2 attached)"}}
	wantZh := [][]string{{"数据来源", "nvml"}, {"主机", "node-7；内核 5.15.0-185-generic；内存 515000 MiB"},
		{"驱动", "550.54.15（CUDA 不可用（not reported））"}, {"GPU 卡", "1x NVIDIA H100 80GB HBM3（连接了 2 块）"}}
	for i := range wantEn {
		if strings.Join(en[i], "|") != strings.Join(wantEn[i], "|") || strings.Join(zh[i], "|") != strings.Join(wantZh[i], "|") {
			t.Errorf("line %d: %q, %q; want %q, %q", i, en[i], zh[i], wantEn[i], wantZh[i])
		}
	}
	if got := hostLine(facts.Host{Hostname: facts.Unavailable[string](msg.New("facts.reason.not_in_smi"))}, msg.Zh); got != "不可用（nvidia-smi 的输出中没有）" {
		t.Errorf("no host facts: %q", got)
	}
	// A file that carries the reason as English only reads as that text.
	if got := hostLine(facts.Host{Hostname: facts.UnavailableText[string]("not in nvidia-smi output")}, msg.Zh); got != "不可用（not in nvidia-smi output）" {
		t.Errorf("no host facts, English-only reason: %q", got)
	}
	if got := gpuSummary(&facts.Facts{}, msg.Zh); got != "未列出任何 GPU" {
		t.Errorf("no GPUs: %q", got)
	}
}
