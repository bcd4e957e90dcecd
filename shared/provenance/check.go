package provenance

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
)

// Check returns the origin check and, for a live run, the kernel
// cross-checks of f, in a stable order: the origin, the server-wide checks,
// then each GPU's. Rule A4: the evidence must be the server's own.
func Check(o Origin, f *facts.Facts) []acceptance.Result {
	if f == nil {
		f = facts.New("")
	}
	out := []acceptance.Result{origin(o, f)}
	if o.Kind != Live || o.Kernel == nil {
		return out
	}
	k := o.Kernel
	out = append(out, driver(k, f), procGPUs(k, f), pciDevices(k, f), library(k), loader(k.Library))
	for _, p := range k.PCI {
		g, ok := gpuAt(f, p.Index)
		if !ok {
			out = append(out, acceptance.Result{
				ID: fmt.Sprintf("gpu%d/kernel_pci_id", p.Index), Status: acceptance.Fail, Rule: "A4",
				Expected: "a GPU NVML listed", Measured: "no such GPU in the facts",
				Message: "the kernel record names a GPU index the facts do not have: the report was edited",
			})
			continue
		}
		if !p.Vendor.OK() && !p.Device.OK() {
			out = append(out, pciID(p, g)) // no such device: nothing else to compare
			continue
		}
		out = append(out, pciID(p, g), subsystemID(p, g), linkWidth(p, g), linkGen(p, g), numaNode(p, g))
		if res, ok := procGPU(k, p, g); ok {
			out = append(out, res)
		}
	}
	return out
}

// absent reports whether a kernel fact is unavailable because its file does
// not exist (rather than, say, permission): the driver is not there.
func absent[T any](v facts.Value[T]) bool {
	return !v.OK() && strings.Contains(v.Reason(), "no such file")
}

// IsFile reports whether o says the facts were read from a saved file, or
// says nothing: such a report is never proof of delivery.
func IsFile(o Origin) bool { return o.Kind != Live }

// Describe says where the facts came from, in a few words.
func Describe(o Origin, f *facts.Facts) string {
	src := ""
	if f != nil {
		src = string(f.Source)
	}
	switch o.Kind {
	case Live:
		return "live: read through NVML by gpuverify on this server"
	case File:
		name := ""
		if o.File != "" {
			name = fmt.Sprintf(" %q", o.File)
		}
		return fmt.Sprintf("saved file%s (%s): NOT proof of delivery, anyone can edit a file", name, src)
	}
	return "unknown: the report does not say where its facts came from"
}

func origin(o Origin, f *facts.Facts) acceptance.Result {
	res := acceptance.Result{ID: "origin", Rule: "A4", Expected: "facts read live through NVML on the delivered server", Measured: Describe(o, f)}
	switch {
	case o.Kind == Live && f.Source != facts.SourceNVML:
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("the report says the facts were read live, but they are of source %q, not NVML: the report was edited", f.Source)
	case o.Kind == Live && o.Kernel == nil:
		res.Status = acceptance.Skip
		res.Message = "read through NVML, but what the kernel says was not recorded, so NVML was not cross-checked: run gpuverify check on the server"
	case o.Kind == Live:
		res.Status = acceptance.Pass
		res.Message = "gpuverify read the facts through NVML on the server it ran on; the kernel_* checks compare NVML with the kernel"
	case o.Kind == File && f.Source == facts.SourceNVML:
		res.Status = acceptance.Fail
		res.Message = "the report says the facts came from a saved nvidia-smi file, but they are of source NVML: the report was edited"
	case o.Kind == File:
		res.Status = acceptance.Skip
		res.Message = "the facts come from a saved file, which anyone can edit: this report is not proof of delivery. Run gpuverify check --plan plan.json on the server itself"
	default:
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("origin.kind must be %q or %q, got %q", Live, File, o.Kind)
	}
	return res
}

// driver compares NVML's driver version with the kernel module's.
func driver(k *Kernel, f *facts.Facts) acceptance.Result {
	res := acceptance.Result{ID: "kernel_driver", Rule: "A4", Expected: "NVML's driver version = /proc/driver/nvidia/version"}
	nv, okN := f.DriverVersion.Get()
	kv, okK := k.DriverVersion.Get()
	res.Measured = fmt.Sprintf("NVML %s, kernel %s", f.DriverVersion, k.DriverVersion)
	switch {
	case okN && absent(k.DriverVersion):
		res.Status = acceptance.Fail
		res.Message = "NVML answers, but the kernel has no NVIDIA driver loaded (no /proc/driver/nvidia/version): the library is not backed by the driver"
	case !okN || !okK:
		res.Status = acceptance.Skip
		res.Message = "one of the two driver versions is unavailable, so they could not be compared"
	case nv != kv:
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("NVML says driver %s but the kernel module is %s: the NVML library is not the loaded driver's", nv, kv)
	default:
		res.Status = acceptance.Pass
		res.Message = "NVML and the kernel module report the same driver version"
	}
	return res
}

