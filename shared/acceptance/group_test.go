package acceptance

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestKindOf puts every check the code names into a kind other than
// KindOther: the checks are grouped by kind.
func TestKindOf(t *testing.T) {
	for id, want := range map[string]Kind{
		"origin": KindEvidence, "input": KindEvidence, "fleet_signatures": KindEvidence,
		"gpu_count": KindIdentity, "gpu_listing": KindIdentity, "gpu3/identity": KindIdentity, "gpu0/reachable": KindIdentity,
		"fleet_unique_gpus": KindIdentity,
		"gpu1/memory":       KindMemory, "gpu1/ecc_mode": KindMemory,
		"gpu2/throttle": KindClocks, "gpu2/power_limit": KindClocks, "gpu2/persistence": KindClocks,
		"gpu0/mig": KindVirtualisation, "gpu0/virtualization": KindVirtualisation,
		"topology": KindTopology, "gpu7/nvlink": KindTopology, "gpu7/pcie_width": KindTopology, "gpu7/pcie_gen": KindTopology,
		"infiniband": KindTopology, "fleet_nccl": KindTopology, "gpu0/numa_node": KindTopology, "gpu0/kernel_link_gen": KindSoftware,
		"driver": KindSoftware, "kernel_driver": KindSoftware, "fleet_driver": KindSoftware,
		"gpu4/ecc_errors": KindWear, "gpu4/row_remapping": KindWear, "gpu4/page_retirement": KindWear, "bench_memtest": KindWear,
		"bench_fp16_tflops": KindPerformance, "gpu0/bench_fp16": KindPerformance, "poc_facts": KindPerformance,
		"fleet_bench_fp16": KindPerformance,
		"something_new":    KindOther,
	} {
		if got := KindOf(id); got != want {
			t.Errorf("KindOf(%q) = %s, want %s", id, got, want)
		}
	}
}

// TestGPUOf reads the GPU of a result id, and no GPU from a server check
// or a malformed prefix.
func TestGPUOf(t *testing.T) {
	for id, want := range map[string]int{"gpu0/identity": 0, "gpu12/memory": 12} {
		if got, ok := GPUOf(id); !ok || got != want {
			t.Errorf("GPUOf(%q) = %d, %v; want %d", id, got, ok, want)
		}
	}
	for _, id := range []string{"gpu_count", "driver", "gpu/x", "gpux/x", "gpu01/x", "gpu-1/x", "node/gpu0"} {
		if got, ok := GPUOf(id); ok {
			t.Errorf("GPUOf(%q) = %d, true; want none", id, got)
		}
	}
}

// results4 is a 2-GPU report with one failed wear check on GPU 1, a skip
// and passes.
func results4() []Result {
	return []Result{
		{ID: "gpu_count", Status: Pass},
		{ID: "driver", Status: Pass},
		{ID: "gpu0/identity", Status: Pass},
		{ID: "gpu0/ecc_errors", Status: Skip},
		{ID: "gpu0/throttle", Status: Pass},
		{ID: "gpu1/identity", Status: Pass},
		{ID: "gpu1/ecc_errors", Status: Fail},
		{ID: "gpu1/throttle", Status: Warn},
	}
}

// TestByKind lists the kind with a failure first, then the warning, then
// the passed kinds in Kinds order; inside the wear group the failure comes
// before the skip, and each group counts its own results.
func TestByKind(t *testing.T) {
	groups := ByKind(results4())
	var kinds []Kind
	for _, g := range groups {
		kinds = append(kinds, g.Kind)
	}
	if want := []Kind{KindWear, KindClocks, KindIdentity, KindSoftware}; !slices.Equal(kinds, want) {
		t.Fatalf("kinds = %v, want %v", kinds, want)
	}
	wear := groups[0]
	if wear.Results[0].ID != "gpu1/ecc_errors" || wear.Results[1].ID != "gpu0/ecc_errors" {
		t.Errorf("wear results = %v, want the failure first", wear.Results)
	}
	if wear.Summary.Verdict != VerdictFail || wear.Summary.Fail != 1 || wear.Summary.Skip != 1 || wear.Summary.Total != 2 {
		t.Errorf("wear summary = %+v", wear.Summary)
	}
	if id := groups[2]; id.Summary.Pass != 3 || id.Summary.Verdict != VerdictPass {
		t.Errorf("identity summary = %+v, want 3 passed", id.Summary)
	}
	if ByKind(nil) != nil {
		t.Error("ByKind(nil) is not empty")
	}
}

