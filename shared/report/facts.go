package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// WriteFacts writes facts for a terminal, in the one document model: the
// server, then one block per GPU. An unavailable fact shows as
// "unavailable (reason)". It is the text form of gpuverify facts; the JSON
// form is the Facts value itself.
func WriteFacts(w io.Writer, f *facts.Facts) error { return table.WriteText(w, "", factsSections(f)) }

// factsSections are the server's lines, then a section per GPU.
func factsSections(f *facts.Facts) []table.Section {
	head := serverLines(f, msg.En)
	if f == nil {
		return []table.Section{{Rows: head}}
	}
	head = append(head, []string{"nvml", text(f.NVMLVersion)}, []string{"topology", topologyText(f.Topology)})
	for _, p := range f.Problems {
		head = append(head, []string{"problem", p})
	}
	out := []table.Section{{Rows: head}}
	for _, g := range f.GPUs {
		out = append(out, table.Section{Title: fmt.Sprintf("GPU %d  %s  %s", g.Index, text(g.Name), text(g.BusID)), Rows: gpuLines(g)})
	}
	return out
}

func gpuLines(g facts.GPU) [][]string {
	return [][]string{
		{"identity", fmt.Sprintf("pci %s, subsystem %s, brand %s, arch %s", text(g.PCIDeviceID), text(g.PCISubsystemID), text(g.Brand), text(g.Architecture))},
		{"board", fmt.Sprintf("uuid %s, serial %s, part %s, vbios %s", text(g.UUID), text(g.Serial), text(g.BoardPartNumber), text(g.VBIOSVersion))},
		{"memory", fmt.Sprintf("%s total, %s reserved", mib(g.MemoryTotalMiB), mib(g.MemoryReservedMiB))},
		{"ecc", fmt.Sprintf("%s (pending %s), uncorrectable %s now, %s lifetime", text(g.ECCMode), text(g.ECCModePending), g.ECCUncorrectableVolatile, g.ECCUncorrectableAggregate)},
		{"remapped rows", fmt.Sprintf("pending %s, failure %s, uncorrectable %s, correctable %s", g.RemappedRows.Pending, g.RemappedRows.Failure, g.RemappedRows.Uncorrectable, g.RemappedRows.Correctable)},
		{"retired pages", fmt.Sprintf("pending %s, double-bit %s, single-bit %s", g.RetiredPages.Pending, g.RetiredPages.DoubleBit, g.RetiredPages.SingleBit)},
		{"pcie", fmt.Sprintf("gen %s of max %s (GPU %s, host %s), width %s of %s, replays %s", g.PCIe.GenCurrent, g.PCIe.GenMax, g.PCIe.GenDeviceMax, g.PCIe.GenHostMax, g.PCIe.WidthCurrent, g.PCIe.WidthMax, g.PCIe.ReplayCount)},
		{"clocks", fmt.Sprintf("max SM %s MHz, max memory %s MHz", g.MaxSMClockMHz, g.MaxMemoryClockMHz)},
		{"power", fmt.Sprintf("default %s W, enforced %s W", g.DefaultPowerLimitW, g.EnforcedPowerLimitW)},
		{"throttle", listText(g.ClockEventReasons)},
		{"modes", fmt.Sprintf("persistence %s, compute %s, MIG %s (pending %s)%s, virtualization %s", text(g.PersistenceMode), text(g.ComputeMode), text(g.MIG), text(g.MIGPending), migDevices(g.MIGDevices), text(g.Virtualization))},
		{"nvlink", nvlinkText(g.NVLinks)},
		{"now", fmt.Sprintf("%s °C, GPU %s%%, memory %s%%", g.TemperatureC, g.UtilizationGPUPct, g.UtilizationMemoryPct)},
	}
}

func listText(v facts.Value[[]string]) string {
	l, ok := v.Get()
	if !ok {
		return v.String()
	}
	if len(l) == 0 {
		return "none active"
	}
	return strings.Join(l, ", ")
}

func migDevices(v facts.Value[[]facts.MIGDevice]) string {
	d, ok := v.Get()
	if !ok || len(d) == 0 {
		return ""
	}
	profiles := make([]string, len(d))
	for i, m := range d {
		profiles[i] = text(m.Profile)
	}
	return fmt.Sprintf(", %d MIG devices: %s", len(d), strings.Join(profiles, ", "))
}

func nvlinkText(v facts.Value[[]facts.NVLink]) string {
	links, ok := v.Get()
	if !ok {
		return v.String()
	}
	if len(links) == 0 {
		return "none"
	}
	active := 0
	for _, l := range links {
		if l.State == facts.LinkActive {
			active++
		}
	}
	s := fmt.Sprintf("%d of %d links active", active, len(links))
	if ver, ok := links[0].Version.Get(); ok {
		s += fmt.Sprintf(", version %d", ver)
	}
	return s
}

func topologyText(v facts.Value[[]facts.GPUPair]) string {
	pairs, ok := v.Get()
	if !ok {
		return v.String()
	}
	if len(pairs) == 0 {
		return "no GPU pairs"
	}
	kinds := map[string]int{}
	var order []string
	for _, p := range pairs {
		if kinds[p.Link] == 0 {
			order = append(order, p.Link)
		}
		kinds[p.Link]++
	}
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = fmt.Sprintf("%d pairs %s", kinds[k], k)
	}
	return strings.Join(parts, ", ")
}
