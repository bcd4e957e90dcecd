package acceptance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

// h100 returns GPU i of a healthy bare-metal 8x H100 SXM box, every fact
// known, with values from the 535.183.01 fixture.
func h100(i int) facts.GPU {
	k := func(s string) facts.Value[string] { return facts.Known(s) }
	g := facts.GPU{
		Index:                     i,
		BusID:                     k(fmt.Sprintf("00000000:%02X:00.0", 0x18+i)),
		Name:                      k("NVIDIA H100 80GB HBM3"),
		Brand:                     k("NVIDIA"),
		Architecture:              k("Hopper"),
		UUID:                      k(fmt.Sprintf("GPU-%d", i)),
		PCIDeviceID:               k("0x233010DE"),
		MemoryTotalMiB:            facts.Known[int64](81559),
		ECCMode:                   k(facts.Enabled),
		ECCModePending:            k(facts.Enabled),
		ECCUncorrectableVolatile:  facts.Known[int64](0),
		ECCUncorrectableAggregate: facts.Known[int64](0),
		RemappedRows: facts.RemappedRows{
			Correctable: facts.Known[int64](0), Uncorrectable: facts.Known[int64](0),
			Pending: facts.Known(false), Failure: facts.Known(false),
		},
		PCIe: facts.PCIe{
			GenCurrent: facts.Known(5), GenMax: facts.Known(5), GenDeviceMax: facts.Known(5),
			WidthCurrent: facts.Known(16), WidthMax: facts.Known(16),
		},
		MaxSMClockMHz:       facts.Known(1980),
		DefaultPowerLimitW:  facts.Known(700.0),
		EnforcedPowerLimitW: facts.Known(700.0),
		ClockEventReasons:   facts.Known([]string{facts.ReasonIdle}),
		PersistenceMode:     k(facts.Enabled),
		MIG:                 k(facts.Disabled),
		MIGPending:          k(facts.Disabled),
		MIGDevices:          facts.Known([]facts.MIGDevice{}),
		Virtualization:      k(facts.VirtNone),
	}
	links := make([]facts.NVLink, 18)
	for l := range links {
		links[l] = facts.NVLink{Link: l, State: facts.LinkActive, Version: facts.Known(4)}
	}
	g.NVLinks = facts.Known(links)
	return g
}

// box returns a healthy 8x H100 server.
func box() *facts.Facts {
	f := facts.New(facts.SourceNVML)
	f.DriverVersion = facts.Known("550.54.15")
	f.AttachedGPUs = facts.Known(8)
	var pairs []facts.GPUPair
	for i := range 8 {
		f.GPUs = append(f.GPUs, h100(i))
		for j := i + 1; j < 8; j++ {
			pairs = append(pairs, facts.GPUPair{A: i, B: j, Link: "NV18"})
		}
	}
	f.Topology = facts.Known(pairs)
	return f
}

// h100Plan is the plan the healthy box meets.
func h100Plan() planfile.Acceptance {
	return planfile.Acceptance{
		GPUCount: 8, GPUIDs: []string{"h100-80g-sxm"}, MinMemoryMiB: 80000,
		Interconnect: "nvlink", MIG: "off", Virtualization: "bare-metal",
		MinPCIeWidth: 16, ECC: "on", MinDriver: "535.104.05",
	}
}

