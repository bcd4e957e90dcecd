package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// WriteFacts writes facts for a terminal in l, in the one document model:
// the server, then one block per GPU. An unavailable fact shows as
// "unavailable (reason)", the reason in the source's own words; readings
// are written as the driver gives them, its enumerated words (enabled,
// passthrough …) in l. It is the text form of gpuverify facts; the JSON
// form is the Facts value itself.
func WriteFacts(w io.Writer, f *facts.Facts, l msg.Lang) error {
	return table.WriteText(w, "", factsSections(f, l))
}

// factsSections are the server's lines, then a section per GPU, in l.
func factsSections(f *facts.Facts, l msg.Lang) []table.Section {
	head := serverLines(f, l)
	if f == nil {
		return []table.Section{{Rows: head}}
	}
	head = append(head, []string{l.Text("facts.key.nvml"), textIn(f.NVMLVersion, l)}, []string{l.Text("facts.key.topology"), topologyText(f.Topology, l)})
	for _, p := range f.Problems {
		head = append(head, []string{l.Text("facts.key.problem"), p})
	}
	out := []table.Section{{Rows: head}}
	for _, g := range f.GPUs {
		title := l.Text("facts.gpu.title", msg.Int(g.Index), msg.Text(textIn(g.Name, l)), msg.Text(textIn(g.BusID, l)))
		out = append(out, table.Section{Title: title, Rows: gpuLines(g, l)})
	}
	return out
}

// gpuLines are a GPU's key-value lines in l.
func gpuLines(g facts.GPU, l msg.Lang) [][]string {
	t := func(v facts.Value[string]) msg.Arg { return msg.Text(word(textIn(v, l), l)) }
	line := func(key, id string, args ...msg.Arg) []string {
		return []string{l.Text("facts.key." + key), l.Text(id, args...)}
	}
	rr, rp, p := g.RemappedRows, g.RetiredPages, g.PCIe
	return [][]string{
		line("identity", "facts.identity", t(g.PCIDeviceID), t(g.PCISubsystemID), t(g.Brand), t(g.Architecture)),
		line("board", "facts.board", t(g.UUID), t(g.Serial), t(g.BoardPartNumber), t(g.VBIOSVersion)),
		line("memory", "facts.memory", msg.Text(mibIn(g.MemoryTotalMiB, l)), msg.Text(mibIn(g.MemoryReservedMiB, l))),
		line("ecc", "facts.ecc", t(g.ECCMode), t(g.ECCModePending), val(g.ECCUncorrectableVolatile, l), val(g.ECCUncorrectableAggregate, l)),
		line("remapped", "facts.remapped", val(rr.Pending, l), val(rr.Failure, l), val(rr.Uncorrectable, l), val(rr.Correctable, l)),
		line("retired", "facts.retired", val(rp.Pending, l), val(rp.DoubleBit, l), val(rp.SingleBit, l)),
		line("pcie", "facts.pcie", val(p.GenCurrent, l), val(p.GenMax, l), val(p.GenDeviceMax, l), val(p.GenHostMax, l), val(p.WidthCurrent, l), val(p.WidthMax, l), val(p.ReplayCount, l)),
		line("clocks", "facts.clocks", val(g.MaxSMClockMHz, l), val(g.MaxMemoryClockMHz, l)),
		line("power", "facts.power", val(g.DefaultPowerLimitW, l), val(g.EnforcedPowerLimitW, l)),
		{l.Text("facts.key.throttle"), listText(g.ClockEventReasons, l)},
		line("modes", "facts.modes", t(g.PersistenceMode), t(g.ComputeMode), t(g.MIG), t(g.MIGPending), msg.Text(migDevices(g.MIGDevices, l)), t(g.Virtualization)),
		{l.Text("facts.key.nvlink"), nvlinkText(g.NVLinks, l)},
		line("now", "facts.now", val(g.TemperatureC, l), val(g.UtilizationGPUPct, l), val(g.UtilizationMemoryPct, l)),
	}
}

// val is a fact as a message argument in l: its value as %v writes it (a
// driver's word in l, see word), or "unavailable (reason)".
func val[T any](v facts.Value[T], l msg.Lang) msg.Arg {
	x, ok := v.Get()
	if !ok {
		return msg.Text(l.Text("report.unavailable", msg.Sub(v.Reason())))
	}
	return msg.Text(word(fmt.Sprint(x), l))
}

// word is one of the driver's enumerated readings in l: the entry
// "facts.word.<s>" where the catalogue has one (enabled, passthrough,
// true …), else s as it is.
func word(s string, l msg.Lang) string {
	if _, ok := msg.Lookup("facts.word." + s); !ok {
		return s
	}
	return l.Text("facts.word." + s)
}

// mibIn is a size in MiB, or "unavailable (reason)" in l.
func mibIn(v facts.Value[int64], l msg.Lang) string {
	if n, ok := v.Get(); ok {
		return fmt.Sprintf("%d MiB", n)
	}
	return l.Text("report.unavailable", msg.Sub(v.Reason()))
}

// listText joins the active reasons, the driver's words, with ", ".
func listText(v facts.Value[[]string], l msg.Lang) string {
	list, ok := v.Get()
	if !ok {
		return l.Text("report.unavailable", msg.Sub(v.Reason()))
	}
	if len(list) == 0 {
		return l.Text("facts.none_active")
	}
	words := make([]string, len(list))
	for i, s := range list {
		words[i] = word(s, l)
	}
	return strings.Join(words, ", ")
}

func migDevices(v facts.Value[[]facts.MIGDevice], l msg.Lang) string {
	d, ok := v.Get()
	if !ok || len(d) == 0 {
		return ""
	}
	profiles := make([]string, len(d))
	for i, m := range d {
		profiles[i] = textIn(m.Profile, l)
	}
	return l.Text("facts.mig_devices", msg.Int(len(d)), msg.Text(strings.Join(profiles, ", ")))
}

func nvlinkText(v facts.Value[[]facts.NVLink], l msg.Lang) string {
	links, ok := v.Get()
	if !ok {
		return l.Text("report.unavailable", msg.Sub(v.Reason()))
	}
	if len(links) == 0 {
		return l.Text("facts.nvlink.none")
	}
	active := 0
	for _, link := range links {
		if link.State == facts.LinkActive {
			active++
		}
	}
	s := l.Text("facts.nvlink.active", msg.Int(active), msg.Int(len(links)))
	if ver, ok := links[0].Version.Get(); ok {
		s += l.Text("facts.nvlink.version", msg.Int(ver))
	}
	return s
}

func topologyText(v facts.Value[[]facts.GPUPair], l msg.Lang) string {
	pairs, ok := v.Get()
	if !ok {
		return l.Text("report.unavailable", msg.Sub(v.Reason()))
	}
	if len(pairs) == 0 {
		return l.Text("facts.topology.none")
	}
	kinds := map[string]int{}
	var order []string
	for _, p := range pairs {
		if kinds[p.Link] == 0 {
			order = append(order, p.Link)
		}
		kinds[p.Link]++
	}
	s := ""
	for i, k := range order {
		part := l.Text("facts.topology.pairs", msg.Int(kinds[k]), msg.Text(k))
		if i == 0 {
			s = part
		} else {
			s = l.Text("acc.comma", msg.Text(s), msg.Text(part))
		}
	}
	return s
}
