package provenance

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
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
	byIndex := make(map[int]facts.GPU, len(f.GPUs))
	for _, g := range slices.Backward(f.GPUs) {
		byIndex[g.Index] = g // the first GPU of an index, as a linear search finds it
	}
	procs := procByBus(k)
	for _, p := range k.PCI {
		g, ok := byIndex[p.Index]
		if !ok {
			res := acceptance.Result{
				ID: fmt.Sprintf("gpu%d/kernel_pci_id", p.Index), Rule: "A4",
				Expected: "a GPU NVML listed", Measured: "no such GPU in the facts",
			}
			res.Say(acceptance.Fail, msg.New("prov.pci_index"))
			out = append(out, res)
			continue
		}
		if !p.Vendor.OK() && !p.Device.OK() {
			out = append(out, pciID(p, g)) // no such device: nothing else to compare
			continue
		}
		out = append(out, pciID(p, g), subsystemID(p, g), linkWidth(p, g), linkGen(p, g), numaNode(p, g))
		if res, ok := procGPU(procs, p, g); ok {
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
		res.Say(acceptance.Fail, msg.New("prov.origin.live_not_nvml", msg.Text(strconv.Quote(string(f.Source)))))
	case o.Kind == Live && o.Kernel == nil:
		res.Say(acceptance.Skip, msg.New("prov.origin.no_kernel"))
	case o.Kind == Live:
		res.Say(acceptance.Pass, msg.New("prov.origin.live"))
	case o.Kind == File && f.Source == facts.SourceNVML:
		res.Say(acceptance.Fail, msg.New("prov.origin.file_is_nvml"))
	case o.Kind == File:
		res.Say(acceptance.Skip, msg.New("prov.origin.file"))
	default:
		res.Say(acceptance.Fail, msg.New("prov.origin.bad_kind", msg.Text(strconv.Quote(string(Live))), msg.Text(strconv.Quote(string(File))), msg.Text(strconv.Quote(string(o.Kind)))))
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
		res.Say(acceptance.Fail, msg.New("prov.driver.no_module"))
	case !okN || !okK:
		res.Say(acceptance.Skip, msg.New("prov.driver.skip"))
	case nv != kv:
		res.Say(acceptance.Fail, msg.New("prov.driver.fail", msg.Text(nv), msg.Text(kv)))
	default:
		res.Say(acceptance.Pass, msg.New("prov.driver.pass"))
	}
	return res
}

// procGPUs compares the GPUs under /proc/driver/nvidia/gpus with NVML's.
func procGPUs(k *Kernel, f *facts.Facts) acceptance.Result {
	res := acceptance.Result{ID: "kernel_gpus", Rule: "A4", Expected: "the GPUs NVML lists = the GPUs in /proc/driver/nvidia/gpus"}
	gpus, ok := k.ProcGPUs.Get()
	if !ok {
		res.Measured = k.ProcGPUs.String()
		res.Say(acceptance.Skip, msg.New("prov.gpus.skip"))
		if absent(k.ProcGPUs) && len(f.GPUs) > 0 {
			res.Say(acceptance.Fail, msg.New("prov.gpus.none", msg.Int(len(f.GPUs))))
		}
		return res
	}
	var kernel []string
	for _, g := range gpus {
		kernel = append(kernel, NormBus(g.BusID))
	}
	nvml := nvmlBuses(f)
	res.Measured = fmt.Sprintf("NVML %d (%s), kernel %d (%s)", len(nvml), list(nvml), len(kernel), list(kernel))
	if phantom := noBus(f); len(phantom) > 0 {
		// A GPU whose PCI info fails cannot be matched with the kernel's:
		// counting it would let a wrapped NVML add a GPU.
		res.Say(acceptance.Fail, msg.New("prov.gpus.nobus", msg.Text(strings.Join(phantom, "; "))))
		return res
	}
	onlyNVML, onlyKernel := diff(nvml, kernel), diff(kernel, nvml)
	if len(onlyNVML) > 0 || len(onlyKernel) > 0 || len(nvml) != len(kernel) {
		res.Say(acceptance.Fail, msg.New("prov.gpus.fail", msg.Text(list(onlyNVML)), msg.Text(list(onlyKernel))))
		return res
	}
	res.Say(acceptance.Pass, msg.New("prov.gpus.pass", msg.Int(len(nvml))))
	return res
}