func find(t *testing.T, rs []Result, id string) Result {
	t.Helper()
	for _, r := range rs {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("no result %q in %d results", id, len(rs))
	return Result{}
}

func TestHealthyBoxPasses(t *testing.T) {
	rs := Check(h100Plan(), box())
	for _, r := range rs {
		if r.Status != Pass {
			t.Errorf("%s: %s (%s), want pass", r.ID, r.Status, r.Message)
		}
	}
	// 3 server-wide checks (gpu_count, driver, topology), 13 per GPU.
	if want := 3 + 8*13; len(rs) != want {
		t.Errorf("%d results, want %d", len(rs), want)
	}
}

// TestChecks mutates the healthy box one fact at a time; every case names
// the rule it checks and the words the message must contain.
func TestChecks(t *testing.T) {
	cases := []struct {
		name   string
		rule   string
		plan   func(*planfile.Acceptance)
		mutate func(f *facts.Facts, g *facts.GPU)
		id     string
		want   Status
		words  []string
	}{
		// A1 / K4: card count.
		{"seven of eight GPUs", "A1", nil, func(f *facts.Facts, _ *facts.GPU) { f.AttachedGPUs = facts.Known(7); f.GPUs = f.GPUs[:7] }, "gpu_count", Fail, []string{"7 GPUs listed", "expects 8"}},
		// A1: driver versions compare as numbers, not strings.
		{"driver 535.54 < 535.104", "A1", nil, func(f *facts.Facts, _ *facts.GPU) { f.DriverVersion = facts.Known("535.54.03") }, "driver", Fail, []string{"older", "535.104.05"}},
		{"driver equal", "A1", nil, func(f *facts.Facts, _ *facts.GPU) { f.DriverVersion = facts.Known("535.104.05") }, "driver", Pass, nil},
		{"driver unknown", "A1", nil, func(f *facts.Facts, _ *facts.GPU) { f.DriverVersion = facts.UnavailableText[string]("N/A") }, "driver", Skip, nil},
		// A1/A2 identity: each signal alone is caught (a name alone is
		// spoofable).
		{"relabelled: PCI id of an H800", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.PCIDeviceID = facts.Known("0x232410DE") }, "gpu0/identity", Fail, []string{"PCI device id 0x232410DE"}},
		{"renamed only", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.Name = facts.Known("NVIDIA H100 PCIe") }, "gpu0/identity", Fail, []string{"name NVIDIA H100 PCIe"}},
		{"down-binned clock", "A2", nil, func(_ *facts.Facts, g *facts.GPU) { g.MaxSMClockMHz = facts.Known(1755) }, "gpu0/identity", Fail, []string{"max SM clock 1755 MHz"}},
		{"lower default power", "A2", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.DefaultPowerLimitW = facts.Known(350.0)
			g.EnforcedPowerLimitW = facts.Known(350.0)
		}, "gpu0/identity", Fail, []string{"default power limit 350 W"}},
		{"memory-modded", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.MemoryTotalMiB = facts.Known[int64](163840) }, "gpu0/identity", Fail, []string{"memory 163840 MiB"}},
		{"higher board power is fine", "A1", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.DefaultPowerLimitW = facts.Known(750.0)
			g.EnforcedPowerLimitW = facts.Known(750.0)
		}, "gpu0/identity", Pass, nil},
		{"memory not read", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.MemoryTotalMiB = facts.UnavailableText[int64]("N/A") }, "gpu0/identity", Warn, []string{"not measured: memory"}},
		{"nothing read", "A1", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.Name, g.PCIDeviceID = facts.UnavailableText[string]("x"), facts.UnavailableText[string]("x")
			g.MemoryTotalMiB, g.DefaultPowerLimitW, g.MaxSMClockMHz = facts.UnavailableText[int64]("x"), facts.UnavailableText[float64]("x"), facts.UnavailableText[int]("x")
		}, "gpu0/identity", Skip, nil},
		{"card unknown to the catalogue", "A1", func(a *planfile.Acceptance) { a.GPUIDs = []string{"b300"} }, nil, "gpu0/identity", Skip, []string{"gpu_ids b300"}},
		{"second of two plan cards matches", "A1", func(a *planfile.Acceptance) { a.GPUIDs = []string{"h200-141g", "h100-80g-sxm"} }, nil, "gpu0/identity", Pass, nil},
		// A1: memory.
		{"too little memory", "A1", func(a *planfile.Acceptance) { a.MinMemoryMiB = 90000 }, nil, "gpu0/memory", Fail, []string{"81559 MiB", "90000"}},
		// A1: MIG.
		{"MIG on", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.MIG = facts.Known(facts.Enabled) }, "gpu0/mig", Fail, []string{"MIG is on"}},
		{"MIG on after reset", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.MIGPending = facts.Known(facts.Enabled) }, "gpu0/mig", Warn, nil},
		{"MIG N/A on a Hopper", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.MIG = facts.UnavailableText[string]("N/A") }, "gpu0/mig", Skip, nil},
		{"MIG N/A on a GeForce", "A1", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.MIG = facts.UnavailableText[string]("N/A")
			g.Brand = facts.Known("GeForce")
		}, "gpu0/mig", Pass, []string{"no MIG"}},
		// K4: bare metal vs pass-through VM vs vGPU.
		{"pass-through is a VM", "K4", nil, func(_ *facts.Facts, g *facts.GPU) { g.Virtualization = facts.Known(facts.VirtPassthrough) }, "gpu0/virtualization", Fail, []string{"this is a VM", "passed through"}},
		{"pass-through allowed", "K4", func(a *planfile.Acceptance) { a.Virtualization = "vm-ok" }, func(_ *facts.Facts, g *facts.GPU) { g.Virtualization = facts.Known(facts.VirtPassthrough) }, "gpu0/virtualization", Pass, []string{"VM"}},
		{"vGPU slice refused by vm-ok", "K4", func(a *planfile.Acceptance) { a.Virtualization = "vm-ok" }, func(_ *facts.Facts, g *facts.GPU) { g.Virtualization = facts.Known(facts.VirtVGPU) }, "gpu0/virtualization", Fail, []string{"vGPU slice"}},
		{"vGPU host", "K4", nil, func(_ *facts.Facts, g *facts.GPU) { g.Virtualization = facts.Known(facts.VirtHostVGPU) }, "gpu0/virtualization", Fail, []string{"hypervisor"}},
		{"virtualisation from CSV", "K4", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.Virtualization = facts.UnavailableText[string]("not in the columns")
		}, "gpu0/virtualization", Skip, nil},
		// A3: NVLink and topology.
		{"one NVLink down", "A3", nil, func(_ *facts.Facts, g *facts.GPU) {
			l, _ := g.NVLinks.Get()
			l = append([]facts.NVLink(nil), l...)
			l[3].State = facts.LinkInactive
			g.NVLinks = facts.Known(l)
		}, "gpu0/nvlink", Fail, []string{"17 active", "18"}},
		{"no NVLink at all", "A3", nil, func(_ *facts.Facts, g *facts.GPU) { g.NVLinks = facts.Known([]facts.NVLink{}) }, "gpu0/nvlink", Fail, []string{"0 active"}},
		{"NVLink unknown (nvidia-smi -q)", "A3", nil, func(_ *facts.Facts, g *facts.GPU) { g.NVLinks = facts.UnavailableText[[]facts.NVLink]("not in -q") }, "gpu0/nvlink", Skip, nil},
		{"a pair over PCIe", "A3", nil, func(f *facts.Facts, _ *facts.GPU) {
			p, _ := f.Topology.Get()
			p = append([]facts.GPUPair(nil), p...)
			p[0].Link = "SYS"
			f.Topology = facts.Known(p)
		}, "topology", Fail, []string{"GPU0-GPU1 SYS"}},
		{"topology unknown", "A3", nil, func(f *facts.Facts, _ *facts.GPU) { f.Topology = facts.UnavailableText[[]facts.GPUPair]("not in -q") }, "topology", Skip, nil},
		// A3: PCIe width and generation.
		{"x8 below plan x16", "A3", nil, func(_ *facts.Facts, g *facts.GPU) { g.PCIe.WidthCurrent = facts.Known(8) }, "gpu0/pcie_width", Fail, []string{"x8", "x16"}},
		{"x8 of x16, plan x8", "A3", func(a *planfile.Acceptance) { a.MinPCIeWidth = 8 }, func(_ *facts.Facts, g *facts.GPU) { g.PCIe.WidthCurrent = facts.Known(8) }, "gpu0/pcie_width", Warn, []string{"x8 of its x16"}},
		{"idle Gen1 judged on max", "A3", nil, func(_ *facts.Facts, g *facts.GPU) { g.PCIe.GenCurrent = facts.Known(1) }, "gpu0/pcie_gen", Pass, []string{"now Gen1"}},
		{"GPU max Gen4 on a Gen5 card", "A3", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.PCIe.GenDeviceMax, g.PCIe.GenMax = facts.Known(4), facts.Known(4)
		}, "gpu0/pcie_gen", Fail, []string{"at most Gen4"}},
		{"host limits to Gen4", "A3", nil, func(_ *facts.Facts, g *facts.GPU) { g.PCIe.GenMax = facts.Known(4) }, "gpu0/pcie_gen", Warn, []string{"host"}},
		// A1: ECC.
		{"ECC off", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.ECCMode = facts.Known(facts.Disabled) }, "gpu0/ecc_mode", Fail, []string{"ECC is disabled"}},
		{"ECC off after reboot", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.ECCModePending = facts.Known(facts.Disabled) }, "gpu0/ecc_mode", Warn, nil},
		{"ECC not supported", "A1", nil, func(_ *facts.Facts, g *facts.GPU) { g.ECCMode = facts.UnavailableText[string]("N/A") }, "gpu0/ecc_mode", Skip, nil},
		// A4: ECC errors and memory wear.
		{"uncorrectable ECC", "A4", nil, func(_ *facts.Facts, g *facts.GPU) { g.ECCUncorrectableVolatile = facts.Known[int64](2) }, "gpu0/ecc_errors", Fail, []string{"2 uncorrectable"}},
		{"lifetime ECC only", "A4", nil, func(_ *facts.Facts, g *facts.GPU) { g.ECCUncorrectableAggregate = facts.Known[int64](5) }, "gpu0/ecc_errors", Warn, []string{"used card"}},
		{"row remap pending", "A4", nil, func(_ *facts.Facts, g *facts.GPU) { g.RemappedRows.Pending = facts.Known(true) }, "gpu0/row_remapping", Fail, []string{"pending"}},
		{"row remap failed", "A4", nil, func(_ *facts.Facts, g *facts.GPU) { g.RemappedRows.Failure = facts.Known(true) }, "gpu0/row_remapping", Fail, []string{"replaced"}},
		{"rows remapped, repaired", "A4", nil, func(_ *facts.Facts, g *facts.GPU) { g.RemappedRows.Uncorrectable = facts.Known[int64](3) }, "gpu0/row_remapping", Warn, []string{"3 rows"}},
		{"GeForce remap counters ignored", "A4", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.Brand, g.Architecture = facts.Known("GeForce"), facts.Known("Ada Lovelace")
			g.RemappedRows.Pending = facts.Known(true)
		}, "gpu0/row_remapping", Skip, []string{"gpud PR #351"}},
		{"Volta uses retired pages", "A4", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.Architecture = facts.Known("Volta")
			g.RetiredPages = facts.RetiredPages{SingleBit: facts.Known[int64](0), DoubleBit: facts.Known[int64](2), Pending: facts.Known(true)}
		}, "gpu0/page_retirement", Fail, []string{"retirement pending", "2 pages"}},
		{"Volta, pages retired, none pending", "A4", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.Architecture = facts.Known("Volta")
			g.RetiredPages = facts.RetiredPages{SingleBit: facts.Known[int64](1), DoubleBit: facts.Known[int64](0), Pending: facts.Known(false)}
		}, "gpu0/page_retirement", Warn, []string{"1 memory pages"}},
		// A2: throttling and power capping.
		{"HW slowdown", "A2", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.ClockEventReasons = facts.Known([]string{facts.ReasonHWSlowdown})
		}, "gpu0/throttle", Fail, []string{"hw_slowdown"}},
		{"HW thermal slowdown", "A2", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.ClockEventReasons = facts.Known([]string{facts.ReasonHWThermalSlowdown})
		}, "gpu0/throttle", Fail, []string{"hw_thermal_slowdown"}},
		{"HW power brake", "A2", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.ClockEventReasons = facts.Known([]string{facts.ReasonSWPowerCap, facts.ReasonHWPowerBrakeSlowdown})
		}, "gpu0/throttle", Fail, []string{"hw_power_brake_slowdown"}},
		{"SW power cap", "A2", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.ClockEventReasons = facts.Known([]string{facts.ReasonSWPowerCap})
		}, "gpu0/throttle", Warn, []string{"sw_power_cap"}},
		{"no reasons at all", "A2", nil, func(_ *facts.Facts, g *facts.GPU) { g.ClockEventReasons = facts.Known([]string{}) }, "gpu0/throttle", Pass, nil},
		{"reasons unknown", "A2", nil, func(_ *facts.Facts, g *facts.GPU) { g.ClockEventReasons = facts.UnavailableText[[]string]("N/A") }, "gpu0/throttle", Skip, nil},
		{"power-capped by the vendor", "A2", nil, func(_ *facts.Facts, g *facts.GPU) { g.EnforcedPowerLimitW = facts.Known(400.0) }, "gpu0/power_limit", Fail, []string{"power-capped at 400 W", "700 W"}},
		{"persistence off", "A2", nil, func(_ *facts.Facts, g *facts.GPU) { g.PersistenceMode = facts.Known(facts.Disabled) }, "gpu0/persistence", Warn, []string{"nvidia-persistenced"}},
		// A4: a GPU that fell off the bus fails, it is not skipped.
		{"GPU lost", "A4", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.Name = facts.UnavailableText[string]("NVML: GPU is lost (ERROR_GPU_IS_LOST)")
		}, "gpu0/reachable", Fail, []string{"lost"}},
		{"nvidia-smi: GPU requires reset", "A4", nil, func(_ *facts.Facts, g *facts.GPU) {
			g.UUID = facts.UnavailableText[string](`nvidia-smi says "GPU requires reset"`)
		}, "gpu0/reachable", Fail, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			acc := h100Plan()
			if c.plan != nil {
				c.plan(&acc)
			}
			f := box()
			if c.mutate != nil {
				c.mutate(f, &f.GPUs[0])
			}
			r := find(t, Check(acc, f), c.id)
			if r.Status != c.want {
				t.Errorf("status %s, want %s: %s", r.Status, c.want, r.Message)
			}
			if r.Rule != c.rule {
				t.Errorf("rule %s, want %s", r.Rule, c.rule)
			}
			for _, w := range c.words {
				if !strings.Contains(r.Message, w) && !strings.Contains(r.Measured, w) {
					t.Errorf("message %q (measured %q) lacks %q", r.Message, r.Measured, w)
				}
			}
			if r.Expected == "" || r.Measured == "" || r.Message == "" {
				t.Errorf("empty field in %+v", r)
			}
		})
	}
}

