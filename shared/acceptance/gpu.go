package acceptance

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/facts"
)

// memory checks the framebuffer against min_memory_mib (rule A1).
func (r *run) memory(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "memory"), Rule: "A1", Expected: fmt.Sprintf("≥ %d MiB", r.acc.MinMemoryMiB)}
	m, ok := g.MemoryTotalMiB.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.MemoryTotalMiB.String()
		res.Message = "the GPU memory size was not reported"
		return res
	}
	res.Measured = fmt.Sprintf("%d MiB", m)
	if m < int64(r.acc.MinMemoryMiB) {
		res.Status = Fail
		res.Message = fmt.Sprintf("GPU %d has %d MiB, the plan needs at least %d MiB per GPU", g.Index, m, r.acc.MinMemoryMiB)
		return res
	}
	res.Status = Pass
	res.Message = fmt.Sprintf("%d MiB is at least the %d MiB the plan needs", m, r.acc.MinMemoryMiB)
	return res
}

// mig checks that MIG is off when the plan says "off" (rule A1: a MIG slice
// is not the card and memory the contract names).
func (r *run) mig(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "mig"), Rule: "A1", Expected: "MIG disabled"}
	mode, ok := g.MIG.Get()
	if !ok {
		res.Measured = g.MIG.String()
		if noMIG(g) {
			res.Status = Pass
			res.Message = "this GPU has no MIG (GeForce cards and GPUs before Ampere do not support it)"
			return res
		}
		res.Status = Skip
		res.Message = "the MIG mode was not reported"
		return res
	}
	res.Measured = "MIG " + mode
	if pending, ok := g.MIGPending.Get(); ok && pending != mode {
		res.Measured += ", " + pending + " after the next reset"
	}
	switch {
	case mode == facts.Enabled:
		res.Status = Fail
		res.Message = fmt.Sprintf("MIG is on: GPU %d is split into slices%s, the plan wants the whole GPU", g.Index, migCount(g))
	case g.MIGPending.Or("") == facts.Enabled:
		res.Status = Warn
		res.Message = "MIG is off now but will be on after the next GPU reset"
	default:
		res.Status = Pass
		res.Message = "MIG is off: the whole GPU is available"
	}
	return res
}

// noMIG reports whether g is a GPU without MIG support: a GeForce or Titan
// card, or an architecture before Ampere.
func noMIG(g facts.GPU) bool {
	if consumer(g) {
		return true
	}
	gen, ok := archRank(g.Architecture.Or(""))
	return ok && gen < rankAmpere
}

func migCount(g facts.GPU) string {
	if d, ok := g.MIGDevices.Get(); ok && len(d) > 0 {
		return fmt.Sprintf(" (%d MIG devices)", len(d))
	}
	return ""
}

// virtualization checks bare metal vs VM vs vGPU against the plan (rule K4:
// the contract says bare metal or virtualised; checked on delivery, A1).
func (r *run) virtualization(g facts.GPU) Result {
	want := r.acc.Virtualization
	res := Result{ID: gpuID(g, "virtualization"), Rule: "K4"}
	if want == "bare-metal" {
		res.Expected = "bare metal (no virtualisation)"
	} else {
		res.Expected = "bare metal or a whole GPU passed through to a VM"
	}
	mode, ok := g.Virtualization.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.Virtualization.String()
		res.Message = "the virtualisation mode was not reported (nvidia-smi --query-gpu has no such column; use nvidia-smi -q -x)"
		return res
	}
	res.Measured = virtName(mode)
	switch {
	case mode == facts.VirtNone:
		res.Status = Pass
		res.Message = "bare metal: the driver sees no virtualisation"
	case mode == facts.VirtPassthrough && want == "vm-ok":
		res.Status = Pass
		res.Message = "a VM with the whole GPU passed through, which the plan allows"
	case mode == facts.VirtPassthrough:
		res.Status = Fail
		res.Message = "this is a VM: the GPU is passed through to a virtual machine, but the plan asks for bare metal"
	case mode == facts.VirtVGPU:
		res.Status = Fail
		res.Message = "this is a vGPU slice inside a VM: a share of a GPU, not the whole GPU the plan asks for"
	default:
		res.Status = Fail
		res.Message = "the GPU is in " + virtName(mode) + " mode: the machine is a hypervisor sharing it with guests, not what the plan asks for"
	}
	return res
}

