package poc_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/poc"
)

// facts loads testdata/facts/h100x2.json (two GPUs of a real 8 × H100
// nvidia-smi -q fixture, as shared/facts parses it) and applies edit.
func facts(t *testing.T, edit func(m map[string]any)) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/facts/h100x2.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(m)
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func gpu(m map[string]any, i int) map[string]any { return m["gpus"].([]any)[i].(map[string]any) }

func paths(ds []poc.Difference) string {
	var ps []string
	for _, d := range ds {
		ps = append(ps, d.Path+"="+d.POC+"→"+d.Delivered)
	}
	return strings.Join(ps, " ")
}

// Rule P4: every configuration difference is listed; volatile values are
// ignored; other serials and UUIDs are different physical GPUs.
func TestCompareFacts(t *testing.T) {
	tests := []struct {
		name                      string
		edit                      func(m map[string]any)
		config, identity, ignored string
		same                      bool
		summary                   string
	}{
		{name: "identical", same: true, summary: "has the configuration of the POC machine"},
		{
			name: "volatile values only",
			edit: func(m map[string]any) {
				m["timestamp"] = "Sat Jun 22 10:00:00 2024"
				m["source"] = "nvml"
				g := gpu(m, 0)
				g["temperature_c"], g["utilization_gpu_pct"] = 71, 99
				g["clock_event_reasons"] = []any{"sw_power_cap"}
				g["pcie"].(map[string]any)["gen_current"] = 1
				g["pcie"].(map[string]any)["replay_count"] = 500
				m["nvml_version"] = map[string]any{"unavailable": "worded differently"}
			},
			same:    true,
			ignored: "gpus[0].clock_event_reasons gpus[0].pcie.gen_current gpus[0].pcie.replay_count gpus[0].temperature_c gpus[0].utilization_gpu_pct nvml_version.unavailable source timestamp",
		},
		{
			name: "different physical GPUs",
			edit: func(m map[string]any) {
				for i := range 2 {
					gpu(m, i)["serial"] = "X" + gpu(m, i)["serial"].(string)
					gpu(m, i)["uuid"] = "GPU-other-" + string(rune('0'+i))
				}
				m["host"].(map[string]any)["hostname"] = "node-17"
			},
			same:     true,
			identity: `gpus[0].serial="1655022005478"→"X1655022005478" gpus[0].uuid="GPU-566e6f65-c38e-b12f-4824-6944218668b9"→"GPU-other-0"`,
			summary:  "Different physical GPUs (gpus[0], gpus[1])",
		},
		{
			name: "smaller card, older driver, capped power",
			edit: func(m map[string]any) {
				m["driver_version"] = "535.104.05"
				g := gpu(m, 1)
				g["name"], g["memory_total_mib"] = "NVIDIA H100 PCIe", 81559.0
				g["enforced_power_limit_w"] = 350
				g["pcie"].(map[string]any)["width_max"] = 8
			},
			config:  `driver_version="535.183.01"→"535.104.05" gpus[1].enforced_power_limit_w=700→350 gpus[1].name="NVIDIA H100 80GB HBM3"→"NVIDIA H100 PCIe" gpus[1].pcie.width_max=16→8`,
			summary: "differs from the POC machine in 4 configuration values",
		},
		{
			name: "one GPU fewer",
			edit: func(m map[string]any) {
				m["gpus"] = m["gpus"].([]any)[:1]
				m["attached_gpus"] = 1
			},
			config: `attached_gpus=2→1 gpus[1]=`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := poc.CompareFacts(facts(t, nil), facts(t, tt.edit))
			if err != nil {
				t.Fatal(err)
			}
			if got := paths(d.Config); !strings.HasPrefix(got, tt.config) || (tt.config == "" && got != "") {
				t.Errorf("config:\n got %s\nwant %s", got, tt.config)
			}
			if got := paths(d.Identity); !strings.HasPrefix(got, tt.identity) || (tt.identity == "" && got != "") {
				t.Errorf("identity:\n got %s\nwant %s", got, tt.identity)
			}
			if got := strings.Join(d.Ignored, " "); got != tt.ignored {
				t.Errorf("ignored:\n got %s\nwant %s", got, tt.ignored)
			}
			if d.Same() != tt.same {
				t.Errorf("Same() = %v", d.Same())
			}
			if s := strings.Join(d.Summary(), " "); !strings.Contains(s, tt.summary) {
				t.Errorf("summary %q, want %q", s, tt.summary)
			}
		})
	}
}

