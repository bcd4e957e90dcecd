package planfile

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

const goodPlan = `{
  "schema": "gpuplan.plan/v1",
  "requirements": {"workload": "inference", "future_field": [1, 2]},
  "gpu": {"id": "h100-80g-sxm", "count": 8},
  "acceptance": {
    "gpu_count": 8,
    "gpu_ids": ["h100-80g-sxm"],
    "min_memory_mib": 80000,
    "interconnect": "nvlink",
    "mig": "off",
    "virtualization": "bare-metal",
    "min_pcie_width": 16,
    "ecc": "on",
    "min_driver": "535.104.05"
  },
  "added_by_a_newer_planner": true
}`

// goodAcceptance is the acceptance block of goodPlan.
var goodAcceptance = Acceptance{
	GPUCount: 8, GPUIDs: []string{"h100-80g-sxm"}, MinMemoryMiB: 80000,
	Interconnect: "nvlink", MIG: "off", Virtualization: "bare-metal",
	MinPCIeWidth: 16, ECC: "on", MinDriver: "535.104.05",
}

func TestDecodeAcceptance(t *testing.T) {
	acc, err := DecodeAcceptance([]byte(goodPlan))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(acc, goodAcceptance) {
		t.Errorf("got %+v\nwant %+v", acc, goodAcceptance)
	}
	// A UTF-8 byte-order mark (Windows editors) is read too.
	if _, err := DecodeAcceptance(append([]byte("\xef\xbb\xbf"), goodPlan...)); err != nil {
		t.Errorf("with BOM: %v", err)
	}
}

// TestDecodeAcceptanceErrors: each bad plan names the field and what is allowed.
func TestDecodeAcceptanceErrors(t *testing.T) {
	swap := func(old, new string) string { return strings.Replace(goodPlan, old, new, 1) }
	for _, c := range []struct {
		name, in, field, words string
	}{
		{"wrong schema", swap(`"gpuplan.plan/v1"`, `"gpuplan.requirements/v1"`), "schema", `must be "gpuplan.plan/v1"`},
		{"no schema", swap(`"schema": "gpuplan.plan/v1",`, ``), "schema", "missing"},
		{"no acceptance", `{"schema": "gpuplan.plan/v1"}`, "acceptance", "missing"},
		{"zero GPUs", swap(`"gpu_count": 8`, `"gpu_count": 0`), "acceptance.gpu_count", "between 1 and 4096"},
		{"count as string", swap(`"gpu_count": 8`, `"gpu_count": "8"`), "acceptance.gpu_count", "must be a JSON number"},
		{"empty id", swap(`["h100-80g-sxm"]`, `[""]`), "acceptance.gpu_ids[0]", "catalogue id"},
		// A typo or a hidden second block must not drop a requirement.
		{"unknown card id", swap(`["h100-80g-sxm"]`, `["h100-80g-sxm", "t4"]`), "acceptance.gpu_ids[1]", `unknown card id "t4": the catalogue knows rtx-4090, `},
		{"misspelt key", swap(`"gpu_ids"`, `"gpu_id"`), "acceptance.gpu_id", "unknown field: the acceptance block has only gpu_count, gpus_per_node, gpu_ids, min_memory_mib"},
		{"key in other case", swap(`"min_memory_mib"`, `"Min_Memory_MiB"`), "acceptance.Min_Memory_MiB", `must be spelt "min_memory_mib"`},
		{"second block in capitals", swap(`"added_by_a_newer_planner": true`, `"ACCEPTANCE": {"gpu_count": 1}`), "ACCEPTANCE", `must be spelt "acceptance"`},
		{"duplicate key", swap(`"mig": "off",`, `"mig": "off", "mig": "allowed",`), "acceptance.mig", "duplicate key"},
		{"duplicate block", swap(`"added_by_a_newer_planner": true`, `"acceptance": {"gpu_count": 1}`), "acceptance", "duplicate key"},
		{"duplicate elsewhere", swap(`"workload": "inference",`, `"workload": "inference", "workload": "training",`), "requirements.workload", "duplicate key"},
		{"more per node than GPUs", swap(`"gpu_count": 8,`, `"gpu_count": 8, "gpus_per_node": 9,`), "acceptance.gpus_per_node", "gpu_count (8), got 9"},
		{"negative memory", swap(`80000`, `-1`), "acceptance.min_memory_mib", "between 0"},
		{"mig typo", swap(`"mig": "off"`, `"mig": "no"`), "acceptance.mig", "off, allowed"},
		{"virtualization typo", swap(`"bare-metal"`, `"baremetal"`), "acceptance.virtualization", "bare-metal, vm-ok, any"},
		{"interconnect typo", swap(`"nvlink",`, `"NVLink",`), "acceptance.interconnect", "none, pcie, nvlink"},
		{"ecc typo", swap(`"ecc": "on"`, `"ecc": "yes"`), "acceptance.ecc", "on, any"},
		{"odd width", swap(`"min_pcie_width": 16`, `"min_pcie_width": 12`), "acceptance.min_pcie_width", "0, 1, 2, 4, 8, 16, 32"},
		{"driver not a version", swap(`"535.104.05"`, `"latest"`), "acceptance.min_driver", "dotted driver version"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeAcceptance([]byte(c.in))
			var fe *fielderr.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a FieldError", err)
			}
			if fe.Field != c.field || !strings.Contains(fe.Msg.String(), c.words) {
				t.Errorf("got %s: %s; want field %s with %q", fe.Field, fe.Msg, c.field, c.words)
			}
			checkCatalogued(t, fe)
		})
	}
	for _, in := range []string{"", "{", "[]", "null", `{"schema": 1}`, strings.Repeat(" ", MaxBytes+1)} {
		if _, err := DecodeAcceptance([]byte(in)); err == nil {
			t.Errorf("DecodeAcceptance(%.20q): no error", in)
		}
	}
}