// pciDevices compares NVML's GPUs with the NVIDIA display controllers on
// the PCI bus.
func pciDevices(k *Kernel, f *facts.Facts) acceptance.Result {
	res := acceptance.Result{ID: "kernel_pci_devices", Rule: "A4", Expected: "every GPU NVML lists is an NVIDIA device on the PCI bus"}
	devs, ok := k.NVIDIADevices.Get()
	if !ok {
		return res.Skipped(k.NVIDIADevices.String(), msg.New("prov.pci.skip"))
	}
	var bus []string
	for _, d := range devs {
		bus = append(bus, NormBus(d))
	}
	nvml := nvmlBuses(f)
	res.Measured = fmt.Sprintf("NVML %d (%s), PCI bus %d (%s)", len(nvml), list(nvml), len(bus), list(bus))
	if missing := diff(nvml, bus); len(missing) > 0 {
		res.Say(acceptance.Fail, msg.New("prov.pci.fail", msg.Text(list(missing))))
		return res
	}
	if extra := diff(bus, nvml); len(extra) > 0 {
		res.Say(acceptance.Warn, msg.New("prov.pci.extra", msg.Text(list(extra))))
		return res
	}
	res.Say(acceptance.Pass, msg.New("prov.pci.pass", msg.Int(len(nvml))))
	return res
}

// library checks which libnvidia-ml was loaded: one file, the driver's
// own, named for the kernel module's version.
func library(k *Kernel) acceptance.Result {
	l := k.Library
	res := acceptance.Result{ID: "kernel_library", Rule: "A4", Expected: "one libnvidia-ml.so.<kernel driver version> in a system library directory, as its package installed it, not chosen by hand",
		Measured: libraryMeasured(l)}
	p, ok := l.Path.Get()
	if !ok {
		res.Say(acceptance.Skip, msg.New("prov.library.skip"))
		return res
	}
	var bad []string
	if l.Override != "" {
		bad = append(bad, fmt.Sprintf("GPUVERIFY_NVML_LIBRARY=%s chose the library by hand", l.Override))
	}
	if len(l.Mapped) > 1 {
		bad = append(bad, fmt.Sprintf("%d NVML libraries are mapped: %s", len(l.Mapped), strings.Join(l.Mapped, ", ")))
	}
	if !SystemLibDir(path.Dir(p)) {
		bad = append(bad, fmt.Sprintf("%s is outside the system library directories (%s), where no driver installs it", p, strings.Join(systemLibDirs, ", ")))
	}
	if l.OnDiskDiffers {
		bad = append(bad, "the library the process mapped is not the file now at its path: it was replaced or deleted after gpuverify loaded it")
	}
	if pkg, ok := l.Package.Get(); ok && l.PackageModified {
		bad = append(bad, fmt.Sprintf("the file is not the one package %s installed (its MD5 differs from the package's)", pkg))
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
		res.Say(acceptance.Fail, msg.New("prov.library.fail", msg.Text(strings.Join(bad, "; "))))
		return res
	}
	if !okK {
		res.Say(acceptance.Skip, msg.New("prov.library.no_version"))
		return res
	}
	res.Say(acceptance.Pass, msg.New("prov.library.pass", msg.Text(p), msg.Text(kv)))
	return res
}

// libraryMeasured is what the record says of the library: its path, and
// its SHA-256 and package when they were read.
func libraryMeasured(l Library) string {
	m := l.Path.String()
	if h, ok := l.SHA256.Get(); ok {
		m += ", sha256 " + h
	}
	if pkg, ok := l.Package.Get(); ok {
		m += ", from package " + pkg
	}
	return m
}

// loaderOptions are ld.so's options that choose or wrap libraries.
var loaderOptions = []string{"--library-path", "--preload", "--audit", "--inhibit-cache", "--inhibit-rpath", "--glibc-hwcaps-prepend", "--glibc-hwcaps-mask"}

