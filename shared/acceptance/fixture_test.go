package acceptance

import (
	"strings"
	"testing"
)

// The verdicts rules A1–A4 give on real nvidia-smi captures, asserted
// directly (the golden files hold the full output).

// A GPU with HW slowdown active fails (rule A2). No real fixture has plain
// HW Slowdown active, so testdata/derived__a100-sxm4-v12-hw-slowdown.xml is
// the telegraf A100 capture with that one element set to Active.
func TestFixtureHWSlowdownFails(t *testing.T) {
	f := parseFixture(t, "testdata/derived__a100-sxm4-v12-hw-slowdown.xml")
	r := find(t, Check(planFor(4, []string{"a100-80g-sxm"}, migAllowed), f), "gpu0/throttle")
	if r.Status != Fail || !strings.Contains(r.Message, "hw_slowdown") {
		t.Errorf("got %s: %s", r.Status, r.Message)
	}
}

// The 8x H100 -q capture has HW Power Brake Slowdown active on GPU 2 only.
func TestFixtureH100PowerBrakeFails(t *testing.T) {
	f := parseFixture(t, fx("gpud__nvidia-smi-query.535.183.01.out.0.valid"))
	rs := Check(planFor(8, []string{"h100-80g-sxm"}, vmOK), f)
	for i := range 8 {
		r := find(t, rs, gpuID(f.GPUs[i], "throttle"))
		want := Pass
		if i == 2 {
			want = Fail
		}
		if r.Status != want {
			t.Errorf("GPU %d throttle %s, want %s: %s", i, r.Status, want, r.Message)
		}
	}
	if r := find(t, rs, "gpu2/throttle"); !strings.Contains(r.Message, "hw_power_brake_slowdown") {
		t.Errorf("GPU 2 message %q does not name the power brake", r.Message)
	}
}

// The pass-through H100 is a VM, and is called one (rule K4).
func TestFixturePassthroughIsVM(t *testing.T) {
	f := parseFixture(t, fx("gpud__nvidia-smi-query.535.183.01.out.0.valid"))
	r := find(t, Check(planFor(8, []string{"h100-80g-sxm"}), f), "gpu0/virtualization")
	if r.Status != Fail || !strings.Contains(r.Message, "VM") || r.Measured != "pass-through VM" {
		t.Errorf("got %s, measured %q: %s", r.Status, r.Measured, r.Message)
	}
}

// The 4090 box idles at PCIe Gen1 of 4: judged on the maximum, not failed.
func TestFixture4090IdleGen1(t *testing.T) {
	f := parseFixture(t, fx("gpud__nvidia-smi-query.535.154.05.out.0.valid.4090"))
	rs := Check(planFor(8, []string{"rtx-4090"}), f)
	for _, g := range f.GPUs {
		r := find(t, rs, gpuID(g, "pcie_gen"))
		if r.Status != Pass || !strings.Contains(r.Message, "now Gen1") {
			t.Errorf("GPU %d: %s: %s", g.Index, r.Status, r.Message)
		}
	}
	if Failed(rs) {
		t.Errorf("the 4090 box fails a plan for it")
	}
}

// The A10 has 4 uncorrectable remapped rows and a remap pending (rule A4).
func TestFixtureA10RemapPendingFails(t *testing.T) {
	f := parseFixture(t, fx("gpud__nvidia-smi-query.535.129.03.out.0.valid.a10"))
	r := find(t, Check(planFor(1, nil, vmOK), f), "gpu0/row_remapping")
	if r.Status != Fail || !strings.Contains(r.Message, "pending") {
		t.Errorf("got %s: %s", r.Status, r.Message)
	}
}

// An H100 delivered against an H200 plan fails identity, naming the
// name, the PCI device id and the memory.
func TestFixtureH100IsNotH200(t *testing.T) {
	f := parseFixture(t, fx("gpud__nvidia-smi-query.535.183.01.out.0.valid"))
	r := find(t, Check(planFor(8, []string{"h200-141g"}, vmOK), f), "gpu0/identity")
	if r.Status != Fail {
		t.Fatalf("got %s: %s", r.Status, r.Message)
	}
	for _, w := range []string{"name NVIDIA H100 80GB HBM3", "PCI device id 0x233010DE", "memory 81559 MiB"} {
		if !strings.Contains(r.Message, w) {
			t.Errorf("message %q lacks %q", r.Message, w)
		}
	}
	if strings.Contains(r.Message, "default power limit") || strings.Contains(r.Message, "max SM clock") {
		t.Errorf("message blames power or clock, which agree: %q", r.Message)
	}
}

// The matching golden plans fail only for real faults of the fixture.
func TestFixtureMatchingPlans(t *testing.T) {
	wantFail := map[string][]string{
		"h100x8-vm.match":   {"gpu2/throttle"},
		"rtx4090x8.match":   nil,
		"h100-bundle.match": nil,
		"h100-mig.match":    nil,
		"h200-mig.match":    nil,
		"l40s.match":        nil,
		// The capture announces 4 GPUs and lists 1: the count is the one
		// listed, so a plan for 4 fails gpu_count.
		"a100-mig.match": {"gpu_count"},
	}
	for _, c := range goldenCases {
		want, ok := wantFail[c.name]
		if !ok {
			continue
		}
		var got []string
		for _, r := range Check(c.plan, parseFixture(t, c.fixture)) {
			if r.Status == Fail {
				got = append(got, r.ID)
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: failed %v, want %v", c.name, got, want)
		}
	}
}