// procGPUs compares the GPUs under /proc/driver/nvidia/gpus with NVML's.
func procGPUs(k *Kernel, f *facts.Facts) acceptance.Result {
	res := acceptance.Result{ID: "kernel_gpus", Rule: "A4", Expected: "the GPUs NVML lists = the GPUs in /proc/driver/nvidia/gpus"}
	gpus, ok := k.ProcGPUs.Get()
	if !ok {
		res.Status, res.Measured = acceptance.Skip, k.ProcGPUs.String()
		res.Message = "the kernel's GPU list could not be read"
		if absent(k.ProcGPUs) && len(f.GPUs) > 0 {
			res.Status = acceptance.Fail
			res.Message = fmt.Sprintf("NVML lists %d GPUs, but the kernel driver has none (no /proc/driver/nvidia/gpus): the library is not backed by the driver", len(f.GPUs))
		}
		return res
	}
	var kernel []string
	for _, g := range gpus {
		kernel = append(kernel, NormBus(g.BusID))
	}
	nvml := nvmlBuses(f)
	res.Measured = fmt.Sprintf("NVML %d (%s), kernel %d (%s)", len(nvml), list(nvml), len(kernel), list(kernel))
	onlyNVML, onlyKernel := diff(nvml, kernel), diff(kernel, nvml)
	if len(onlyNVML) > 0 || len(onlyKernel) > 0 || len(nvml) != len(kernel) {
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("NVML and the kernel driver list different GPUs (only NVML: %s; only the kernel: %s)", list(onlyNVML), list(onlyKernel))
		return res
	}
	res.Status = acceptance.Pass
	res.Message = fmt.Sprintf("NVML and the kernel driver list the same %d GPUs", len(nvml))
	return res
}

// pciDevices compares NVML's GPUs with the NVIDIA display controllers on
// the PCI bus.
func pciDevices(k *Kernel, f *facts.Facts) acceptance.Result {
	res := acceptance.Result{ID: "kernel_pci_devices", Rule: "A4", Expected: "every GPU NVML lists is an NVIDIA device on the PCI bus"}
	devs, ok := k.NVIDIADevices.Get()
	if !ok {
		res.Status, res.Measured = acceptance.Skip, k.NVIDIADevices.String()
		res.Message = "the PCI bus could not be read"
		return res
	}
	var bus []string
	for _, d := range devs {
		bus = append(bus, NormBus(d))
	}
	nvml := nvmlBuses(f)
	res.Measured = fmt.Sprintf("NVML %d (%s), PCI bus %d (%s)", len(nvml), list(nvml), len(bus), list(bus))
	if missing := diff(nvml, bus); len(missing) > 0 {
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("NVML lists GPUs that are not NVIDIA display devices on the PCI bus: %s", list(missing))
		return res
	}
	if extra := diff(bus, nvml); len(extra) > 0 {
		res.Status = acceptance.Warn
		res.Message = fmt.Sprintf("the PCI bus has NVIDIA GPUs NVML does not list: %s (hidden from a container, unbound, or fallen off the bus: check nvidia-smi and dmesg)", list(extra))
		return res
	}
	res.Status = acceptance.Pass
	res.Message = fmt.Sprintf("the %d GPUs NVML lists are the NVIDIA GPUs on the PCI bus", len(nvml))
	return res
}