// startedByLoader says how the process was started through the dynamic
// loader run as a program ("ld.so --library-path DIR gpuverify"), which
// chooses libraries no environment variable shows; "" when it was not.
func startedByLoader(l Library) string {
	var why []string
	if exe, ok := l.Exe.Get(); ok && isLoader(path.Base(exe)) {
		why = append(why, "/proc/self/exe is "+exe)
	}
	if base, ok := l.ATBase.Get(); ok && base == "0x0" {
		why = append(why, "AT_BASE is 0 (no interpreter: the loader is the program)")
	}
	if len(l.Cmdline) > 0 && isLoader(path.Base(l.Cmdline[0])) {
		var opts []string
		for _, a := range l.Cmdline {
			for _, o := range loaderOptions {
				if a == o || strings.HasPrefix(a, o+"=") {
					opts = append(opts, a)
				}
			}
		}
		why = append(why, fmt.Sprintf("the command line starts with %s %s", l.Cmdline[0], strings.Join(opts, " ")))
	}
	return strings.Join(why, "; ")
}

// isLoader reports whether a file name is the dynamic loader's:
// ld-linux-x86-64.so.2, ld-linux-aarch64.so.1, ld.so, ld64.so.2,
// ld-musl-x86_64.so.1.
func isLoader(base string) bool {
	return strings.HasPrefix(base, "ld-linux") || strings.HasPrefix(base, "ld.so") || strings.HasPrefix(base, "ld64.so") || strings.HasPrefix(base, "ld-musl")
}

// loader checks what could have made the dynamic loader pick another
// library or wrap it: LD_PRELOAD, /etc/ld.so.preload, LD_AUDIT,
// LD_LIBRARY_PATH, and the loader started as the program.
func loader(l Library) acceptance.Result {
	res := acceptance.Result{ID: "kernel_loader", Rule: "A4", Expected: "no LD_PRELOAD, /etc/ld.so.preload or LD_AUDIT, library not found through LD_LIBRARY_PATH, gpuverify not started through ld.so"}
	pre, preOK := l.PreloadFile.Get()
	res.Measured = fmt.Sprintf("LD_PRELOAD=%q, LD_LIBRARY_PATH=%q, LD_AUDIT=%q, /etc/ld.so.preload %s, exe %s, AT_BASE %s", l.LDPreload, l.LDLibraryPath, l.LDAudit, quoteOr(l.PreloadFile), l.Exe, l.ATBase)
	var bad []string
	if l.LDPreload != "" {
		bad = append(bad, "LD_PRELOAD loads "+l.LDPreload+" before every library")
	}
	if l.LDAudit != "" {
		bad = append(bad, "LD_AUDIT runs "+l.LDAudit+", which can hand the loader another file for any library")
	}
	if how := startedByLoader(l); how != "" {
		bad = append(bad, "gpuverify was started through the dynamic loader, whose options choose libraries ("+how+")")
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
		res.Say(acceptance.Fail, msg.New("prov.loader.fail", msg.Text(strings.Join(bad, "; "))))
		return res
	}
	if !preOK {
		res.Say(acceptance.Skip, msg.New("prov.loader.skip", msg.Text(l.PreloadFile.Reason())))
		return res
	}
	res.Say(acceptance.Pass, msg.New("prov.loader.pass"))
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

func nvmlBuses(f *facts.Facts) []string {
	var out []string
	for _, g := range f.GPUs {
		if b, ok := g.BusID.Get(); ok {
			out = append(out, NormBus(b))
		}
	}
	return out
}

// procByBus is the kernel's GPUs by normalised bus id, the first of each;
// empty when they were not read.
func procByBus(k *Kernel) map[string]ProcGPU {
	gpus, _ := k.ProcGPUs.Get()
	out := make(map[string]ProcGPU, len(gpus))
	for _, pg := range slices.Backward(gpus) {
		out[NormBus(pg.BusID)] = pg
	}
	return out
}

// noBus lists the GPUs NVML gave no PCI bus id for ("GPU 3: reason"):
// GPUs nothing in the kernel can be held against.
func noBus(f *facts.Facts) []string {
	var out []string
	for _, g := range f.GPUs {
		if !g.BusID.OK() {
			out = append(out, fmt.Sprintf("GPU %d (%s)", g.Index, g.BusID.Reason()))
		}
	}
	return out
}

// diff returns the elements of a not in b, in a's order, in time linear
// in both.
func diff(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, x := range b {
		in[x] = true
	}
	var out []string
	for _, x := range a {
		if !in[x] {
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
