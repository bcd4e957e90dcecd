package provenance

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// pciID compares the vendor and device ids.
func pciID(p PCIDevice, g facts.GPU) acceptance.Result {
	res := acceptance.Result{ID: fmt.Sprintf("gpu%d/kernel_pci_id", g.Index), Rule: "A1", Expected: "NVML's PCI device id = sysfs vendor and device"}
	vendor, okV := p.Vendor.Get()
	device, okD := p.Device.Get()
	nv, okN := g.PCIDeviceID.Get()
	if !okV || !okD {
		res.Measured = fmt.Sprintf("NVML %s at %s, sysfs %s", g.PCIDeviceID, p.BusID, p.Vendor)
		res.Say(acceptance.Fail, msg.New("prov.pci_id.missing", msg.Text(p.BusID)))
		return res
	}
	kernel := combine(device, vendor)
	res.Measured = fmt.Sprintf("NVML %s, sysfs %s (vendor %s, device %s)", g.PCIDeviceID, kernel, vendor, device)
	switch {
	case !okN:
		res.Say(acceptance.Skip, msg.New("prov.pci_id.skip"))
	case !strings.EqualFold(nv, kernel):
		res.Say(acceptance.Fail, msg.New("prov.pci_id.fail", msg.Text(nv), msg.Text(kernel)))
	default:
		res.Say(acceptance.Pass, msg.New("prov.pci_id.pass"))
	}
	return res
}

// subsystemID compares the subsystem (board) ids.
func subsystemID(p PCIDevice, g facts.GPU) acceptance.Result {
	res := acceptance.Result{ID: fmt.Sprintf("gpu%d/kernel_subsystem_id", g.Index), Rule: "A1", Expected: "NVML's PCI subsystem id = sysfs subsystem_vendor and subsystem_device"}
	sv, okV := p.SubsystemVendor.Get()
	sd, okD := p.SubsystemDevice.Get()
	nv, okN := g.PCISubsystemID.Get()
	if !okV || !okD || !okN {
		res.Measured = fmt.Sprintf("NVML %s, sysfs %s/%s", g.PCISubsystemID, p.SubsystemVendor, p.SubsystemDevice)
		res.Say(acceptance.Skip, msg.New("prov.subsystem.skip"))
		return res
	}
	kernel := combine(sd, sv)
	res.Measured = fmt.Sprintf("NVML %s, sysfs %s", nv, kernel)
	if !strings.EqualFold(nv, kernel) {
		res.Say(acceptance.Fail, msg.New("prov.subsystem.fail", msg.Text(nv), msg.Text(kernel)))
		return res
	}
	res.Say(acceptance.Pass, msg.New("prov.subsystem.pass"))
	return res
}

// linkWidth compares the current and maximum link widths.
func linkWidth(p PCIDevice, g facts.GPU) acceptance.Result {
	res := acceptance.Result{ID: fmt.Sprintf("gpu%d/kernel_link_width", g.Index), Rule: "A3", Expected: "NVML's current PCIe width = sysfs, its max width at most the card's (sysfs)"}
	res.Measured = fmt.Sprintf("NVML x%s of x%s, sysfs x%s of x%s", g.PCIe.WidthCurrent, g.PCIe.WidthMax, p.CurrentLinkWidth, p.MaxLinkWidth)
	var bad []string
	compared := 0
	for _, c := range []struct {
		what   string
		nv, kv facts.Value[int]
	}{{"current", g.PCIe.WidthCurrent, p.CurrentLinkWidth}, {"max", g.PCIe.WidthMax, p.MaxLinkWidth}} {
		a, okA := c.nv.Get()
		b, okB := c.kv.Get()
		if !okA || !okB {
			continue
		}
		compared++
		// NVML's maximum may be the lower of card and slot, sysfs's is the
		// card's own: only an NVML maximum above the card's is a lie.
		if a != b && (c.what == "current" || a > b) {
			bad = append(bad, fmt.Sprintf("%s width NVML x%d, kernel x%d", c.what, a, b))
		}
	}
	switch {
	case len(bad) > 0:
		res.Say(acceptance.Fail, msg.New("prov.link.fail", msg.Text(strings.Join(bad, "; "))))
	case compared < 2:
		res.Say(acceptance.Skip, msg.New("prov.width.skip"))
	default:
		res.Say(acceptance.Pass, msg.New("prov.width.pass"))
	}
	return res
}