// library checks which libnvidia-ml was loaded: one file, the driver's
// own, named for the kernel module's version.
func library(k *Kernel) acceptance.Result {
	l := k.Library
	res := acceptance.Result{ID: "kernel_library", Rule: "A4", Expected: "one libnvidia-ml.so.<kernel driver version>, not chosen by hand", Measured: l.Path.String()}
	p, ok := l.Path.Get()
	if !ok {
		res.Status = acceptance.Skip
		res.Message = "the loaded libnvidia-ml could not be found in /proc/self/maps"
		return res
	}
	var bad []string
	if l.Override != "" {
		bad = append(bad, fmt.Sprintf("GPUVERIFY_NVML_LIBRARY=%s chose the library by hand", l.Override))
	}
	if len(l.Mapped) > 1 {
		bad = append(bad, fmt.Sprintf("%d NVML libraries are mapped: %s", len(l.Mapped), strings.Join(l.Mapped, ", ")))
	}
	libVer, hasVer := strings.CutPrefix(path.Base(p), "libnvidia-ml.so.")
	kv, okK := k.DriverVersion.Get()
	switch {
	case !hasVer || strings.Count(libVer, ".") < 1:
		bad = append(bad, fmt.Sprintf("%s is not a driver's libnvidia-ml.so.<version> file", path.Base(p)))
	case okK && libVer != kv:
		bad = append(bad, fmt.Sprintf("the library is version %s but the kernel module is %s", libVer, kv))
	}
	if len(bad) > 0 {
		res.Status = acceptance.Fail
		res.Message = "the NVML library may not be the driver's: " + strings.Join(bad, "; ")
		return res
	}
	if !okK {
		res.Status = acceptance.Skip
		res.Message = "the kernel module's version is unavailable, so the library's version could not be compared with it"
		return res
	}
	res.Status = acceptance.Pass
	res.Message = fmt.Sprintf("gpuverify loaded %s, the library of the loaded driver %s", p, kv)
	return res
}

// loader checks what could have made the dynamic loader pick another
// library or wrap it: LD_PRELOAD, /etc/ld.so.preload, LD_LIBRARY_PATH.
func loader(l Library) acceptance.Result {
	res := acceptance.Result{ID: "kernel_loader", Rule: "A4", Expected: "no LD_PRELOAD, no /etc/ld.so.preload, library not found through LD_LIBRARY_PATH"}
	pre, preOK := l.PreloadFile.Get()
	res.Measured = fmt.Sprintf("LD_PRELOAD=%q, LD_LIBRARY_PATH=%q, /etc/ld.so.preload %s", l.LDPreload, l.LDLibraryPath, quoteOr(l.PreloadFile))
	var bad []string
	if l.LDPreload != "" {
		bad = append(bad, "LD_PRELOAD loads "+l.LDPreload+" before every library")
	}
	if preOK && strings.TrimSpace(pre) != "" {
		bad = append(bad, "/etc/ld.so.preload loads "+strings.Join(strings.Fields(pre), ", ")+" into every program")
	}
	if p, ok := l.Path.Get(); ok && l.LDLibraryPath != "" && !SystemLibDir(path.Dir(p)) {
		dir := path.Dir(p)
		for _, d := range strings.Split(l.LDLibraryPath, ":") {
			if d != "" && path.Clean(d) == dir {
				bad = append(bad, fmt.Sprintf("the library was found through LD_LIBRARY_PATH (%s), outside the system library directories", d))
				break
			}
		}
	}
	if len(bad) > 0 {
		res.Status = acceptance.Fail
		res.Message = "the loader was steered: " + strings.Join(bad, "; ") + ". Run gpuverify from a clean login shell"
		return res
	}
	if !preOK {
		res.Status = acceptance.Skip
		res.Message = "/etc/ld.so.preload could not be read: " + l.PreloadFile.Reason()
		return res
	}
	res.Status = acceptance.Pass
	res.Message = "nothing steered the dynamic loader"
	return res
}

// systemLibDirs are where driver installs and the NVIDIA container toolkit
// put libnvidia-ml: a CUDA container's LD_LIBRARY_PATH names some of them.
var systemLibDirs = []string{"/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/nvidia/lib", "/usr/local/nvidia/lib64"}

// SystemLibDir reports whether dir is a system library directory or one of
// its multiarch subdirectories (/usr/lib/x86_64-linux-gnu).
func SystemLibDir(dir string) bool {
	dir = path.Clean(dir)
	for _, d := range systemLibDirs {
		if dir == d || (path.Dir(dir) == d && strings.HasSuffix(dir, "-linux-gnu")) {
			return true
		}
	}
	return false
}

func quoteOr(v facts.Value[string]) string {
	if s, ok := v.Get(); ok {
		return strconv.Quote(strings.TrimSpace(s))
	}
	return v.String()
}