func virtName(mode string) string {
	switch mode {
	case facts.VirtNone:
		return "bare metal"
	case facts.VirtPassthrough:
		return "pass-through VM"
	case facts.VirtVGPU:
		return "vGPU slice in a VM"
	case facts.VirtHostVGPU:
		return "vGPU host"
	case facts.VirtHostVSGA:
		return "vSGA host"
	}
	return mode
}

// nvlink checks the active NVLink links of g against the card's count
// (rule A3).
func (r *run) nvlink(g facts.GPU, card catalog.Card, hasCard bool) Result {
	want := 1
	res := Result{ID: gpuID(g, "nvlink"), Rule: "A3", Expected: "at least 1 active NVLink link"}
	if hasCard && card.NVLinkLinks > 0 {
		want = card.NVLinkLinks
		res.Expected = fmt.Sprintf("%d active NVLink links (%s)", want, card.ID)
	}
	links, ok := g.NVLinks.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.NVLinks.String()
		res.Message = "the NVLink links were not reported"
		return res
	}
	active := 0
	for _, l := range links {
		if l.State == facts.LinkActive {
			active++
		}
	}
	res.Measured = fmt.Sprintf("%d of %d links active", active, len(links))
	if active < want {
		res.Status = Fail
		res.Message = fmt.Sprintf("GPU %d has %d active NVLink links, the plan's card has %d: a PCIe card, a cut-down part or a faulty link", g.Index, active, want)
		return res
	}
	res.Status = Pass
	res.Message = fmt.Sprintf("%d NVLink links active", active)
	return res
}

// pcieWidth checks the PCIe link width (rule A3). The width is reliable at
// idle, unlike the generation.
func (r *run) pcieWidth(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "pcie_width"), Rule: "A3", Expected: "the card's full width"}
	if r.acc.MinPCIeWidth > 0 {
		res.Expected += fmt.Sprintf(", at least x%d", r.acc.MinPCIeWidth)
	}
	cur, ok := g.PCIe.WidthCurrent.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.PCIe.WidthCurrent.String()
		res.Message = "the PCIe link width was not reported"
		return res
	}
	res.Measured = fmt.Sprintf("x%d", cur)
	max, hasMax := g.PCIe.WidthMax.Get()
	if hasMax {
		res.Measured += fmt.Sprintf(" of x%d", max)
	}
	switch {
	case r.acc.MinPCIeWidth > 0 && cur < r.acc.MinPCIeWidth:
		res.Status = Fail
		res.Message = fmt.Sprintf("GPU %d runs at x%d, below the plan's x%d: a narrow slot, riser or bifurcation", g.Index, cur, r.acc.MinPCIeWidth)
	case hasMax && cur < max:
		res.Status = Warn
		res.Message = fmt.Sprintf("GPU %d runs at x%d of its x%d: check the slot and riser", g.Index, cur, max)
	case !hasMax && r.acc.MinPCIeWidth == 0:
		res.Status = Skip
		res.Message = "the maximum width was not reported and the plan sets no minimum: nothing to compare with"
	default:
		res.Status = Pass
		res.Message = fmt.Sprintf("the link runs at x%d", cur)
	}
	return res
}

// pcieGen checks the PCIe generation against the card's, judged on the
// maximum and not the current generation: GPUs drop to Gen1 at idle (the
// 4090 fixture: Gen1 of 4), so a low current generation is only a note
// (research/verifier.md §1, gotchas).
func (r *run) pcieGen(g facts.GPU, card catalog.Card, hasCard bool) Result {
	res := Result{ID: gpuID(g, "pcie_gen"), Rule: "A3"}
	p := g.PCIe
	linkMax, hasLinkMax := p.GenMax.Get()
	devMax, hasDevMax := p.GenDeviceMax.Get()
	cur, hasCur := p.GenCurrent.Get()
	res.Measured = genMeasured(p)
	if !hasLinkMax && !hasDevMax {
		res.Status = Skip
		res.Expected = "the card's PCIe generation"
		res.Message = "the maximum PCIe generation was not reported: " + p.GenMax.String()
		return res
	}
	if !hasCard || !card.PCIeGen.Known() {
		res.Status = Skip
		res.Expected = "the card's PCIe generation"
		res.Message = "no catalogue card to compare the generation with"
		return res
	}
	want := int(card.PCIeGen.Value)
	res.Expected = fmt.Sprintf("Gen%d (%s), judged on the maximum", want, card.ID)
	note := ""
	top := linkMax
	if !hasLinkMax {
		top = devMax
	}
	if hasCur && cur < top {
		note = fmt.Sprintf("; now Gen%d, as GPUs drop to a lower generation when idle (judged on the maximum)", cur)
	}
	switch {
	case hasDevMax && devMax < want:
		res.Status = Fail
		res.Message = fmt.Sprintf("GPU %d supports at most Gen%d, a %s supports Gen%d: a different card%s", g.Index, devMax, card.Name, want, note)
	case hasLinkMax && linkMax < want:
		res.Status = Warn
		res.Message = fmt.Sprintf("the link is limited to Gen%d, the card supports Gen%d: the host or slot is older%s", linkMax, want, note)
	default:
		res.Status = Pass
		res.Message = fmt.Sprintf("the link supports Gen%d%s", top, note)
	}
	return res
}