// linkGen compares the link generations: the maximum must agree; the
// current one only warns, because the link retrains between power states
// (Gen1 at idle) from one read to the next.
func linkGen(p PCIDevice, g facts.GPU) acceptance.Result {
	res := acceptance.Result{ID: fmt.Sprintf("gpu%d/kernel_link_gen", g.Index), Rule: "A3", Expected: "NVML's PCIe generation = the kernel's link speed"}
	kMax, okKM := SpeedGen(p.MaxLinkSpeed.Or(""))
	kCur, okKC := SpeedGen(p.CurrentLinkSpeed.Or(""))
	res.Measured = fmt.Sprintf("NVML Gen%s of Gen%s (GPU max Gen%s), sysfs %s of %s", g.PCIe.GenCurrent, g.PCIe.GenMax, g.PCIe.GenDeviceMax, p.CurrentLinkSpeed, p.MaxLinkSpeed)
	var fail, warn []string
	compared := false
	if okKM {
		if dev, ok := g.PCIe.GenDeviceMax.Get(); ok {
			compared = true
			if dev != kMax {
				fail = append(fail, fmt.Sprintf("GPU max NVML Gen%d, kernel Gen%d", dev, kMax))
			}
		} else if mx, ok := g.PCIe.GenMax.Get(); ok {
			compared = true
			if mx > kMax {
				fail = append(fail, fmt.Sprintf("NVML max Gen%d is above what the kernel says the GPU can do (Gen%d)", mx, kMax))
			}
		}
	}
	if cur, ok := g.PCIe.GenCurrent.Get(); ok && okKC {
		compared = true
		if cur != kCur {
			warn = append(warn, fmt.Sprintf("current NVML Gen%d, kernel Gen%d", cur, kCur))
		}
	}
	switch {
	case len(fail) > 0:
		res.Say(acceptance.Fail, msg.New("prov.link.fail", msg.Text(strings.Join(append(fail, warn...), "; "))))
	case len(warn) > 0:
		res.Say(acceptance.Warn, msg.New("prov.gen.warn", msg.Text(strings.Join(warn, "; "))))
	case !compared:
		res.Say(acceptance.Skip, msg.New("prov.gen.skip"))
	default:
		res.Say(acceptance.Pass, msg.New("prov.gen.pass"))
	}
	return res
}

// numaNode compares the NUMA node; a machine with one node often has none
// in sysfs (-1), and older drivers give none through NVML: then it is
// skipped, as a health signal that does not make the verdict incomplete.
func numaNode(p PCIDevice, g facts.GPU) acceptance.Result {
	res := acceptance.Result{ID: fmt.Sprintf("gpu%d/numa_node", g.Index), Rule: "A4", Expected: "NVML's NUMA node = sysfs numa_node",
		Measured: fmt.Sprintf("NVML %s, sysfs %s", p.NVMLNUMANode, p.NUMANode)}
	nv, okN := p.NVMLNUMANode.Get()
	kv, okK := p.NUMANode.Get()
	switch {
	case !okN || !okK || kv < 0:
		res.Say(acceptance.Skip, msg.New("prov.numa.skip"))
	case nv != kv:
		res.Say(acceptance.Fail, msg.New("prov.numa.fail", msg.Int(nv), msg.Int(kv)))
	default:
		res.Say(acceptance.Pass, msg.New("prov.numa.pass", msg.Int(kv)))
	}
	return res
}

// procGPU compares the model and UUID in /proc/driver/nvidia/gpus/BUS.
func procGPU(procs map[string]ProcGPU, p PCIDevice, g facts.GPU) (acceptance.Result, bool) {
	pg, ok := procs[NormBus(p.BusID)]
	if !ok {
		return acceptance.Result{}, false // kernel_gpus already fails (or was not read)
	}
	res := acceptance.Result{ID: fmt.Sprintf("gpu%d/kernel_model", g.Index), Rule: "A1", Expected: "NVML's name and UUID = /proc/driver/nvidia/gpus/" + pg.BusID + "/information",
		Measured: fmt.Sprintf("NVML %s %s, kernel %q %q", g.Name, g.UUID, pg.Model, pg.UUID)}
	var bad []string
	if n, ok := g.Name.Get(); ok && pg.Model != "" && n != pg.Model {
		bad = append(bad, fmt.Sprintf("name NVML %q, kernel %q", n, pg.Model))
	}
	if u, ok := g.UUID.Get(); ok && pg.UUID != "" && !strings.EqualFold(u, pg.UUID) {
		bad = append(bad, fmt.Sprintf("UUID NVML %s, kernel %s", u, pg.UUID))
	}
	switch {
	case len(bad) > 0:
		res.Say(acceptance.Fail, msg.New("prov.model.fail", msg.Text(strings.Join(bad, "; "))))
	case pg.Model == "" || pg.UUID == "" || !g.Name.OK() || !g.UUID.OK():
		res.Say(acceptance.Skip, msg.New("prov.model.skip"))
	default:
		res.Say(acceptance.Pass, msg.New("prov.model.pass"))
	}
	return res, true
}

// SpeedGen turns a sysfs link speed ("16.0 GT/s PCIe") into a PCIe
// generation.
func SpeedGen(speed string) (int, bool) {
	f := strings.Fields(speed)
	if len(f) < 2 || f[1] != "GT/s" {
		return 0, false
	}
	gen, ok := map[string]int{"2.5": 1, "5.0": 2, "5": 2, "8.0": 3, "8": 3, "16.0": 4, "16": 4, "32.0": 5, "32": 5, "64.0": 6, "64": 6}[f[0]]
	return gen, ok
}

// NormBus writes a PCI bus id as sysfs names it: "0000:07:00.0", lower
// case, from NVML's "00000000:07:00.0".
func NormBus(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	domain, rest, ok := strings.Cut(s, ":")
	if !ok {
		return s
	}
	if len(domain) > 4 {
		domain = domain[len(domain)-4:]
	}
	return domain + ":" + rest
}

// combine writes a device and vendor id as NVML does: "0x20B210DE".
func combine(device, vendor string) string {
	d := strings.TrimPrefix(strings.ToLower(device), "0x")
	v := strings.TrimPrefix(strings.ToLower(vendor), "0x")
	return "0x" + strings.ToUpper(d+v)
}
