//go:build linux && cgo

package nvml

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Facts reads every fact NVML gives about the driver and each GPU. Host
// facts are left to the caller (package host). A GPU that fails a call
// still gets an entry, with the reason on each fact it could not read.
func (s *Session) Facts(ctx context.Context) (*facts.Facts, error) {
	f := facts.New(facts.SourceNVML)
	f.Host = facts.NewHost(msg.New("facts.reason.nvml.no_host"))
	f.Timestamp = facts.Unavailable[string](facts.Reasons(msg.New("facts.reason.nvml_timestamp"), msg.New("facts.reason.own_time")))
	v, why := read(s.syms, symSystemGetDriverVersion, s.lib.SystemGetDriverVersion)
	f.DriverVersion = value(v, why, same[string])
	v, why = read(s.syms, symSystemGetNVMLVersion, s.lib.SystemGetNVMLVersion)
	f.NVMLVersion = value(v, why, same[string])
	cuda, why := read(s.syms, symSystemGetCudaDriverVersion, s.lib.SystemGetCudaDriverVersion)
	f.CUDADriverVersion = value(cuda, why, func(n int) string { return fmt.Sprintf("%d.%d", n/1000, n%1000/10) })
	f.AttachedGPUs = facts.Known(len(s.devices))
	for i, d := range s.devices {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f.GPUs = append(f.GPUs, s.gpu(i, d))
	}
	f.Topology = s.topology(f.GPUs)
	return f, nil
}

// NUMANodes returns the NUMA node NVML gives for each GPU, by index, for
// the cross-check against sysfs (package provenance).
func (s *Session) NUMANodes() map[int]facts.Value[int] {
	out := map[int]facts.Value[int]{}
	for i, d := range s.devices {
		n, why := read(s.syms, symNumaNode, d.GetNumaNodeId)
		out[i] = value(n, why, same[int])
	}
	return out
}

// gpu reads the facts of GPU i.
func (s *Session) gpu(i int, d Device) facts.GPU {
	g := facts.GPU{Index: i}
	str := func(sym []string, call func() (string, gonvml.Return)) facts.Value[string] {
		v, why := read(s.syms, sym, call)
		return value(v, why, strings.TrimSpace)
	}
	g.Name = str(symName, d.GetName)
	g.UUID = str(symUUID, d.GetUUID)
	g.Serial = str(symSerial, d.GetSerial)
	g.BoardPartNumber = str(symBoardPartNumber, d.GetBoardPartNumber)
	g.VBIOSVersion = str(symVbiosVersion, d.GetVbiosVersion)
	brand, why := read(s.syms, symBrand, d.GetBrand)
	g.Brand = enumValue(brands, brand, why, "facts.reason.nvml.unknown_brand")
	arch, why := read(s.syms, symArchitecture, d.GetArchitecture)
	g.Architecture = enumValue(architectures, arch, why, "facts.reason.nvml.unknown_architecture")
	s.pci(&g, d)
	s.memory(&g, d)
	s.ecc(&g, d)
	s.wear(&g, d)
	s.pcie(&g, d)
	s.clocksAndPower(&g, d)
	s.modes(&g, d)
	g.NVLinks = s.nvlinks(d)
	temp, why := read(s.syms, symTemperature, func() (uint32, gonvml.Return) { return d.GetTemperature(gonvml.TEMPERATURE_GPU) })
	g.TemperatureC = value(temp, why, func(t uint32) int { return int(t) })
	util, why := read(s.syms, symUtilization, d.GetUtilizationRates)
	g.UtilizationGPUPct = value(util, why, func(u gonvml.Utilization) int { return int(u.Gpu) })
	g.UtilizationMemoryPct = value(util, why, func(u gonvml.Utilization) int { return int(u.Memory) })
	return g
}

func (s *Session) pci(g *facts.GPU, d Device) {
	p, why := read(s.syms, symPciInfo, d.GetPciInfo)
	g.BusID = value(p, why, func(p gonvml.PciInfo) string { return cString(p.BusId[:]) })
	if why.IsZero() && g.BusID.Or("") == "" {
		g.BusID = facts.Unavailable[string](msg.New("facts.reason.nvml_bus_id"))
	}
	g.PCIDeviceID = value(p, why, func(p gonvml.PciInfo) string { return pciID(p.PciDeviceId) })
	g.PCISubsystemID = value(p, why, func(p gonvml.PciInfo) string { return pciID(p.PciSubSystemId) })
}

// memory prefers the _v2 call (R510), which also gives the reserved memory.
func (s *Session) memory(g *facts.GPU, d Device) {
	reserved := msg.New("facts.reason.nvml.needs", msg.Text("nvmlDeviceGetMemoryInfo_v2"), msg.Text("R510"))
	if s.syms.has(symMemoryInfoV2...) {
		m, why := read(s.syms, symMemoryInfoV2, d.GetMemoryInfo_v2)
		g.MemoryTotalMiB = value(m, why, func(m gonvml.Memory_v2) int64 { return mib(m.Total) })
		g.MemoryReservedMiB = value(m, why, func(m gonvml.Memory_v2) int64 { return mib(m.Reserved) })
		if why.IsZero() {
			return
		}
		reserved = why
	}
	m, why := read(s.syms, symMemoryInfo, d.GetMemoryInfo)
	g.MemoryTotalMiB = value(m, why, func(m gonvml.Memory) int64 { return mib(m.Total) })
	g.MemoryReservedMiB = facts.Unavailable[int64](reserved)
}