func genMeasured(p facts.PCIe) string {
	parts := []string{"max " + genText(p.GenMax)}
	if p.GenDeviceMax.OK() {
		parts = append(parts, "GPU max "+genText(p.GenDeviceMax))
	}
	parts = append(parts, "current "+genText(p.GenCurrent))
	return strings.Join(parts, ", ")
}

func genText(v facts.Value[int]) string {
	if n, ok := v.Get(); ok {
		return fmt.Sprintf("Gen%d", n)
	}
	return v.String()
}

// eccMode checks that ECC is on when the plan asks for it (rule A1).
func (r *run) eccMode(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "ecc_mode"), Rule: "A1", Expected: "ECC enabled"}
	mode, ok := g.ECCMode.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.ECCMode.String()
		res.Message = "the ECC mode was not reported: this GPU may not support ECC"
		return res
	}
	res.Measured = "ECC " + mode
	if pending, ok := g.ECCModePending.Get(); ok && pending != mode {
		res.Measured += ", " + pending + " after reboot"
	}
	switch {
	case mode != facts.Enabled:
		res.Status = Fail
		res.Message = fmt.Sprintf("ECC is %s on GPU %d, the plan asks for it on: ask the vendor to enable it (nvidia-smi -e 1, then reboot)", mode, g.Index)
	case g.ECCModePending.Or(facts.Enabled) != facts.Enabled:
		res.Status = Warn
		res.Message = "ECC is on now but will be off after the next reboot"
	default:
		res.Status = Pass
		res.Message = "ECC is on"
	}
	return res
}

// eccErrors checks for uncorrectable ECC errors since the driver loaded. A
// lifetime count above zero is a used card: a warning.
func (r *run) eccErrors(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "ecc_errors"), Rule: "A4", Expected: "0 uncorrectable ECC errors"}
	n, ok := g.ECCUncorrectableVolatile.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.ECCUncorrectableVolatile.String()
		res.Message = "uncorrectable ECC errors were not reported"
		if g.ECCMode.Or("") == facts.Disabled {
			res.Message += " (ECC is off, so none are counted)"
		}
		return res
	}
	res.Measured = fmt.Sprintf("%d since the driver loaded", n)
	agg, hasAgg := g.ECCUncorrectableAggregate.Get()
	if hasAgg {
		res.Measured += fmt.Sprintf(", %d lifetime", agg)
	}
	switch {
	case n > 0:
		res.Status = Fail
		res.Message = fmt.Sprintf("GPU %d has %d uncorrectable ECC errors since the driver loaded: faulty memory; record it and open a ticket (rule A4)", g.Index, n)
	case hasAgg && agg > 0:
		res.Status = Warn
		res.Message = fmt.Sprintf("no errors now, but %d uncorrectable errors over the GPU's lifetime: a used card", agg)
	default:
		res.Status = Pass
		res.Message = "no uncorrectable ECC errors"
	}
	return res
}

