package acceptance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// memory checks the framebuffer against min_memory_mib (rule A1).
func (r *run) memory(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "memory"), Rule: "A1"}
	res.Expect(msg.New("acc.x.mib", mib(int64(r.acc.MinMemoryMiB))))
	m, ok := g.MemoryTotalMiB.Get()
	if !ok {
		return res.unknown(g.MemoryTotalMiB.Reason(), msg.New("acc.memory.skip"))
	}
	res.Measure(msg.New("acc.m.mib", mib(m)))
	if m < int64(r.acc.MinMemoryMiB) {
		res.Say(Fail, msg.New("acc.memory.fail", msg.Int(g.Index), mib(m), mib(int64(r.acc.MinMemoryMiB))))
		return res
	}
	res.Say(Pass, msg.New("acc.memory.pass", mib(m), mib(int64(r.acc.MinMemoryMiB))))
	return res
}

// mig checks that MIG is off when the plan says "off" (rule A1: a MIG slice
// is not the card and memory the contract names).
func (r *run) mig(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "mig"), Rule: "A1"}
	res.Expect(msg.New("acc.x.mig"))
	mode, ok := g.MIG.Get()
	if !ok {
		res.Measure(unavailable(g.MIG.Reason()))
		if noMIG(g) {
			res.Say(Pass, msg.New("acc.mig.none"))
			return res
		}
		res.Say(Skip, msg.New("acc.mig.skip"))
		return res
	}
	var then msg.M
	if pending, ok := g.MIGPending.Get(); ok && pending != mode {
		then = msg.New("acc.m.mig.pending", word(pending))
	}
	res.Measure(msg.New("acc.m.mig", word(mode), opt(then)))
	switch {
	case mode == facts.Enabled:
		res.Say(Fail, msg.New("acc.mig.fail", msg.Int(g.Index), opt(migCount(g))))
	case g.MIGPending.Or("") == facts.Enabled:
		res.Say(Warn, msg.New("acc.mig.pending"))
	default:
		res.Say(Pass, msg.New("acc.mig.pass"))
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

// migCount says how many MIG devices g has, when it lists them.
func migCount(g facts.GPU) msg.M {
	if d, ok := g.MIGDevices.Get(); ok && len(d) > 0 {
		return msg.New("acc.mig.devices", msg.Int(len(d)))
	}
	return msg.M{}
}

// mib is a memory size in MiB as the facts give it, without separators,
// as the expected and measured values write it.
func mib(n int64) msg.Arg { return msg.Text(strconv.FormatInt(n, 10)) }

// count is an error or page count.
func count(n int64) msg.Arg { return msg.Int(int(n)) }

// and joins names with "and": "a and b and c" ("a和b和c").
func and(names []string) msg.M {
	if len(names) == 1 {
		return msg.New("acc.text", msg.Text(names[0]))
	}
	return msg.New("common.list2", msg.Text(names[0]), msg.Sub(and(names[1:])))
}

// virtualization checks bare metal vs VM vs vGPU against the plan (rule K4:
// the contract says bare metal or virtualised; checked on delivery, A1).
func (r *run) virtualization(g facts.GPU) Result {
	want := r.acc.Virtualization
	res := Result{ID: gpuID(g, "virtualization"), Rule: "K4"}
	if want == "bare-metal" {
		res.Expect(msg.New("acc.x.virt.bare"))
	} else {
		res.Expect(msg.New("acc.x.virt.vm"))
	}
	mode, ok := g.Virtualization.Get()
	if !ok {
		return res.unknown(g.Virtualization.Reason(), msg.New("acc.virt.skip"))
	}
	res.Measure(virtName(mode))
	switch {
	case mode == facts.VirtNone:
		res.Say(Pass, msg.New("acc.virt.bare"))
	case mode == facts.VirtPassthrough && want == "vm-ok":
		res.Say(Pass, msg.New("acc.virt.passthrough_ok"))
	case mode == facts.VirtPassthrough:
		res.Say(Fail, msg.New("acc.virt.passthrough"))
	case mode == facts.VirtVGPU:
		res.Say(Fail, msg.New("acc.virt.vgpu"))
	default:
		res.Say(Fail, msg.New("acc.virt.host", msg.Sub(virtName(mode))))
	}
	return res
}

// virtName names a facts virtualisation mode ("acc.virt.mode.<mode>"); a
// mode the catalogue does not know is written as the facts give it.
func virtName(mode string) msg.M {
	if msg.Known("acc.virt.mode." + mode) {
		return msg.New("acc.virt.mode." + mode)
	}
	return msg.New("acc.text", msg.Text(mode))
}

// nvlink checks the active NVLink links of g against the card's count
// (rule A3).
func (r *run) nvlink(g facts.GPU, card catalog.Card, hasCard bool) Result {
	want := 1
	res := Result{ID: gpuID(g, "nvlink"), Rule: "A3"}
	res.Expect(msg.New("acc.x.nvlink.one"))
	if hasCard && card.NVLinkLinks > 0 {
		want = card.NVLinkLinks
		res.Expect(msg.New("acc.x.nvlink", msg.Int(want), msg.Text(card.ID)))
	}
	links, ok := g.NVLinks.Get()
	if !ok {
		return res.unknown(g.NVLinks.Reason(), msg.New("acc.nvlink.skip"))
	}
	active := 0
	for _, l := range links {
		if l.State == facts.LinkActive {
			active++
		}
	}
	res.Measure(msg.New("acc.m.nvlink", msg.Int(active), msg.Int(len(links))))
	if active < want {
		res.Say(Fail, msg.New("acc.nvlink.fail", msg.Int(g.Index), msg.Int(active), msg.Int(want)))
		return res
	}
	res.Say(Pass, msg.New("acc.nvlink.pass", msg.Int(active)))
	return res
}

// pcieWidth checks the PCIe link width (rule A3). The width is reliable at
// idle, unlike the generation.
func (r *run) pcieWidth(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "pcie_width"), Rule: "A3"}
	var least msg.M
	if r.acc.MinPCIeWidth > 0 {
		least = msg.New("acc.x.pcie_width.min", num(r.acc.MinPCIeWidth))
	}
	res.Expect(msg.New("acc.x.pcie_width", opt(least)))
	cur, ok := g.PCIe.WidthCurrent.Get()
	if !ok {
		return res.unknown(g.PCIe.WidthCurrent.Reason(), msg.New("acc.pcie_width.skip"))
	}
	var of msg.M
	max, hasMax := g.PCIe.WidthMax.Get()
	if hasMax {
		of = msg.New("acc.m.pcie_width.max", num(max))
	}
	res.Measure(msg.New("acc.m.pcie_width", num(cur), opt(of)))
	switch {
	case r.acc.MinPCIeWidth > 0 && cur < r.acc.MinPCIeWidth:
		res.Say(Fail, msg.New("acc.pcie_width.fail", msg.Int(g.Index), msg.Int(cur), msg.Int(r.acc.MinPCIeWidth)))
	case hasMax && cur < max:
		res.Say(Warn, msg.New("acc.pcie_width.warn", msg.Int(g.Index), msg.Int(cur), msg.Int(max)))
	case !hasMax && r.acc.MinPCIeWidth == 0:
		res.Say(Skip, msg.New("acc.pcie_width.nomax"))
	default:
		res.Say(Pass, msg.New("acc.pcie_width.pass", msg.Int(cur)))
	}
	return res
}