func (s *Session) ecc(g *facts.GPU, d Device) {
	type modes struct{ cur, pending gonvml.EnableState }
	m, why := read(s.syms, symEccMode, func() (modes, gonvml.Return) {
		cur, pending, ret := d.GetEccMode()
		return modes{cur, pending}, ret
	})
	g.ECCMode = value(m, why, func(m modes) string { return enabled(m.cur) })
	g.ECCModePending = value(m, why, func(m modes) string { return enabled(m.pending) })
	count := func(counter gonvml.EccCounterType) facts.Value[int64] {
		n, why := read(s.syms, symTotalEccErrors, func() (uint64, gonvml.Return) {
			return d.GetTotalEccErrors(gonvml.MEMORY_ERROR_TYPE_UNCORRECTED, counter)
		})
		return value(n, why, func(n uint64) int64 { return int64(n) })
	}
	g.ECCUncorrectableVolatile = count(gonvml.VOLATILE_ECC)
	g.ECCUncorrectableAggregate = count(gonvml.AGGREGATE_ECC)
}

// wear reads both generations of memory-repair counters; NVML answers
// NOT_SUPPORTED for the one a GPU does not have (and acceptance decides
// which applies from the architecture).
func (s *Session) wear(g *facts.GPU, d Device) {
	pages := func(cause gonvml.PageRetirementCause) facts.Value[int64] {
		p, why := read(s.syms, symRetiredPages, func() ([]uint64, gonvml.Return) { return d.GetRetiredPages(cause) })
		return value(p, why, func(p []uint64) int64 { return int64(len(p)) })
	}
	g.RetiredPages.SingleBit = pages(gonvml.PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS)
	g.RetiredPages.DoubleBit = pages(gonvml.PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR)
	pending, why := read(s.syms, symRetiredPending, d.GetRetiredPagesPendingStatus)
	g.RetiredPages.Pending = value(pending, why, func(e gonvml.EnableState) bool { return e == gonvml.FEATURE_ENABLED })

	type rows struct {
		corr, unc        int
		pending, failure bool
	}
	r, why := read(s.syms, symRemappedRows, func() (rows, gonvml.Return) {
		c, u, p, f, ret := d.GetRemappedRows()
		return rows{c, u, p, f}, ret
	})
	g.RemappedRows.Correctable = value(r, why, func(r rows) int64 { return int64(r.corr) })
	g.RemappedRows.Uncorrectable = value(r, why, func(r rows) int64 { return int64(r.unc) })
	g.RemappedRows.Pending = value(r, why, func(r rows) bool { return r.pending })
	g.RemappedRows.Failure = value(r, why, func(r rows) bool { return r.failure })
}

func (s *Session) pcie(g *facts.GPU, d Device) {
	num := func(sym []string, call func() (int, gonvml.Return)) facts.Value[int] {
		v, why := read(s.syms, sym, call)
		return value(v, why, same[int])
	}
	g.PCIe.GenCurrent = num(symCurrPcieGen, d.GetCurrPcieLinkGeneration)
	g.PCIe.GenMax = num(symMaxPcieGen, d.GetMaxPcieLinkGeneration)
	g.PCIe.GenDeviceMax = num(symGpuMaxPcieGen, d.GetGpuMaxPcieLinkGeneration)
	g.PCIe.GenHostMax = facts.Unavailable[int](msg.New("facts.reason.nvml_host_max"))
	g.PCIe.WidthCurrent = num(symCurrPcieWidth, d.GetCurrPcieLinkWidth)
	g.PCIe.WidthMax = num(symMaxPcieWidth, d.GetMaxPcieLinkWidth)
	replay, why := read(s.syms, symPcieReplay, d.GetPcieReplayCounter)
	g.PCIe.ReplayCount = value(replay, why, func(n int) int64 { return int64(n) })
}

func (s *Session) clocksAndPower(g *facts.GPU, d Device) {
	clock := func(t gonvml.ClockType) facts.Value[int] {
		v, why := read(s.syms, symMaxClock, func() (uint32, gonvml.Return) { return d.GetMaxClockInfo(t) })
		return value(v, why, func(v uint32) int { return int(v) })
	}
	g.MaxSMClockMHz = clock(gonvml.CLOCK_SM)
	g.MaxMemoryClockMHz = clock(gonvml.CLOCK_MEM)
	watts := func(sym []string, call func() (uint32, gonvml.Return)) facts.Value[float64] {
		v, why := read(s.syms, sym, call)
		return value(v, why, func(mw uint32) float64 { return float64(mw) / 1000 })
	}
	g.DefaultPowerLimitW = watts(symDefaultPowerLimit, d.GetPowerManagementDefaultLimit)
	g.EnforcedPowerLimitW = watts(symEnforcedPowerLimit, d.GetEnforcedPowerLimit)
	g.ClockEventReasons = s.reasons(d)
}