// FuzzDecodeAcceptance: DecodeAcceptance never panics, and what it accepts is valid and
// reads back the same from a minimal plan file.
func FuzzDecodeAcceptance(f *testing.F) {
	f.Add([]byte(goodPlan))
	f.Add([]byte(`{"schema":"gpuplan.plan/v1","acceptance":{"gpu_count":1}}`))
	f.Add([]byte(`{"schema":"gpuplan.plan/v1","acceptance":{"gpu_count":1,"min_driver":"1.2.3.4.5"}}`))
	f.Add([]byte(`{"schema":"gpuplan.plan/v1","acceptance":null}`))
	f.Add([]byte(`{"schema":"gpuplan.plan/v1","acceptance":{"gpu_ids":[null,"x"]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		acc, err := DecodeAcceptance(data)
		if err != nil {
			return
		}
		if err := acc.Validate(); err != nil {
			t.Fatalf("DecodeAcceptance accepted what Validate refuses: %v", err)
		}
		again, err := json.Marshal(map[string]any{"schema": Schema, "acceptance": acc})
		if err != nil {
			t.Fatal(err)
		}
		acc2, err := DecodeAcceptance(again)
		if err != nil {
			t.Fatalf("round trip: %v", err)
		}
		if !reflect.DeepEqual(acc, acc2) {
			t.Fatalf("round trip changed %+v to %+v", acc, acc2)
		}
	})
}

// TestDecodeAcceptanceNumberTooBig: a number that does not fit is worded like
// every other decoder's, never "must be a JSON number, got number
// 1e400".
func TestDecodeAcceptanceNumberTooBig(t *testing.T) {
	_, err := DecodeAcceptance([]byte(`{"schema":"gpuplan.plan/v1","acceptance":{"gpu_count":1e400}}`))
	if err == nil || !strings.Contains(err.Error(), "acceptance.gpu_count: must be a whole number from") || !strings.Contains(err.Error(), "got 1e400") {
		t.Errorf("error %v", err)
	}
}

// checkCatalogued fails unless fe's problem is a catalogue message whose
// Chinese holds no English phrase.
func checkCatalogued(t *testing.T, fe *fielderr.Error) {
	t.Helper()
	if msg.IsVerbatim(fe.Msg) || msg.Check(fe.Msg) != nil {
		t.Errorf("%q is not a catalogue message (%v)", fe.Msg.String(), msg.Check(fe.Msg))
	}
	zh := fe.ProblemIn(msg.Zh)
	if w := testkit.EnglishPhrase(zh); w != "" {
		t.Errorf("the Chinese %q has English words %q", zh, w)
	}
}

// TestAcceptanceErrorInChinese: a refusal as a Chinese reader sees it.
func TestAcceptanceErrorInChinese(t *testing.T) {
	_, err := DecodeAcceptance([]byte(strings.Replace(goodPlan, `"gpu_count": 8`, `"gpu_count": 0`, 1)))
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.ProblemIn(msg.Zh) != "应在 1 到 4096 之间，实际为 0" {
		t.Errorf("%v: want the Chinese range sentence", err)
	}
}