// pcieGen checks the PCIe generation against the card's, judged on the
// maximum and not the current generation: GPUs drop to Gen1 at idle (the
// 4090 fixture: Gen1 of 4), so a low current generation is only a note.
func (r *run) pcieGen(g facts.GPU, card catalog.Card, hasCard bool) Result {
	res := Result{ID: gpuID(g, "pcie_gen"), Rule: "A3"}
	p := g.PCIe
	linkMax, hasLinkMax := p.GenMax.Get()
	devMax, hasDevMax := p.GenDeviceMax.Get()
	cur, hasCur := p.GenCurrent.Get()
	res.Measure(genMeasured(p))
	if !hasLinkMax && !hasDevMax {
		res.Expect(msg.New("acc.x.pcie_gen.any"))
		res.Say(Skip, msg.New("acc.pcie_gen.skip", msg.Text(p.GenMax.String())))
		return res
	}
	if !hasCard || !card.PCIeGen.Known() {
		res.Expect(msg.New("acc.x.pcie_gen.any"))
		res.Say(Skip, msg.New("acc.pcie_gen.nocard"))
		return res
	}
	want := int(card.PCIeGen.Value)
	res.Expect(msg.New("acc.x.pcie_gen", num(want), msg.Text(card.ID)))
	var note msg.M
	top := linkMax
	if !hasLinkMax {
		top = devMax
	}
	if hasCur && cur < top {
		note = msg.New("acc.pcie_gen.idle", msg.Int(cur))
	}
	switch {
	case hasDevMax && devMax < want:
		res.Say(Fail, msg.New("acc.pcie_gen.fail", msg.Int(g.Index), msg.Int(devMax), msg.Text(card.Name), msg.Int(want), opt(note)))
	case hasLinkMax && linkMax < want:
		res.Say(Warn, msg.New("acc.pcie_gen.warn", msg.Int(linkMax), msg.Int(want), opt(note)))
	default:
		res.Say(Pass, msg.New("acc.pcie_gen.pass", msg.Int(top), opt(note)))
	}
	return res
}