// TestNotAskedNotRun: checks the plan does not ask for are not in the
// results.
func TestNotAskedNotRun(t *testing.T) {
	acc := h100Plan()
	acc.MIG, acc.Virtualization, acc.Interconnect, acc.ECC, acc.MinDriver, acc.MinMemoryMiB = "allowed", "any", "pcie", "any", "", 0
	for _, r := range Check(acc, box()) {
		for _, id := range []string{"driver", "topology", "/mig", "/virtualization", "/nvlink", "/ecc_mode", "/memory"} {
			if strings.HasSuffix(r.ID, id) {
				t.Errorf("%s ran, but the plan does not ask for it", r.ID)
			}
		}
	}
}

// TestInfiniBand: NVML cannot see the network, so a plan that needs
// InfiniBand gets a skip that says how it is measured (gpuverify merge
// across the nodes), never a pass; the skip does not make one node's
// report incomplete, since the fleet merge is where the network is judged.
func TestInfiniBand(t *testing.T) {
	acc := h100Plan()
	acc.Interconnect = "nvlink+ib"
	r := find(t, Check(acc, box()), "infiniband")
	if r.Status != Skip || r.Rule != "A3" || !strings.Contains(r.Message, "gpuverify merge") || Demanded(r.ID) {
		t.Errorf("%+v (demanded %v)", r, Demanded(r.ID))
	}
	if find(t, Check(acc, box()), "topology").Status != Pass {
		t.Error("nvlink+ib does not check the NVLink topology")
	}
}

