package facts

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// This file reads one GPU from an XML or -q tree. Each read names the XML
// path first and the -q path second; "|" separates alternatives that
// different driver versions use.

// readGPU reads the GPU at position index. It returns the GPU and the
// problems found in it.
func readGPU(n *node, r reader, index int) (GPU, []string) {
	g := GPU{Index: index}
	readIdentity(&g, n, r)
	readMemory(&g, n, r)
	readECC(&g, n, r)
	readWear(&g, n, r)
	readPCIe(&g, n, r)
	readLimits(&g, n, r)
	readModes(&g, n, r)
	g.MIGDevices = readMIGDevices(n, r, g.MIG)
	g.NVLinks = Unavailable[[]NVLink](Reasons(r.missing, msg.New("facts.reason.hint_links")))
	reasons, unknown := readClockReasons(n, r)
	g.ClockEventReasons = reasons
	var problems []string
	for _, label := range unknown {
		problems = append(problems, fmt.Sprintf("GPU %d: unknown clock event reason %s", index, quote(label)))
	}
	return g, problems
}

func readIdentity(g *GPU, n *node, r reader) {
	g.BusID = busID(n, r)
	g.Name = r.str(n, "product_name", "Product Name")
	g.Brand = r.str(n, "product_brand", "Product Brand")
	g.Architecture = r.str(n, "product_architecture", "Product Architecture")
	g.UUID = r.str(n, "uuid", "GPU UUID")
	g.Serial = r.str(n, "serial", "Serial Number")
	g.BoardPartNumber = r.str(n, "board_part_number", "Board Part Number")
	g.VBIOSVersion = r.str(n, "vbios_version", "VBIOS Version")
	g.PCIDeviceID = readWith(r, n, "pci/pci_device_id", "PCI/Device Id", pciIDValue)
	g.PCISubsystemID = readWith(r, n, "pci/pci_sub_system_id", "PCI/Sub System Id", pciIDValue)
}

// busID reads the bus id from the <gpu id="..."> attribute or the
// "GPU 00000000:53:00.0" line, falling back to the PCI section.
func busID(n *node, r reader) Value[string] {
	if r.xml && n.id != "" {
		return textValue(n.id)
	}
	if !r.xml {
		if id, ok := strings.CutPrefix(n.name, "GPU "); ok && isBusID(id) {
			return Known(id)
		}
	}
	return r.str(n, "pci/pci_bus_id", "PCI/Bus Id")
}

func readMemory(g *GPU, n *node, r reader) {
	g.MemoryTotalMiB = r.num64(n, "fb_memory_usage/total", "FB Memory Usage/Total", "MiB")
	g.MemoryReservedMiB = r.num64(n, "fb_memory_usage/reserved", "FB Memory Usage/Reserved", "MiB")
}

func readECC(g *GPU, n *node, r reader) {
	g.ECCMode = readWith(r, n, "ecc_mode/current_ecc", "ECC Mode/Current", enabledValue)
	g.ECCModePending = readWith(r, n, "ecc_mode/pending_ecc", "ECC Mode/Pending", enabledValue)
	g.ECCUncorrectableVolatile = uncorrectable(n, r, "ecc_errors/volatile", "ECC Errors/Volatile")
	g.ECCUncorrectableAggregate = uncorrectable(n, r, "ecc_errors/aggregate", "ECC Errors/Aggregate")
}

// uncorrectableParts are the counters that add up to the uncorrectable ECC
// errors, XML name then -q label: DRAM and SRAM since Ampere (SRAM split
// into parity and SEC-DED since driver 535 on some GPUs), the double-bit
// total before.
var uncorrectableParts = [][2]string{
	{"dram_uncorrectable", "DRAM Uncorrectable"},
	{"sram_uncorrectable", "SRAM Uncorrectable"},
	{"sram_uncorrectable_parity", "SRAM Uncorrectable Parity"},
	{"sram_uncorrectable_secded", "SRAM Uncorrectable SEC-DED"},
	{"double_bit/total", "Double Bit/Total"},
}