// TestGridOf lays the per-GPU checks out as GPUs × checks, the columns in
// kind order, the server checks left out, and "" where a check did not run.
func TestGridOf(t *testing.T) {
	rs := append(results4(), Result{ID: "gpu2/reachable", Status: Fail})
	g := GridOf(rs)
	if !slices.Equal(g.GPUs, []int{0, 1, 2}) {
		t.Errorf("GPUs = %v", g.GPUs)
	}
	if want := []string{"identity", "reachable", "throttle", "ecc_errors"}; !slices.Equal(g.Checks, want) {
		t.Errorf("Checks = %v, want %v", g.Checks, want)
	}
	want := [][]Status{
		{Pass, "", Pass, Skip},
		{Pass, "", Warn, Fail},
		{"", Fail, "", ""},
	}
	for i := range want {
		if !slices.Equal(g.Cells[i], want[i]) {
			t.Errorf("row gpu%d = %v, want %v", g.GPUs[i], g.Cells[i], want[i])
		}
	}
	if sw := ServerWide(rs); len(sw) != 2 || sw[0].ID != "gpu_count" || sw[1].ID != "driver" {
		t.Errorf("ServerWide = %v", sw)
	}
}

// TestGroupsOfRealFixture: the 8x RTX 4090 capture checked against its
// plan gives 8 grid rows of 11 checks, and every one of its checks falls
// into a known kind.
func TestGroupsOfRealFixture(t *testing.T) {
	rs := Check(planFor(8, []string{"rtx-4090"}, minMem(24000)), parseFixture(t, fx("gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")))
	g := GridOf(rs)
	if len(g.GPUs) != 8 || len(g.Checks) != 11 {
		t.Errorf("grid %d GPUs × %d checks (%v), want 8 × 11", len(g.GPUs), len(g.Checks), g.Checks)
	}
	total := 0
	for _, kg := range ByKind(rs) {
		if kg.Kind == KindOther {
			t.Errorf("checks of no kind: %v", kg.Results)
		}
		total += len(kg.Results)
	}
	if total != len(rs) {
		t.Errorf("groups hold %d results, want %d", total, len(rs))
	}
}

// TestGPUList joins runs of GPU indexes.
func TestGPUList(t *testing.T) {
	for want, idx := range map[string][]int{
		"gpu0": {0}, "gpu0-7": {0, 1, 2, 3, 4, 5, 6, 7}, "gpu0-1,3-7": {0, 1, 3, 4, 5, 6, 7}, "gpu0,2,5": {0, 2, 5},
	} {
		if got := gpuList(idx); got != want {
			t.Errorf("gpuList(%v) = %q, want %q", idx, got, want)
		}
	}
}

// TestSections: the 8x H100 capture against its plan lists the clocks
// kind first (GPU 2's power brake, rule A2), joins the seven GPUs whose
// throttle check agrees into one line after GPU 2's failure, and ends with
// the grid whose gpu2 column holds the one FAIL.
func TestSections(t *testing.T) {
	rs := Check(planFor(8, []string{"h100-80g-sxm"}, nvlink, vmOK, eccOn, minMem(80000), minDriver("535.104.05")),
		parseFixture(t, fx("gpud__nvidia-smi-query.535.183.01.out.0.valid")))
	s := Sections(rs, msg.En)
	if got := s[0].Title; got != "Clocks and power caps: FAIL (1 fail, 23 pass)" {
		t.Errorf("first section %q", got)
	}
	var ids []string
	for _, c := range s[0].Checks {
		ids = append(ids, c.Status+" "+c.ID)
	}
	if want := []string{"fail gpu2/throttle", "pass gpu0-1,3-7/throttle", "pass gpu0-7/power_limit", "pass gpu0-7/persistence"}; !slices.Equal(ids, want) {
		t.Errorf("clock lines %q, want %q", ids, want)
	}
	grid := s[len(s)-1]
	if len(grid.Header) != 9 || grid.Header[3] != "gpu2" {
		t.Fatalf("grid header %q", grid.Header)
	}
	fails := 0
	for _, row := range grid.Rows {
		for i, cell := range row[1:] {
			if cell == "FAIL" {
				fails++
				if row[0] != "throttle" || i != 2 {
					t.Errorf("FAIL at %s gpu%d", row[0], i)
				}
			}
		}
	}
	if fails != 1 {
		t.Errorf("%d FAIL cells, want 1", fails)
	}
}

// TestSectionsOneGPU: a one-GPU server gets no grid, and its skipped
// health kind is headed SKIP, not PASS.
func TestSectionsOneGPU(t *testing.T) {
	rs := []Result{{ID: "gpu_count", Status: Pass}, {ID: "gpu0/ecc_errors", Status: Skip}}
	s := Sections(rs, msg.En)
	if len(s) != 2 || s[0].Title != "Wear: ECC errors, remapped rows, retired pages: SKIP (1 skip)" || s[1].Title != "GPU count and identity: PASS (1 pass)" {
		t.Errorf("sections %+v", s)
	}
}

// FuzzGPUOf: GPUOf never panics, and what it accepts is exactly the form
// "gpuN/…" with N written without leading zeros.
func FuzzGPUOf(f *testing.F) {
	for _, s := range []string{"gpu0/identity", "gpu12/memory", "gpu_count", "gpu01/x", "gpu-1/x", "gpu/x", "gpu99999999999999999999/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		n, ok := GPUOf(id)
		if !ok {
			return
		}
		head, _, _ := strings.Cut(id, "/")
		if n < 0 || head != "gpu"+strconv.Itoa(n) {
			t.Errorf("GPUOf(%q) = %d, true", id, n)
		}
	})
}