// genMeasured is the link's generations: "max Gen4, GPU max Gen5,
// current Gen1".
func genMeasured(p facts.PCIe) msg.M {
	parts := []msg.M{msg.New("acc.m.gen.max", genText(p.GenMax))}
	if p.GenDeviceMax.OK() {
		parts = append(parts, msg.New("acc.m.gen.device", genText(p.GenDeviceMax)))
	}
	parts = append(parts, msg.New("acc.m.gen.current", genText(p.GenCurrent)))
	return joined("acc.comma", parts)
}

func genText(v facts.Value[int]) msg.Arg {
	if n, ok := v.Get(); ok {
		return msg.Text(fmt.Sprintf("Gen%d", n))
	}
	return msg.Sub(unavailable(v.Reason()))
}

// num is a small number (a PCIe width or generation) written without
// separators, as the expected and measured values write it.
func num(n int) msg.Arg { return msg.Text(strconv.Itoa(n)) }

// eccMode checks that ECC is on when the plan asks for it (rule A1).
func (r *run) eccMode(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "ecc_mode"), Rule: "A1"}
	res.Expect(msg.New("acc.x.ecc_mode"))
	mode, ok := g.ECCMode.Get()
	if !ok {
		return res.unknown(g.ECCMode.Reason(), msg.New("acc.ecc_mode.skip"))
	}
	var then msg.M
	if pending, ok := g.ECCModePending.Get(); ok && pending != mode {
		then = msg.New("acc.m.ecc_mode.pending", word(pending))
	}
	res.Measure(msg.New("acc.m.ecc_mode", word(mode), opt(then)))
	switch {
	case mode != facts.Enabled:
		res.Say(Fail, msg.New("acc.ecc_mode.fail", msg.Text(mode), msg.Int(g.Index)))
	case g.ECCModePending.Or(facts.Enabled) != facts.Enabled:
		res.Say(Warn, msg.New("acc.ecc_mode.pending"))
	default:
		res.Say(Pass, msg.New("acc.ecc_mode.pass"))
	}
	return res
}