// uncorrectable sums the uncorrectable counters found under one scope
// (volatile or aggregate).
func uncorrectable(n *node, r reader, xmlScope, textScope string) Value[int64] {
	var parts []Value[int64]
	for _, p := range uncorrectableParts {
		xp, tp := xmlScope+"/"+p[0], textScope+"/"+p[1]
		if _, ok := r.raw(n, xp, tp); ok {
			parts = append(parts, r.num64(n, xp, tp, ""))
		}
	}
	if len(parts) == 0 {
		return Unavailable[int64](r.missing)
	}
	return sumKnown(parts)
}

func readWear(g *GPU, n *node, r reader) {
	g.RetiredPages = RetiredPages{
		SingleBit: r.num64(n, "retired_pages/multiple_single_bit_retirement/retired_count", "Retired Pages/Single Bit ECC", ""),
		DoubleBit: r.num64(n, "retired_pages/double_bit_retirement/retired_count", "Retired Pages/Double Bit ECC", ""),
		Pending: r.yesNo(n, "retired_pages/pending_retirement|pending_blacklist",
			"Retired Pages/Pending Page Blacklist|Pending Page Retirement|Pending"),
	}
	g.RemappedRows = RemappedRows{
		Correctable:   r.num64(n, "remapped_rows/remapped_row_corr", "Remapped Rows/Correctable Error", ""),
		Uncorrectable: r.num64(n, "remapped_rows/remapped_row_unc", "Remapped Rows/Uncorrectable Error", ""),
		Pending:       r.yesNo(n, "remapped_rows/remapped_row_pending", "Remapped Rows/Pending"),
		Failure:       r.yesNo(n, "remapped_rows/remapped_row_failure", "Remapped Rows/Remapping Failure Occurred"),
	}
}

func readPCIe(g *GPU, n *node, r reader) {
	const xg, tg = "pci/pci_gpu_link_info/pcie_gen/", "PCI/GPU Link Info/PCIe Generation/"
	const xw, tw = "pci/pci_gpu_link_info/link_widths/", "PCI/GPU Link Info/Link Width/"
	g.PCIe = PCIe{
		GenCurrent:   r.num(n, xg+"current_link_gen", tg+"Current", ""),
		GenMax:       r.num(n, xg+"max_link_gen", tg+"Max", ""),
		GenDeviceMax: r.num(n, xg+"max_device_link_gen", tg+"Device Max", ""),
		GenHostMax:   r.num(n, xg+"max_host_link_gen", tg+"Host Max", ""),
		WidthCurrent: r.num(n, xw+"current_link_width", tw+"Current", "x"),
		WidthMax:     r.num(n, xw+"max_link_width", tw+"Max", "x"),
		ReplayCount:  r.num64(n, "pci/replay_counter", "PCI/Replays Since Reset|Replays", ""),
	}
}

// readLimits reads clocks and power limits. Drivers before 535 print
// "Power Readings" with "Enforced Power Limit"; later ones print "GPU Power
// Readings" with "Current Power Limit", which is the enforced limit.
func readLimits(g *GPU, n *node, r reader) {
	g.MaxSMClockMHz = r.num(n, "max_clocks/sm_clock", "Max Clocks/SM", "MHz")
	g.MaxMemoryClockMHz = r.num(n, "max_clocks/mem_clock", "Max Clocks/Memory", "MHz")
	const xp, tp = "gpu_power_readings|power_readings/", "GPU Power Readings|Power Readings/"
	g.DefaultPowerLimitW = r.watts(n, xp+"default_power_limit", tp+"Default Power Limit")
	g.EnforcedPowerLimitW = r.watts(n, xp+"enforced_power_limit|current_power_limit",
		tp+"Enforced Power Limit|Current Power Limit")
	g.TemperatureC = r.num(n, "temperature/gpu_temp", "Temperature/GPU Current Temp", "C")
	g.UtilizationGPUPct = r.num(n, "utilization/gpu_util", "Utilization/Gpu", "%")
	g.UtilizationMemoryPct = r.num(n, "utilization/memory_util", "Utilization/Memory", "%")
}

func readModes(g *GPU, n *node, r reader) {
	g.PersistenceMode = readWith(r, n, "persistence_mode", "Persistence Mode", enabledValue)
	g.ComputeMode = readWith(r, n, "compute_mode", "Compute Mode", computeValue)
	g.MIG = readWith(r, n, "mig_mode/current_mig", "MIG Mode/Current", enabledValue)
	g.MIGPending = readWith(r, n, "mig_mode/pending_mig", "MIG Mode/Pending", enabledValue)
	g.Virtualization = readWith(r, n, "gpu_virtualization_mode/virtualization_mode",
		"GPU Virtualization Mode/Virtualization Mode", virtValue)
}

