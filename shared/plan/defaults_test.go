package plan

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestSheetDefaults: a sheet that leaves a field out gets the one default
// the site's form also starts from; C1's volumes are not zero.
func TestSheetDefaults(t *testing.T) {
	tests := []struct {
		name, sheet      string
		storage, egress  string
		ips, concurrency int
		hours            string
	}{
		{"inference, nothing given", `{"workload":"inference","model":{"preset":"qwen2.5-7b"}}`, "2", "5", 2, 16, "24"},
		{"lora, nothing given", `{"workload":"lora","model":{"preset":"qwen2.5-7b"}}`, "2", "5", 2, 1, "12"},
		// Zero is an answer: no storage, no egress, no extra IP (C1).
		{"zeros given", `{"workload":"inference","model":{"preset":"qwen2.5-7b"},"storage_tb":"0","egress_tb_month":0,"extra_ips":0}`, "0", "0", 0, 16, "24"},
		{"values given", `{"workload":"inference","model":{"preset":"qwen2.5-7b"},"storage_tb":"10","egress_tb_month":"1.5","extra_ips":4,"concurrency":3}`, "10", "1.5", 4, 3, "24"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := DecodeRequirements(strings.NewReader(tc.sheet))
			if err != nil {
				t.Fatal(err)
			}
			if r.StorageTB.String() != tc.storage || r.EgressTBMonth.String() != tc.egress || r.ExtraIPs != tc.ips {
				t.Errorf("storage %s egress %s ips %d, want %s %s %d", r.StorageTB, r.EgressTBMonth, r.ExtraIPs, tc.storage, tc.egress, tc.ips)
			}
			if r.Concurrency != tc.concurrency || r.HoursPerDay.String() != tc.hours {
				t.Errorf("concurrency %d hours %s, want %d %s", r.Concurrency, r.HoursPerDay, tc.concurrency, tc.hours)
			}
		})
	}
}

// TestPlanStatesDefaults: the plan names the fields left at their defaults,
// by value, so a sheet that spells a default out and one that leaves it
// out build the same plan file, byte for byte.
func TestPlanStatesDefaults(t *testing.T) {
	short := `{"workload":"inference","model":{"preset":"llama-3.1-70b"}}`
	spelled := `{"workload":"inference","model":{"preset":"llama-3.1-70b"},"concurrency":16,"storage_tb":"2","egress_tb_month":"5","extra_ips":2,"hours_per_day":"24"}`
	changed := `{"workload":"inference","model":{"preset":"llama-3.1-70b"},"storage_tb":"0","extra_ips":1}`
	a, b, c := planFile(t, short), planFile(t, spelled), planFile(t, changed)
	if !bytes.Equal(a, b) {
		t.Error("a sheet spelling out the defaults builds another plan file than one leaving them out")
	}
	want := []string{"context_tokens", "concurrency", "hours_per_day", "days_per_month", "project_months",
		"storage_tb", "egress_tb_month", "extra_ips", "demand", "data_class", "first_contract"}
	p := buildSheet(t, short)
	if !slices.Equal(p.Defaults, want) {
		t.Errorf("defaults = %v, want %v", p.Defaults, want)
	}
	p = buildSheet(t, changed)
	if slices.Contains(p.Defaults, "storage_tb") || slices.Contains(p.Defaults, "extra_ips") || !slices.Contains(p.Defaults, "egress_tb_month") {
		t.Errorf("defaults of a sheet with its own storage and IPs = %v", p.Defaults)
	}
	if bytes.Equal(a, c) {
		t.Error("other volumes built the same plan file")
	}
}

// TestDefaultsTable: every default parses as its field does, and both
// workload columns are filled.
func TestDefaultsTable(t *testing.T) {
	for _, d := range defaults {
		if d.Field == "" || d.Inference == "" || d.Training == "" {
			t.Errorf("incomplete default %+v", d)
		}
		for _, wl := range []string{"inference", "lora"} {
			r := Requirements{Workload: wl}
			r.defaults()
			r.fillAbsent([]byte(`{}`))
			got, _ := DefaultText(d.Field, wl)
			if r.text(d.Field) != got {
				t.Errorf("%s (%s): the sheet gets %q, the table says %q", d.Field, wl, r.text(d.Field), got)
			}
		}
	}
	if _, ok := DefaultText("workload", "inference"); ok {
		t.Error("workload has no default (rule R3)")
	}
}

func buildSheet(t *testing.T, sheet string) *Plan {
	t.Helper()
	r, err := DecodeRequirements(strings.NewReader(sheet))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func planFile(t *testing.T, sheet string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, buildSheet(t, sheet)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
