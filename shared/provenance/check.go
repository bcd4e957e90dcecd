package provenance

import (
	"fmt"
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
	return !v.OK() && strings.Contains(v.Reason().String(), "no such file")
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
			out = append(out, fmt.Sprintf("GPU %d (%s)", g.Index, g.BusID.Reason().String()))
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
