package report

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// zhFactsFixtures are the captures TestWriteFactsZh renders: an H100
// capture bundle, MIG devices, an XML output with NVLinks and retired
// pages, and a CSV query.
var zhFactsFixtures = map[string]string{
	"h100-bundle":    "nvidia_gpu_exporter__linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt",
	"h200-mig":       "nvidia_gpu_exporter__linux-x86_64__nvidia-h200-mig__590.48.01.txt",
	"a100-sxm4-xml":  "telegraf__a100-sxm4-v12.xml",
	"retired-pages":  "pai__nvidia_smi_retired_pages.xml",
	"csv-535.183.01": "gpud__nvidia-smi-query.535.183.01.out.0.valid",
}

// TestWriteFactsZh renders facts in Chinese (every sentence exists in
// zh-CN and en): the golden files, and no English word left once the
// readings (every string the facts' JSON holds) and the tool names and
// quoted values the reasons keep (toolWords) are removed.
func TestWriteFactsZh(t *testing.T) {
	for stem, file := range zhFactsFixtures {
		t.Run(stem, func(t *testing.T) {
			f := parseFixture(t, file)
			var b bytes.Buffer
			if err := WriteFacts(&b, f, msg.Zh); err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, "testdata/"+stem+".facts.zh.txt", b.Bytes())
			testkit.NoEnglish(t, toolWords.ReplaceAllString(withoutReadings(t, b.String(), f), ""))
		})
	}
}

// TestWriteFactsZhLines checks the Chinese lines of facts the fixtures
// lack: GPU pairs of a topology, a problem, and no NVLink.
func TestWriteFactsZhLines(t *testing.T) {
	f := &facts.Facts{
		Source:   facts.SourceNVML,
		Topology: facts.Known([]facts.GPUPair{{A: 0, B: 1, Link: "NV18"}, {A: 0, B: 2, Link: "NV18"}, {A: 1, B: 2, Link: "SYS"}}),
		Problems: []string{"the output ends before the last GPU"},
		GPUs:     []facts.GPU{{Index: 0, Name: facts.Known("NVIDIA H100"), NVLinks: facts.Known([]facts.NVLink{}), ClockEventReasons: facts.Known([]string{})}},
	}
	for l, want := range map[msg.Lang][]string{
		msg.Zh: {"  拓扑       2 对 NV18，1 对 SYS\n", "  问题       the output ends before the last GPU\n", "  NVLink 链路  无\n", "  降频原因     无\n"},
		msg.En: {"  topology  2 pairs NV18, 1 pair SYS\n", "  problem   the output ends before the last GPU\n", "  nvlink         none\n", "  throttle       none active\n"},
	} {
		var b bytes.Buffer
		if err := WriteFacts(&b, f, l); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: facts lack %q:\n%s", l, w, b.String())
			}
		}
	}
}

// withoutReadings is s with every string of f's JSON removed, the longest
// first: the readings and the sources' own reasons (those without a
// message), not the reasons from the catalogue.
func withoutReadings(t *testing.T, s string, f *facts.Facts) string {
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	var strs []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			strs = append(strs, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			if _, message := x["unavailable_message"]; message {
				return // a reason from the catalogue: it must read in Chinese
			}
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	sort.Slice(strs, func(i, j int) bool { return len(strs[i]) > len(strs[j]) })
	for _, d := range strs {
		if d != "" {
			s = strings.ReplaceAll(s, d, "")
		}
	}
	return s
}