// pciID compares the vendor and device ids.
func pciID(p PCIDevice, g facts.GPU) acceptance.Result {
	res := acceptance.Result{ID: fmt.Sprintf("gpu%d/kernel_pci_id", g.Index), Rule: "A1", Expected: "NVML's PCI device id = sysfs vendor and device"}
	vendor, okV := p.Vendor.Get()
	device, okD := p.Device.Get()
	nv, okN := g.PCIDeviceID.Get()
	if !okV || !okD {
		res.Status, res.Measured = acceptance.Fail, fmt.Sprintf("NVML %s at %s, sysfs %s", g.PCIDeviceID, p.BusID, p.Vendor)
		res.Message = fmt.Sprintf("NVML lists a GPU at %s, but the kernel's PCI bus has no such device: the NVML library describes a GPU this machine does not have", p.BusID)
		return res
	}
	kernel := combine(device, vendor)
	res.Measured = fmt.Sprintf("NVML %s, sysfs %s (vendor %s, device %s)", g.PCIDeviceID, kernel, vendor, device)
	switch {
	case !okN:
		res.Status = acceptance.Skip
		res.Message = "NVML gave no PCI device id to compare"
	case !strings.EqualFold(nv, kernel):
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("NVML says PCI id %s, the kernel says %s: the library reports another card than the one in the slot", nv, kernel)
	default:
		res.Status = acceptance.Pass
		res.Message = "NVML and the kernel see the same vendor and device id"
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
		res.Status = acceptance.Skip
		res.Measured = fmt.Sprintf("NVML %s, sysfs %s/%s", g.PCISubsystemID, p.SubsystemVendor, p.SubsystemDevice)
		res.Message = "a subsystem id is unavailable, so they could not be compared"
		return res
	}
	kernel := combine(sd, sv)
	res.Measured = fmt.Sprintf("NVML %s, sysfs %s", nv, kernel)
	if !strings.EqualFold(nv, kernel) {
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("NVML says subsystem %s, the kernel says %s: the board is not the one NVML describes", nv, kernel)
		return res
	}
	res.Status = acceptance.Pass
	res.Message = "NVML and the kernel see the same board (subsystem id)"
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
		res.Status = acceptance.Fail
		res.Message = "NVML and the kernel disagree on the link: " + strings.Join(bad, "; ")
	case compared < 2:
		res.Status = acceptance.Skip
		res.Message = "a link width is unavailable, so not all could be compared"
	default:
		res.Status = acceptance.Pass
		res.Message = "NVML and the kernel see the same link width"
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
		res.Status = acceptance.Fail
		res.Message = "NVML and the kernel disagree on the link: " + strings.Join(append(fail, warn...), "; ")
	case len(warn) > 0:
		res.Status = acceptance.Warn
		res.Message = strings.Join(warn, "; ") + ": the link changes speed with the power state between two reads; run again under load if it persists"
	case !compared:
		res.Status = acceptance.Skip
		res.Message = "a link speed is unavailable, so they could not be compared"
	default:
		res.Status = acceptance.Pass
		res.Message = "NVML and the kernel see the same link generation"
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
		res.Status = acceptance.Skip
		res.Message = "a NUMA node is unavailable (one-node machines often have none), so they could not be compared"
	case nv != kv:
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("NVML puts the GPU on NUMA node %d, the kernel on %d", nv, kv)
	default:
		res.Status = acceptance.Pass
		res.Message = fmt.Sprintf("NVML and the kernel put the GPU on NUMA node %d", kv)
	}
	return res
}

// procGPU compares the model and UUID in /proc/driver/nvidia/gpus/BUS.
func procGPU(k *Kernel, p PCIDevice, g facts.GPU) (acceptance.Result, bool) {
	gpus, ok := k.ProcGPUs.Get()
	if !ok {
		return acceptance.Result{}, false
	}
	i := slices.IndexFunc(gpus, func(pg ProcGPU) bool { return NormBus(pg.BusID) == NormBus(p.BusID) })
	if i < 0 {
		return acceptance.Result{}, false // kernel_gpus already fails
	}
	pg := gpus[i]
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
		res.Status = acceptance.Fail
		res.Message = "NVML and the kernel driver describe different GPUs: " + strings.Join(bad, "; ")
	case pg.Model == "" || pg.UUID == "" || !g.Name.OK() || !g.UUID.OK():
		res.Status = acceptance.Skip
		res.Message = "a name or UUID is unavailable, so not all could be compared"
	default:
		res.Status = acceptance.Pass
		res.Message = "NVML and the kernel driver give the same name and UUID"
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

func nvmlBuses(f *facts.Facts) []string {
	var out []string
	for _, g := range f.GPUs {
		if b, ok := g.BusID.Get(); ok {
			out = append(out, NormBus(b))
		}
	}
	return out
}

func gpuAt(f *facts.Facts, index int) (facts.GPU, bool) {
	for _, g := range f.GPUs {
		if g.Index == index {
			return g, true
		}
	}
	return facts.GPU{}, false
}

// diff returns the elements of a not in b.
func diff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func list(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}