func TestNilFacts(t *testing.T) {
	rs := Check(h100Plan(), nil)
	if r := find(t, rs, "gpu_count"); r.Status != Fail {
		t.Errorf("gpu_count on nil facts: %s", r.Status)
	}
	if !Failed(rs) {
		t.Error("Failed: false on a server with no GPU")
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
		ok   bool
	}{
		{"535.104.05", "535.54.03", 1, true}, // string order says -1
		{"535.104.05", "535.104.5", 0, true},
		{"535", "535.0", 0, true},
		{"470.82.01", "535", -1, true},
		{"550.54.15", "550.54.15", 0, true},
		{"r535", "535", 0, false},
		{"535..1", "535", 0, false},
		{"", "535", 0, false},
	} {
		got, ok := compareVersions(c.a, c.b)
		if got != c.want || ok != c.ok {
			t.Errorf("compareVersions(%q, %q) = %d, %v; want %d, %v", c.a, c.b, got, ok, c.want, c.ok)
		}
	}
}

// TestGPUCountPerNode: on a multi-node plan each server is checked for its
// own share (rule A1): 8 of 24 passes, 7 fails.
func TestGPUCountPerNode(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want Status
	}{{8, Pass}, {7, Fail}, {24, Fail}} {
		f := facts.New(facts.SourceXML)
		f.AttachedGPUs = facts.Known(tt.n)
		f.GPUs = make([]facts.GPU, tt.n)
		r := run{acc: planfile.Acceptance{GPUCount: 24, GPUsPerNode: 8}, f: f}
		got := r.gpuCount()
		if got.Status != tt.want || !strings.Contains(got.Message, "on this node (24 in all)") {
			t.Errorf("%d GPUs: %s %q", tt.n, got.Status, got.Message)
		}
	}
}