// readClockReasons reads the "Clocks Event Reasons" section (named "Clocks
// Throttle Reasons" before driver 535). In -q output the HW thermal and
// power-brake lines are indented under HW Slowdown, so the whole subtree is
// read. It also returns the labels it did not know.
func readClockReasons(n *node, r reader) (Value[[]string], []string) {
	section := n.child("clocks_event_reasons|clocks_throttle_reasons")
	if !r.xml {
		section = n.child("Clocks Event Reasons|Clocks Throttle Reasons")
	}
	if section != nil && len(section.children) == 0 && section.value() != "" {
		// <clocks_throttle_reasons>N/A</clocks_throttle_reasons> on a vGPU.
		return Unavailable[[]string](notActiveReason(section.value())), nil
	}
	var set reasonSet
	addReasons(&set, section)
	return set.value(r.missing), set.unknown
}

// addReasons adds every reading under section to set.
func addReasons(set *reasonSet, section *node) {
	if section == nil {
		return
	}
	for _, c := range section.children {
		label := strings.TrimPrefix(strings.TrimPrefix(c.name, "clocks_event_reason_"), "clocks_throttle_reason_")
		set.add(label, c.value())
		addReasons(set, c)
	}
}

// readMIGDevices reads the MIG devices. With MIG disabled the list is
// empty; with MIG unavailable so is the list, unless devices are listed
// anyway.
func readMIGDevices(n *node, r reader, mig Value[string]) Value[[]MIGDevice] {
	list := n.at("mig_devices").all("mig_device")
	if !r.xml {
		list = n.all("MIG Device")
	}
	devices := []MIGDevice{}
	for i, d := range list {
		devices = append(devices, readMIGDevice(d, r, i))
	}
	if _, ok := mig.Get(); ok || len(devices) > 0 {
		return Known(devices)
	}
	return Unavailable[[]MIGDevice](mig.Reason())
}

// readMIGDevice reads one MIG device at position pos.
func readMIGDevice(d *node, r reader, pos int) MIGDevice {
	return MIGDevice{
		Index:             r.num(d, "index", "Index", "").Or(pos),
		GPUInstanceID:     r.num(d, "gpu_instance_id", "GPU Instance ID", ""),
		ComputeInstanceID: r.num(d, "compute_instance_id", "Compute Instance ID", ""),
		Profile:           Unavailable[string](Reasons(r.missing, msg.New("facts.reason.hint_profiles"))),
		PlacementStart:    Unavailable[int](Reasons(reasonNotInNvidiaSMI, msg.New("facts.reason.hint_nvml"))),
		PlacementSize:     Unavailable[int](Reasons(reasonNotInNvidiaSMI, msg.New("facts.reason.hint_nvml"))),
		UUID:              Unavailable[string](Reasons(r.missing, msg.New("facts.reason.hint_uuids"))),
		MemoryMiB:         r.num64(d, "fb_memory_usage/total", "Shared FB Memory Usage|FB Memory Usage/Total", "MiB"),
		SMCount: r.num(d, "device_attributes/shared/multiprocessor_count",
			"Device Attributes/Shared/Multiprocessor count", ""),
	}
}

// readHeader reads the lines before the first GPU.
func readHeader(f *Facts, root *node, r reader) {
	f.Timestamp = r.str(root, "timestamp", "Timestamp")
	f.DriverVersion = r.str(root, "driver_version", "Driver Version")
	f.CUDADriverVersion = r.str(root, "cuda_version", "CUDA Version")
	f.NVMLVersion = Unavailable[string](Reasons(r.missing, msg.New("facts.reason.hint_version")))
	f.AttachedGPUs = r.num(root, "attached_gpus", "Attached GPUs", "")
	f.Topology = Unavailable[[]GPUPair](Reasons(r.missing, msg.New("facts.reason.hint_topology")))
}

// readGPUs reads every GPU node into f.
func readGPUs(f *Facts, gpus []*node, r reader) {
	for i, n := range gpus {
		g, problems := readGPU(n, r, i)
		f.GPUs = append(f.GPUs, g)
		f.Problems = append(f.Problems, problems...)
	}
}
