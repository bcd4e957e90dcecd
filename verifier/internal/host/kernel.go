package host

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

// maxProcGPUs bounds the /proc/driver/nvidia/gpus entries read.
const maxProcGPUs = 1024

// Kernel reads what the kernel says about the NVIDIA driver and the GPUs
// NVML listed, under root ("/" on a real machine), for the cross-checks of
// package provenance: /proc/driver/nvidia/version and gpus, each GPU's
// /sys/bus/pci/devices entry, the NVIDIA display controllers on the bus,
// the libnvidia-ml mapped into this process (proc/self/maps under root) and
// /etc/ld.so.preload. numa holds NVML's NUMA node of each GPU by index;
// getenv reads the loader's environment. Kernel never fails: what it cannot
// read is unavailable with the reason.
func Kernel(root string, gpus []facts.GPU, numa map[int]facts.Value[int], getenv func(string) string) *provenance.Kernel {
	k := &provenance.Kernel{
		DriverVersion: driverVersion(root),
		ProcGPUs:      procGPUs(root),
		NVIDIADevices: nvidiaDevices(root),
		Library:       library(root, getenv),
		Host:          hostIdentity(root),
	}
	for _, g := range gpus {
		bus, ok := g.BusID.Get()
		if !ok {
			continue
		}
		nv, ok := numa[g.Index]
		if !ok {
			nv = facts.Unavailable[int](msg.New("facts.reason.host.not_from_nvml"))
		}
		k.PCI = append(k.PCI, pciDevice(root, g.Index, provenance.NormBus(bus), nv))
	}
	return k
}

// versionRE finds the version in /proc/driver/nvidia/version: "NVRM
// version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 …" or
// "… Open Kernel Module for x86_64  550.54.15  Release Build …".
var versionRE = regexp.MustCompile(`Kernel Module(?: for \S+)?\s+(\d+\.\d+(?:\.\d+)*)\s`)

func driverVersion(root string) facts.Value[string] {
	data, why := read(root, "proc/driver/nvidia/version")
	if !why.IsZero() {
		return facts.Unavailable[string](why)
	}
	return parseDriverVersion(data)
}

// parseDriverVersion reads the module version from the text of
// /proc/driver/nvidia/version.
func parseDriverVersion(data []byte) facts.Value[string] {
	m := versionRE.FindSubmatch(append(bytes.Clone(data), ' '))
	if m == nil {
		return facts.Unavailable[string](msg.New("facts.reason.host.no_module_version"))
	}
	return facts.Known(string(m[1]))
}

// procGPUs lists /proc/driver/nvidia/gpus and reads each information file.
func procGPUs(root string) facts.Value[[]provenance.ProcGPU] {
	dir := filepath.Join(root, "proc/driver/nvidia/gpus")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return facts.Unavailable[[]provenance.ProcGPU](cannotRead("/proc/driver/nvidia/gpus", err))
	}
	out := []provenance.ProcGPU{}
	for i, e := range entries {
		if i >= maxProcGPUs {
			break
		}
		g := provenance.ProcGPU{BusID: e.Name()}
		if data, why := read(root, "proc/driver/nvidia/gpus/"+e.Name()+"/information"); why.IsZero() {
			g.Model, g.UUID = parseInformation(data)
		}
		out = append(out, g)
	}
	return facts.Known(out)
}

// parseInformation reads the Model and GPU UUID lines of a
// /proc/driver/nvidia/gpus/BUS/information file.
func parseInformation(data []byte) (model, uuid string) {
	for _, line := range strings.Split(string(data), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "Model":
			model = strings.TrimSpace(val)
		case "GPU UUID":
			uuid = strings.TrimSpace(val)
		}
	}
	return model, uuid
}

