package plan

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/fielderr"
)

// TestDecodeGoldenPlansValidate checks that every plan file Build writes
// passes Validate: the bounds catch hostile files, not real ones.
func TestDecodeGoldenPlansValidate(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.plan.json")
	if len(files) == 0 {
		t.Fatal("no plan files in testdata")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestHostileInputBounded checks the hostile sheets and plan files of issue
// 13: each is refused by field, in well under a second and within a small
// multiple of its size in allocations. Before the bounds, "1e1000000000"
// ran gpuverify plan past ten minutes and 1.1 GB, "1e-10000000" took 24 s
// and a plan file's "1e10000000" printed 133 MB.
func TestHostileInputBounded(t *testing.T) {
	plan := readGolden(t, "lora-7b.plan.json")
	tests := []struct {
		name, in, field string
		file            bool
	}{
		{"storage 1e1000000000", `{"workload":"lora","model":{"params_b":7},"storage_tb":"1e1000000000"}`, "storage_tb", false},
		{"storage 1e10000000", `{"workload":"lora","model":{"params_b":7},"storage_tb":"1e10000000"}`, "storage_tb", false},
		{"hours 1e-10000000", `{"workload":"lora","model":{"params_b":7},"hours_per_day":"1e-10000000"}`, "hours_per_day", false},
		{"price as a bare number", `{"workload":"lora","model":{"params_b":7},"cost":{"prices":{"h100":{"monthly":1e999999999}}}}`, "cost.prices.h100.monthly", false},
		{"plan monthly 1e10000000", strings.Replace(plan, `"low": "345.6"`, `"low": "1e10000000"`, 1), "gpu.monthly.low", true},
		{"plan gpu.count -5", strings.Replace(plan, `"count": 1,`, `"count": -5,`, 1), "gpu.count", true},
		{"plan hours 25", strings.Replace(plan, `"hours_per_day": "6"`, `"hours_per_day": "25"`, 1), "requirements.hours_per_day", true},
		{"plan acceptance 0 GPUs", strings.Replace(plan, `"gpu_count": 1`, `"gpu_count": 0`, 1), "acceptance.gpu_count", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			var err error
			if tt.file {
				_, err = Decode(strings.NewReader(tt.in))
			} else {
				_, err = DecodeRequirements(strings.NewReader(tt.in))
			}
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatal("accepted")
			}
			var fe *fielderr.Error
			if tt.field != "" && (!errors.As(err, &fe) || fe.Field != tt.field) {
				t.Errorf("error %v, want one naming %s", err, tt.field)
			}
			if took > time.Second {
				t.Errorf("took %v, want well under a second", took)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("allocated %d bytes, want under 64 MiB", alloc)
			}
			t.Logf("%v in %v", err, took)
		})
	}
}

func readGolden(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestMarkdownEscapesHTML: a vendor name with HTML, as a vendor could send
// it, lands in the Markdown summary as text, never as HTML.
func TestMarkdownEscapesHTML(t *testing.T) {
	sheet := strings.Replace(readGolden(t, "procurement.req.json"), `"LowGPU Cloud"`, `"<img src=x onerror=alert(1)><!--"`, -1)
	req, err := DecodeRequirements(strings.NewReader(sheet))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(req)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteMarkdown(&b, p); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if !strings.Contains(md, "&lt;img src=x onerror=alert(1)&gt;&lt;!--") {
		t.Errorf("the vendor name is not in the Markdown as text:\n%s", md)
	}
	if strings.Contains(md, "<img") || strings.Contains(md, "<!--") {
		t.Error("raw HTML in the Markdown")
	}
}