// reasons reads the clock event reasons: nvmlDeviceGetCurrentClocksEventReasons
// from R535, the older ...ThrottleReasons before.
func (s *Session) reasons(d Device) facts.Value[[]string] {
	sym, call := symEventReasons, d.GetCurrentClocksEventReasons
	if !s.syms.has(symEventReasons...) {
		sym, call = symThrottleReasons, d.GetCurrentClocksThrottleReasons
	}
	mask, why := read(s.syms, sym, call)
	return value(mask, why, facts.ReasonsFromMask)
}

func (s *Session) modes(g *facts.GPU, d Device) {
	pm, why := read(s.syms, symPersistenceMode, d.GetPersistenceMode)
	g.PersistenceMode = value(pm, why, enabled)
	cm, why := read(s.syms, symComputeMode, d.GetComputeMode)
	g.ComputeMode = enumValue(computeModes, cm, why, "facts.reason.nvml.unknown_compute_mode")
	vm, why := read(s.syms, symVirtualizationMode, d.GetVirtualizationMode)
	g.Virtualization = enumValue(virtModes, vm, why, "facts.reason.nvml.unknown_virtualization_mode")

	type mig struct{ cur, pending int }
	m, why := read(s.syms, symMigMode, func() (mig, gonvml.Return) {
		cur, pending, ret := d.GetMigMode()
		return mig{cur, pending}, ret
	})
	name := func(mode int) string {
		if mode == gonvml.DEVICE_MIG_ENABLE {
			return facts.Enabled
		}
		return facts.Disabled
	}
	g.MIG = value(m, why, func(m mig) string { return name(m.cur) })
	g.MIGPending = value(m, why, func(m mig) string { return name(m.pending) })
	switch {
	case !why.IsZero():
		g.MIGDevices = facts.Unavailable[[]facts.MIGDevice](why)
	case m.cur == gonvml.DEVICE_MIG_ENABLE:
		g.MIGDevices = facts.Unavailable[[]facts.MIGDevice](facts.Reasons(msg.New("facts.reason.mig_mode_only"), msg.New("facts.reason.hint_mig")))
	default:
		g.MIGDevices = facts.Known([]facts.MIGDevice{})
	}
}

// nvlinks reads every NVLink link. NOT_SUPPORTED on link 0 means the GPU
// has no NVLink; on a later link it marks the end of the links (an A100
// has 12, an H100 18).
func (s *Session) nvlinks(d Device) facts.Value[[]facts.NVLink] {
	if !s.syms.has(symNvLinkState...) {
		return facts.Unavailable[[]facts.NVLink](missing(symNvLinkState))
	}
	links := []facts.NVLink{}
	for l := 0; l < gonvml.NVLINK_MAX_LINKS; l++ {
		state, ret := d.GetNvLinkState(l)
		if ret == gonvml.ERROR_NOT_SUPPORTED || ret == gonvml.ERROR_INVALID_ARGUMENT {
			break
		}
		if ret != gonvml.SUCCESS {
			if l == 0 {
				return facts.Unavailable[[]facts.NVLink](reason(ret))
			}
			break
		}
		link := facts.NVLink{Link: l, State: facts.LinkInactive}
		if state == gonvml.FEATURE_ENABLED {
			link.State = facts.LinkActive
		}
		ver, why := read(s.syms, symNvLinkVersion, func() (uint32, gonvml.Return) { return d.GetNvLinkVersion(l) })
		link.Version = value(ver, why, func(v uint32) int { return nvlinkVersions[v] })
		if why.IsZero() && nvlinkVersions[ver] == 0 {
			link.Version = facts.Unavailable[int](msg.New("facts.reason.nvml.unknown_nvlink_version", msg.Text(strconv.FormatUint(uint64(ver), 10))))
		}
		rt, why := read(s.syms, symNvLinkRemoteType, func() (gonvml.IntNvLinkDeviceType, gonvml.Return) { return d.GetNvLinkRemoteDeviceType(l) })
		link.RemoteType = enumValue(remoteTypes, rt, why, "facts.reason.nvml.unknown_remote_type")
		link.SpeedGBps = facts.Unavailable[float64](msg.New("facts.reason.nvml.link_speed"))
		links = append(links, link)
	}
	return facts.Known(links)
}

var remoteTypes = map[gonvml.IntNvLinkDeviceType]string{
	gonvml.NVLINK_DEVICE_TYPE_GPU:    "gpu",
	gonvml.NVLINK_DEVICE_TYPE_IBMNPU: "ibmnpu",
	gonvml.NVLINK_DEVICE_TYPE_SWITCH: "switch",
}