// eccErrors checks for uncorrectable ECC errors since the driver loaded. A
// lifetime count above zero is a used card: a warning.
func (r *run) eccErrors(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "ecc_errors"), Rule: "A4"}
	res.Expect(msg.New("acc.x.ecc_errors"))
	n, ok := g.ECCUncorrectableVolatile.Get()
	if !ok {
		res.Measure(unavailable(g.ECCUncorrectableVolatile.Reason()))
		var off msg.M
		if g.ECCMode.Or("") == facts.Disabled {
			off = msg.New("acc.ecc_errors.off")
		}
		res.Say(Skip, msg.New("acc.ecc_errors.skip", opt(off)))
		return res
	}
	var lifetime msg.M
	agg, hasAgg := g.ECCUncorrectableAggregate.Get()
	if hasAgg {
		lifetime = msg.New("acc.m.ecc_errors.lifetime", mib(agg))
	}
	res.Measure(msg.New("acc.m.ecc_errors", mib(n), opt(lifetime)))
	switch {
	case n > 0:
		res.Say(Fail, msg.New("acc.ecc_errors.fail", msg.Int(g.Index), count(n)))
	case hasAgg && agg > 0:
		res.Say(Warn, msg.New("acc.ecc_errors.used", count(agg)))
	default:
		res.Say(Pass, msg.New("acc.ecc_errors.pass"))
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
	res := Result{ID: gpuID(g, "throttle"), Rule: "A2"}
	res.Expect(msg.New("acc.x.throttle"))
	reasons, ok := g.ClockEventReasons.Get()
	if !ok {
		return res.unknown(g.ClockEventReasons.Reason(), msg.New("acc.throttle.skip"))
	}
	res.Measure(msg.New("acc.m.throttle.none"))
	if len(reasons) > 0 {
		// The driver's names of the reasons, as it gives them.
		res.Measure(msg.New("acc.text", msg.Text(strings.Join(reasons, ", "))))
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
		res.Say(Fail, msg.New("acc.throttle.fail", msg.Int(g.Index), msg.Sub(and(hw))))
	case len(sw) > 0:
		res.Say(Warn, msg.New("acc.throttle.warn", msg.Int(g.Index), msg.Sub(and(sw))))
	default:
		res.Say(Pass, msg.New("acc.throttle.pass"))
	}
	return res
}

// powerLimit checks that nobody capped the power below the board's default
// (rule A2: a power-capped card is a clock-limited card).
func (r *run) powerLimit(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "power_limit"), Rule: "A2"}
	res.Expect(msg.New("acc.x.power.any"))
	def, okDef := g.DefaultPowerLimitW.Get()
	enf, okEnf := g.EnforcedPowerLimitW.Get()
	if !okDef || !okEnf {
		res.Measure(msg.New("acc.m.power.unread", wattText(g.DefaultPowerLimitW), wattText(g.EnforcedPowerLimitW)))
		res.Say(Skip, msg.New("acc.power.skip"))
		return res
	}
	res.Expect(msg.New("acc.x.power", msg.Text(trimFloat(def))))
	res.Measure(msg.New("acc.m.power", msg.Text(trimFloat(enf)), msg.Text(trimFloat(def))))
	if enf < def-0.5 {
		res.Say(Fail, msg.New("acc.power.fail", msg.Int(g.Index), msg.Text(trimFloat(enf)), msg.Text(trimFloat(def))))
		return res
	}
	res.Say(Pass, msg.New("acc.power.pass"))
	return res
}

func wattText(v facts.Value[float64]) msg.Arg {
	if w, ok := v.Get(); ok {
		return msg.Sub(msg.New("acc.m.watt", msg.Text(trimFloat(w))))
	}
	return msg.Sub(unavailable(v.Reason()))
}

// persistence advises persistence mode (rule A2: without it the driver
// unloads between jobs and the first CUDA call of each job is slow).
func (r *run) persistence(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "persistence"), Rule: "A2"}
	res.Expect(msg.New("acc.x.persistence"))
	mode, ok := g.PersistenceMode.Get()
	if !ok {
		return res.unknown(g.PersistenceMode.Reason(), msg.New("acc.persistence.skip"))
	}
	res.Measure(msg.New("acc.m.persistence", word(mode)))
	if mode != facts.Enabled {
		res.Say(Warn, msg.New("acc.persistence.warn"))
		return res
	}
	res.Say(Pass, msg.New("acc.persistence.pass"))
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