// throttle checks the clock event reasons active at the time of the
// snapshot (rule A2: the card must not be clock-limited). Hardware slowdown,
// hardware thermal slowdown and hardware power brake fail; a software power
// cap or software thermal slowdown is a warning. One snapshot is weak
// evidence (gpud judges HW slowdown over a 10-minute window); rerun under
// load or watch it with gpuverify monitor.
func (r *run) throttle(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "throttle"), Rule: "A2", Expected: "no hardware slowdown, thermal or power-brake throttling"}
	reasons, ok := g.ClockEventReasons.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.ClockEventReasons.String()
		res.Message = "the clock event (throttle) reasons were not reported"
		return res
	}
	res.Measured = "none active"
	if len(reasons) > 0 {
		res.Measured = strings.Join(reasons, ", ")
	}
	var hw, sw []string
	for _, why := range reasons {
		switch why {
		case facts.ReasonHWSlowdown, facts.ReasonHWThermalSlowdown, facts.ReasonHWPowerBrakeSlowdown:
			hw = append(hw, why)
		case facts.ReasonSWPowerCap, facts.ReasonSWThermalSlowdown:
			sw = append(sw, why)
		}
	}
	switch {
	case len(hw) > 0:
		res.Status = Fail
		res.Message = fmt.Sprintf("GPU %d is held back by %s at the time of the snapshot: power supply, cooling or a hardware fault; record it and open a ticket (rule A4)", g.Index, strings.Join(hw, " and "))
	case len(sw) > 0:
		res.Status = Warn
		res.Message = fmt.Sprintf("GPU %d is limited by %s: normal under full load, a concern at idle; watch it with gpuverify monitor", g.Index, strings.Join(sw, " and "))
	default:
		res.Status = Pass
		res.Message = "no throttling at the time of the snapshot"
	}
	return res
}

// powerLimit checks that nobody capped the power below the board's default
// (rule A2: a power-capped card is a clock-limited card).
func (r *run) powerLimit(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "power_limit"), Rule: "A2", Expected: "enforced power limit = default power limit"}
	def, okDef := g.DefaultPowerLimitW.Get()
	enf, okEnf := g.EnforcedPowerLimitW.Get()
	if !okDef || !okEnf {
		res.Status = Skip
		res.Measured = "default " + wattText(g.DefaultPowerLimitW) + ", enforced " + wattText(g.EnforcedPowerLimitW)
		res.Message = "the power limits were not reported"
		return res
	}
	res.Expected = fmt.Sprintf("enforced limit = default %s W", trimFloat(def))
	res.Measured = fmt.Sprintf("enforced %s W, default %s W", trimFloat(enf), trimFloat(def))
	if enf < def-0.5 {
		res.Status = Fail
		res.Message = fmt.Sprintf("GPU %d is power-capped at %s W, below its default %s W: it will run slower than the card you pay for", g.Index, trimFloat(enf), trimFloat(def))
		return res
	}
	res.Status = Pass
	res.Message = "the power limit is the board default"
	return res
}

func wattText(v facts.Value[float64]) string {
	if w, ok := v.Get(); ok {
		return trimFloat(w) + " W"
	}
	return v.String()
}

// persistence advises persistence mode (rule A2: without it the driver
// unloads between jobs and the first CUDA call of each job is slow).
func (r *run) persistence(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "persistence"), Rule: "A2", Expected: "persistence mode enabled (advice)"}
	mode, ok := g.PersistenceMode.Get()
	if !ok {
		res.Status, res.Measured = Skip, g.PersistenceMode.String()
		res.Message = "the persistence mode was not reported"
		return res
	}
	res.Measured = "persistence " + mode
	if mode != facts.Enabled {
		res.Status = Warn
		res.Message = "persistence mode is off: the driver reinitialises the GPU for every job; run nvidia-persistenced (or nvidia-smi -pm 1)"
		return res
	}
	res.Status = Pass
	res.Message = "persistence mode is on"
	return res
}

// consumer reports whether g is a GeForce or Titan card.
func consumer(g facts.GPU) bool {
	b := strings.ToLower(g.Brand.Or(""))
	n := strings.ToLower(g.Name.Or(""))
	return strings.HasPrefix(b, "geforce") || strings.HasPrefix(b, "titan") ||
		strings.Contains(n, "geforce") || strings.Contains(n, "titan")
}

// architectures in release order, as nvidia-smi and NVML name them.
var architectures = []string{"Kepler", "Maxwell", "Pascal", "Volta", "Turing", "Ampere", "Ada Lovelace", "Hopper", "Blackwell"}

var rankAmpere = slices.Index(architectures, "Ampere")

// archRank returns the position of an architecture in release order.
func archRank(arch string) (int, bool) {
	for i, a := range architectures {
		if strings.EqualFold(strings.TrimSpace(arch), a) {
			return i, true
		}
	}
	return 0, false
}
