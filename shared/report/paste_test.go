package report

import (
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestReadPasted reads the h100x8 golden report as the acceptance page
// does: against its own plan, another plan's and none; and facts text.
func TestReadPasted(t *testing.T) {
	c := goldenCases[0]
	data, err := os.ReadFile("testdata/h100x8.json")
	if err != nil {
		t.Fatal(err)
	}
	got := ReadPasted(data, &PagePlan{Acceptance: c.acc, File: planFile(t, c.acc)})
	if got.Err != nil || got.Report == nil {
		t.Fatalf("ReadPasted = %+v", got)
	}
	r := got.Report
	if !r.DigestOK || len(r.Disagree) != 0 || r.Plan != PlanSame || r.Live || r.Derived != len(got.Results) || r.Derived != 108 {
		t.Errorf("report = %+v, want digest ok, 108 derived checks, the same plan, not live", r)
	}
	var mig bool
	for _, res := range got.Results {
		if res.ID != "gpu0/mig" {
			continue
		}
		mig = true
		if en, zh := res.ExpectedIn(msg.En), res.ExpectedIn(msg.Zh); en != "MIG disabled" || zh != "MIG 已禁用" {
			t.Errorf("gpu0/mig expected %q / %q", en, zh)
		}
		if en, zh := res.MeasuredIn(msg.En), res.MeasuredIn(msg.Zh); en != "MIG disabled" || zh != "MIG 已禁用" {
			t.Errorf("gpu0/mig measured %q / %q", en, zh)
		}
	}
	if !mig {
		t.Error("no gpu0/mig check")
	}

	block := c.acc
	if got := ReadPasted(data, &PagePlan{Acceptance: block}).Report.Plan; got != PlanSameBlock {
		t.Errorf("same block, no file: plan %q, want %q", got, PlanSameBlock)
	}
	block.GPUCount = 4
	if got := ReadPasted(data, &PagePlan{Acceptance: block, File: planFile(t, block)}).Report.Plan; got != PlanOther {
		t.Errorf("another block: plan %q, want %q", got, PlanOther)
	}
	if got := ReadPasted(data, nil).Report.Plan; got != PlanNone {
		t.Errorf("no plan: plan %q, want %q", got, PlanNone)
	}
}

// TestReadPastedOther covers facts text, an unknown schema and nothing.
func TestReadPastedOther(t *testing.T) {
	smi, err := os.ReadFile(factsDir + "/" + goldenCases[0].fixture)
	if err != nil {
		t.Fatal(err)
	}
	got := ReadPasted(smi, &PagePlan{Acceptance: goldenCases[0].acc})
	if got.Err != nil || got.Facts == nil || len(got.Facts.GPUs) != 8 || got.Report != nil || len(got.Results) != 107 {
		t.Errorf("nvidia-smi text: err %v, report %v, %d results", got.Err, got.Report, len(got.Results))
	}
	if got := ReadPasted(smi, nil); got.Results != nil || got.Facts == nil {
		t.Errorf("no plan: %d results, want none", len(got.Results))
	}
	got = ReadPasted([]byte(`{"schema":"gpuplan.results/v0123456789012345678901234567890"}`), nil)
	if got.Err == nil || !strings.Contains(got.Err.Error(), `schema "gpuplan.results/v012345678901234…": not a gpuverify report`) {
		t.Errorf("unknown schema: %v", got.Err)
	}
	if got := ReadPasted([]byte(" \n"), nil); got.Err != nil || got.Facts != nil {
		t.Errorf("blank: %+v", got)
	}
}