// The identity case above also names the host, and a missing GPU reads
// as absent.
func TestCompareFactsDetails(t *testing.T) {
	d, _ := poc.CompareFacts(facts(t, nil), facts(t, func(m map[string]any) {
		m["host"].(map[string]any)["hostname"] = "node-17"
		m["gpus"] = m["gpus"].([]any)[:1]
	}))
	if !strings.Contains(strings.Join(d.Summary(), " "), "A different host") {
		t.Errorf("summary %v", d.Summary())
	}
	last := d.Config[len(d.Config)-1]
	if last.Path != "gpus[1]" || last.Delivered != "(absent)" {
		t.Errorf("missing GPU = %+v", last)
	}
}

// A whole report is compared by its "facts" object, and numbers by value.
func TestCompareFactsReportAndNumbers(t *testing.T) {
	report := []byte(`{"schema":"gpuplan.report/v1","facts":{"gpus":[{"memory_total_mib":81559}]}}`)
	d, err := poc.CompareFacts(report, []byte(`{"gpus":[{"memory_total_mib":81559.0}]}`))
	if err != nil || !d.Same() || len(d.Ignored) != 0 {
		t.Errorf("diff %+v, err %v", d, err)
	}
	if _, err := poc.CompareFacts([]byte(`[1]`), report); err == nil || !strings.Contains(err.Error(), "poc_facts") {
		t.Errorf("err %v", err)
	}
}

// Rule P4 from two report files: FactsOf keeps a report's facts only, so
// the comparison ignores the report's own fields, and refuses what is not
// a JSON object by the field's name.
func TestFactsOf(t *testing.T) {
	report, err := os.ReadFile("../report/testdata/h100x8.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := poc.FactsOf("poc_facts", report)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(f, &m); err != nil || m["gpus"] == nil || m["checks"] != nil || m["facts"] != nil {
		t.Fatalf("facts of a report: %v, keys %d", err, len(m))
	}
	d, err := poc.CompareFacts(f, report)
	if err != nil || !d.Same() || len(d.Identity) != 0 {
		t.Errorf("a report against its own facts: %+v, %v", d, err)
	}
	in := poc.Input{Cards: 8, POCFacts: f, DeliveredFacts: f}
	if r, err := poc.Judge(in); err != nil || r.Machine == nil || !r.Machine.Same() {
		t.Errorf("judged %+v, %v", r.Machine, err)
	}
	for _, bad := range []string{`[1]`, `nope`, ``, strings.Repeat(" ", poc.MaxFactsBytes+1)} {
		if _, err := poc.FactsOf("delivered_facts", []byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "delivered_facts") {
			t.Errorf("%.10q: err %v", bad, err)
		}
	}
}

// The remembered comparison is the same as a fresh one, and a caller
// changing what it got changes nothing for the next.
func TestCompareFactsRemembered(t *testing.T) {
	a, b := facts(t, nil), facts(t, func(m map[string]any) { m["driver_version"] = "535.104.05" })
	d1, _ := poc.CompareFacts(a, b)
	d1.Config[0].Path = "changed"
	d2, _ := poc.CompareFacts(a, b)
	if len(d2.Config) != 1 || d2.Config[0].Path != "driver_version" {
		t.Errorf("second comparison %+v", d2.Config)
	}
	d3, _ := poc.CompareFacts(a, a)
	if !d3.Same() {
		t.Errorf("a changed pair was answered from memory: %+v", d3)
	}
}