// TestGPUCountFromListed: the count is the GPUs listed, not the header's
// "Attached GPUs". The capture is the 8x RTX 4090 output cut
// to its first GPU under a header announcing 4 (testdata/README.md): a
// plan for 4 fails gpu_count, a plan for 1 passes it, and both get
// gpu_listing naming the two counts.
func TestGPUCountFromListed(t *testing.T) {
	f := parseFixture(t, "testdata/derived__4090-header4-listed1.txt")
	for _, tt := range []struct {
		plan int
		want Status
		msg  string
	}{
		{4, Fail, "1 GPU listed, the plan expects 4 (see gpu_listing): record it and open a ticket (rule A4)"},
		{1, Pass, "1 GPU listed, the plan expects 1 (see gpu_listing)"},
	} {
		rs := Check(planFor(tt.plan, []string{"rtx-4090"}), f)
		count := find(t, rs, "gpu_count")
		if count.Status != tt.want || count.Message != tt.msg || count.Measured != "1 GPU listed (the header announces 4)" {
			t.Errorf("plan %d: gpu_count %s %q, measured %q", tt.plan, count.Status, count.Message, count.Measured)
		}
		listing := find(t, rs, "gpu_listing")
		if listing.Status != Warn || listing.Expected != "the 4 GPUs the header announces, each listed" || listing.Measured != "1 listed" {
			t.Errorf("plan %d: gpu_listing %s, expected %q, measured %q", tt.plan, listing.Status, listing.Expected, listing.Measured)
		}
	}
}

// BenchmarkCheck runs every check on the 8x H100 fixture.
func BenchmarkCheck(b *testing.B) {
	f := parseFixture(b, fx("gpud__nvidia-smi-query.535.183.01.out.0.valid"))
	acc := planFor(8, []string{"h100-80g-sxm"}, nvlink, vmOK, eccOn, minMem(80000), minDriver("535.104.05"))
	b.ReportAllocs()
	for b.Loop() {
		Check(acc, f)
	}
}