// nvidiaDevices lists the NVIDIA display controllers (vendor 0x10de, class
// 0x03xxxx) under /sys/bus/pci/devices; NVSwitches (class 0x0680) are not.
func nvidiaDevices(root string) facts.Value[[]string] {
	entries, err := os.ReadDir(filepath.Join(root, "sys/bus/pci/devices"))
	if err != nil {
		return facts.Unavailable[[]string](cannotRead("/sys/bus/pci/devices", err))
	}
	out := []string{}
	for _, e := range entries {
		base := "sys/bus/pci/devices/" + e.Name() + "/"
		vendor, _ := read(root, base+"vendor")
		class, _ := read(root, base+"class")
		if strings.TrimSpace(string(vendor)) == "0x10de" && strings.HasPrefix(strings.TrimSpace(string(class)), "0x03") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return facts.Known(out)
}

// pciDevice reads the sysfs entry of the GPU at bus.
func pciDevice(root string, index int, bus string, nvmlNUMA facts.Value[int]) provenance.PCIDevice {
	d := provenance.PCIDevice{Index: index, BusID: bus, NVMLNUMANode: nvmlNUMA}
	base := "sys/bus/pci/devices/" + bus + "/"
	if _, err := os.Stat(filepath.Join(root, base)); err != nil || strings.Contains(bus, "/") {
		why := msg.New("facts.reason.host.no_pci_device", msg.Text("/"+base), msg.Text(bus))
		d.Vendor, d.Device = facts.Unavailable[string](why), facts.Unavailable[string](why)
		d.SubsystemVendor, d.SubsystemDevice = facts.Unavailable[string](why), facts.Unavailable[string](why)
		d.CurrentLinkSpeed, d.MaxLinkSpeed = facts.Unavailable[string](why), facts.Unavailable[string](why)
		d.CurrentLinkWidth, d.MaxLinkWidth, d.NUMANode = facts.Unavailable[int](why), facts.Unavailable[int](why), facts.Unavailable[int](why)
		return d
	}
	d.Vendor = firstLine(root, base+"vendor")
	d.Device = firstLine(root, base+"device")
	d.SubsystemVendor = firstLine(root, base+"subsystem_vendor")
	d.SubsystemDevice = firstLine(root, base+"subsystem_device")
	d.CurrentLinkSpeed = firstLine(root, base+"current_link_speed")
	d.MaxLinkSpeed = firstLine(root, base+"max_link_speed")
	d.CurrentLinkWidth = intFile(root, base+"current_link_width")
	d.MaxLinkWidth = intFile(root, base+"max_link_width")
	d.NUMANode = intFile(root, base+"numa_node")
	return d
}

func intFile(root, rel string) facts.Value[int] {
	s := firstLine(root, rel)
	v, ok := s.Get()
	if !ok {
		return facts.Unavailable[int](s.Reason())
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < -1 || n > 1<<16 {
		return facts.Unavailable[int](msg.New("facts.reason.host.not_number", msg.Text("/"+rel), msg.Text(strconv.Quote(v))))
	}
	return facts.Known(n)
}

// library finds the libnvidia-ml files mapped into this process and reads
// what could have steered the loader.
func library(root string, getenv func(string) string) provenance.Library {
	l := provenance.Library{
		LDPreload:     getenv("LD_PRELOAD"),
		LDLibraryPath: getenv("LD_LIBRARY_PATH"),
		Override:      getenv("GPUVERIFY_NVML_LIBRARY"),
		LDAudit:       getenv("LD_AUDIT"),
		Exe:           exe(root),
		Cmdline:       cmdline(root),
		ATBase:        atBase(root),
	}
	data, why := read(root, "proc/self/maps")
	if !why.IsZero() {
		l.Path = facts.Unavailable[string](why)
	} else {
		mapped := mappedNVML(data)
		switch len(mapped) {
		case 0:
			l.Path = facts.Unavailable[string](msg.New("facts.reason.host.nvml_not_mapped"))
		case 1:
			l.Path = facts.Known(mapped[0])
		default:
			l.Path = facts.Known(mapped[0])
			l.Mapped = mapped
		}
	}
	if p, ok := l.Path.Get(); ok {
		l.SHA256, l.OnDiskDiffers = mappedSHA256(root, string(data), p)
		l.Package, l.PackageModified = dpkgOwner(root, p)
	} else {
		l.SHA256, l.Package = facts.Unavailable[string](l.Path.Reason()), facts.Unavailable[string](l.Path.Reason())
	}
	pre, err := os.ReadFile(filepath.Join(root, "etc/ld.so.preload"))
	switch {
	case os.IsNotExist(err):
		l.PreloadFile = facts.Known("")
	case err != nil:
		l.PreloadFile = facts.Unavailable[string](cannotRead("/etc/ld.so.preload", err))
	default:
		if len(pre) > 4096 {
			pre = pre[:4096]
		}
		l.PreloadFile = facts.Known(string(pre))
	}
	return l
}

// mappedNVML lists the distinct files of a /proc/self/maps text whose
// name holds "nvidia-ml".
func mappedNVML(maps []byte) []string {
	var mapped []string
	for _, line := range strings.Split(string(maps), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || !strings.HasPrefix(f[5], "/") {
			continue
		}
		p := strings.Join(f[5:], " ")
		if strings.Contains(path.Base(p), "nvidia-ml") && !contains(mapped, p) {
			mapped = append(mapped, p)
		}
	}
	return mapped
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// maxNICs bounds the network interfaces read.
const maxNICs = 256

// hostIdentity reads what identifies the machine itself: the firmware's
// system UUID, the machine-id and the MAC addresses of the physical
// network adapters (an interface with a device link; loopback, bridges and
// veths have none).
func hostIdentity(root string) *provenance.HostIdentity {
	h := &provenance.HostIdentity{
		ProductUUID: firstLine(root, "sys/class/dmi/id/product_uuid"),
		MachineID:   firstLine(root, "etc/machine-id"),
		MACs:        []string{},
	}
	entries, _ := os.ReadDir(filepath.Join(root, "sys/class/net"))
	for i, e := range entries {
		if i == maxNICs {
			break
		}
		dir := filepath.Join(root, "sys/class/net", e.Name())
		if _, err := os.Stat(filepath.Join(dir, "device")); err != nil {
			continue
		}
		mac := firstLine(root, filepath.Join("sys/class/net", e.Name(), "address")).Or("")
		if mac = strings.ToLower(mac); mac != "" && mac != "00:00:00:00:00:00" && !contains(h.MACs, mac) {
			h.MACs = append(h.MACs, mac)
		}
	}
	sort.Strings(h.MACs)
	return h
}
