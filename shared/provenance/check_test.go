package provenance

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
)

// a100 is one GPU as NVML reports it (the values of the fake library of
// verifier/e2e: an A100-SXM4-80GB at 07:00.0, driver 470.82.01).
func a100() *facts.Facts {
	f := facts.New(facts.SourceNVML)
	f.DriverVersion = facts.Known("470.82.01")
	f.AttachedGPUs = facts.Known(1)
	g := facts.GPU{Index: 0,
		Name: facts.Known("NVIDIA A100-SXM4-80GB"), UUID: facts.Known("GPU-fake-0000"),
		BusID: facts.Known("00000000:07:00.0"), PCIDeviceID: facts.Known("0x20B210DE"), PCISubsystemID: facts.Known("0x145F10DE"),
	}
	g.PCIe.WidthCurrent, g.PCIe.WidthMax = facts.Known(16), facts.Known(16)
	g.PCIe.GenCurrent, g.PCIe.GenMax, g.PCIe.GenDeviceMax = facts.Known(4), facts.Known(4), facts.Known(4)
	f.GPUs = []facts.GPU{g}
	return f
}

// agreeing is the kernel's record of a100's machine.
func agreeing() *Kernel {
	return &Kernel{
		DriverVersion: facts.Known("470.82.01"),
		ProcGPUs:      facts.Known([]ProcGPU{{BusID: "0000:07:00.0", Model: "NVIDIA A100-SXM4-80GB", UUID: "GPU-fake-0000"}}),
		NVIDIADevices: facts.Known([]string{"0000:07:00.0"}),
		PCI: []PCIDevice{{
			Index: 0, BusID: "0000:07:00.0",
			Vendor: facts.Known("0x10de"), Device: facts.Known("0x20b2"), SubsystemVendor: facts.Known("0x10de"), SubsystemDevice: facts.Known("0x145f"),
			CurrentLinkSpeed: facts.Known("16.0 GT/s PCIe"), MaxLinkSpeed: facts.Known("16.0 GT/s PCIe"),
			CurrentLinkWidth: facts.Known(16), MaxLinkWidth: facts.Known(16),
			NUMANode: facts.Known(1), NVMLNUMANode: facts.Known(1),
		}},
		Library: Library{Path: facts.Known("/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.470.82.01"), PreloadFile: facts.Known("")},
	}
}

func byID(rs []acceptance.Result) map[string]acceptance.Result {
	m := map[string]acceptance.Result{}
	for _, r := range rs {
		m[r.ID] = r
	}
	return m
}

func TestAgreeing(t *testing.T) {
	rs := Check(Origin{Kind: Live, Kernel: agreeing()}, a100())
	if len(rs) != 12 {
		t.Errorf("%d results, want 12", len(rs))
	}
	for _, r := range rs {
		if r.Status != acceptance.Pass {
			t.Errorf("%s: %s: %s (%s)", r.ID, r.Status, r.Message, r.Measured)
		}
	}
}

// TestDisagreements: each way a replaced or wrapped NVML shows against the
// kernel fails its own check and names both values.
func TestDisagreements(t *testing.T) {
	for _, c := range []struct {
		name   string
		edit   func(k *Kernel, f *facts.Facts)
		id     string
		status acceptance.Status
		want   string
	}{
		{"driver", func(k *Kernel, f *facts.Facts) { k.DriverVersion = facts.Known("535.104.05") }, "kernel_driver", acceptance.Fail, "NVML says driver 470.82.01 but the kernel module is 535.104.05"},
		{"ld.so --library-path", func(k *Kernel, f *facts.Facts) {
			k.Library.Exe, k.Library.ATBase = facts.Known("/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"), facts.Known("0x0")
			k.Library.Cmdline = []string{"/lib64/ld-linux-x86-64.so.2", "--library-path", "/opt/fake", "/usr/local/bin/gpuverify", "check"}
		}, "kernel_loader", acceptance.Fail, "gpuverify was started through the dynamic loader, whose options choose libraries (/proc/self/exe is /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2; AT_BASE is 0 (no interpreter: the loader is the program); the command line starts with /lib64/ld-linux-x86-64.so.2 --library-path)"},
		{"LD_AUDIT", func(k *Kernel, f *facts.Facts) { k.Library.LDAudit = "/opt/fake/audit.so" }, "kernel_loader", acceptance.Fail, "LD_AUDIT runs /opt/fake/audit.so"},
		{"library outside the system directories (--library-path, a symlinked or relative LD_LIBRARY_PATH entry)", func(k *Kernel, f *facts.Facts) {
			k.Library.Path = facts.Known("/home/vendor/lib/libnvidia-ml.so.470.82.01")
		}, "kernel_library", acceptance.Fail, "/home/vendor/lib/libnvidia-ml.so.470.82.01 is outside the system library directories"},
		{"library swapped after loading", func(k *Kernel, f *facts.Facts) { k.Library.OnDiskDiffers = true }, "kernel_library", acceptance.Fail, "not the file now at its path"},
		{"library file replaced under its package", func(k *Kernel, f *facts.Facts) {
			k.Library.Package, k.Library.PackageModified = facts.Known("libnvidia-compute-470:amd64"), true
		}, "kernel_library", acceptance.Fail, "the file is not the one package libnvidia-compute-470:amd64 installed"},
		{"phantom GPU whose PciInfo fails", func(k *Kernel, f *facts.Facts) {
			g := f.GPUs[0]
			g.Index, g.UUID, g.BusID = 1, facts.Known("GPU-fake-0001"), facts.UnavailableText[string]("nvmlDeviceGetPciInfo: Unknown Error")
			f.GPUs = append(f.GPUs, g)
		}, "kernel_gpus", acceptance.Fail, "NVML lists a GPU without a PCI bus id, which the kernel cannot be asked about: GPU 1 (nvmlDeviceGetPciInfo: Unknown Error)"},
		{"T4 in the slot", func(k *Kernel, f *facts.Facts) { k.PCI[0].Device = facts.Known("0x1eb8") }, "gpu0/kernel_pci_id", acceptance.Fail, "NVML says PCI id 0x20B210DE, the kernel says 0x1EB810DE"},
		{"no such device", func(k *Kernel, f *facts.Facts) {
			k.PCI[0].Vendor = facts.UnavailableText[string]("no /sys/bus/pci/devices/0000:07:00.0")
		}, "gpu0/kernel_pci_id", acceptance.Fail, "the kernel's PCI bus has no such device"},
		{"board", func(k *Kernel, f *facts.Facts) { k.PCI[0].SubsystemDevice = facts.Known("0x1463") }, "gpu0/kernel_subsystem_id", acceptance.Fail, "NVML says subsystem 0x145F10DE, the kernel says 0x146310DE"},
		{"width", func(k *Kernel, f *facts.Facts) { k.PCI[0].CurrentLinkWidth = facts.Known(8) }, "gpu0/kernel_link_width", acceptance.Fail, "current width NVML x16, kernel x8"},
		{"max width", func(k *Kernel, f *facts.Facts) { k.PCI[0].MaxLinkWidth = facts.Known(8) }, "gpu0/kernel_link_width", acceptance.Fail, "max width NVML x16, kernel x8"},
		{"slot narrower than the card", func(k *Kernel, f *facts.Facts) {
			f.GPUs[0].PCIe.WidthMax, f.GPUs[0].PCIe.WidthCurrent, k.PCI[0].CurrentLinkWidth = facts.Known(8), facts.Known(8), facts.Known(8)
		}, "gpu0/kernel_link_width", acceptance.Pass, "NVML x8 of x8, sysfs x8 of x16"},
		{"max gen", func(k *Kernel, f *facts.Facts) { k.PCI[0].MaxLinkSpeed = facts.Known("8.0 GT/s PCIe") }, "gpu0/kernel_link_gen", acceptance.Fail, "GPU max NVML Gen4, kernel Gen3"},
		{"current gen at idle", func(k *Kernel, f *facts.Facts) { k.PCI[0].CurrentLinkSpeed = facts.Known("2.5 GT/s PCIe") }, "gpu0/kernel_link_gen", acceptance.Warn, "current NVML Gen4, kernel Gen1"},
		{"numa", func(k *Kernel, f *facts.Facts) { k.PCI[0].NUMANode = facts.Known(0) }, "gpu0/numa_node", acceptance.Fail, "NUMA node 1, the kernel on 0"},
		{"proc count", func(k *Kernel, f *facts.Facts) {
			k.ProcGPUs = facts.Known([]ProcGPU{{BusID: "0000:07:00.0"}, {BusID: "0000:0a:00.0"}})
		}, "kernel_gpus", acceptance.Fail, "only the kernel: 0000:0a:00.0"},
		{"proc empty", func(k *Kernel, f *facts.Facts) { k.ProcGPUs = facts.Known([]ProcGPU{}) }, "kernel_gpus", acceptance.Fail, "NVML 1 (0000:07:00.0), kernel 0 (none)"},
		{"model", func(k *Kernel, f *facts.Facts) {
			k.ProcGPUs = facts.Known([]ProcGPU{{BusID: "0000:07:00.0", Model: "Tesla T4", UUID: "GPU-fake-0000"}})
		}, "gpu0/kernel_model", acceptance.Fail, `name NVML "NVIDIA A100-SXM4-80GB", kernel "Tesla T4"`},
		{"not on the bus", func(k *Kernel, f *facts.Facts) { k.NVIDIADevices = facts.Known([]string{"0000:3b:00.0"}) }, "kernel_pci_devices", acceptance.Fail, "not NVIDIA display devices on the PCI bus: 0000:07:00.0"},
		{"hidden GPU", func(k *Kernel, f *facts.Facts) {
			k.NVIDIADevices = facts.Known([]string{"0000:07:00.0", "0000:0a:00.0"})
		}, "kernel_pci_devices", acceptance.Warn, "NVIDIA GPUs NVML does not list: 0000:0a:00.0"},
		{"library version", func(k *Kernel, f *facts.Facts) {
			k.Library.Path = facts.Known("/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.104.05")
		}, "kernel_library", acceptance.Fail, "the library is version 535.104.05 but the kernel module is 470.82.01"},
		{"unversioned library", func(k *Kernel, f *facts.Facts) { k.Library.Path = facts.Known("/tmp/x/libnvidia-ml.so.1") }, "kernel_library", acceptance.Fail, "libnvidia-ml.so.1 is not a driver's libnvidia-ml.so.<version> file"},
		{"override", func(k *Kernel, f *facts.Facts) { k.Library.Override = "/opt/fake/libnvidia-ml.so.470.82.01" }, "kernel_library", acceptance.Fail, "GPUVERIFY_NVML_LIBRARY=/opt/fake"},
		{"two libraries", func(k *Kernel, f *facts.Facts) {
			k.Library.Mapped = []string{"/usr/lib/libnvidia-ml.so.470.82.01", "/tmp/libnvidia-ml-shim.so"}
		}, "kernel_library", acceptance.Fail, "2 NVML libraries are mapped"},
		{"LD_PRELOAD", func(k *Kernel, f *facts.Facts) { k.Library.LDPreload = "/tmp/shim.so" }, "kernel_loader", acceptance.Fail, "LD_PRELOAD loads /tmp/shim.so"},
		{"ld.so.preload", func(k *Kernel, f *facts.Facts) { k.Library.PreloadFile = facts.Known("/lib/libshim.so\n") }, "kernel_loader", acceptance.Fail, "/etc/ld.so.preload loads /lib/libshim.so"},
		{"LD_LIBRARY_PATH", func(k *Kernel, f *facts.Facts) {
			k.Library.Path = facts.Known("/opt/x/libnvidia-ml.so.470.82.01")
			k.Library.LDLibraryPath = "/usr/local/cuda/lib64:/opt/x/"
		}, "kernel_loader", acceptance.Fail, "found through LD_LIBRARY_PATH (/opt/x/)"},
		{"CUDA container LD_LIBRARY_PATH", func(k *Kernel, f *facts.Facts) {
			k.Library.Path = facts.Known("/usr/local/nvidia/lib64/libnvidia-ml.so.470.82.01")
			k.Library.LDLibraryPath = "/usr/local/nvidia/lib:/usr/local/nvidia/lib64"
		}, "kernel_loader", acceptance.Pass, `LD_LIBRARY_PATH="/usr/local/nvidia/lib:/usr/local/nvidia/lib64"`},
		{"facts not NVML", func(k *Kernel, f *facts.Facts) { f.Source = facts.SourceXML }, "origin", acceptance.Fail, "not NVML: the report was edited"},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, f := agreeing(), a100()
			c.edit(k, f)
			r, ok := byID(Check(Origin{Kind: Live, Kernel: k}, f))[c.id]
			if !ok || r.Status != c.status || !strings.Contains(r.Message+" "+r.Measured, c.want) {
				t.Errorf("%s: %s %q / %q; want %s with %q", c.id, r.Status, r.Message, r.Measured, c.status, c.want)
			}
		})
	}
}

// TestFileOrigin: a report from a saved file gets only the origin check,
// skipped, so its verdict cannot be pass.
func TestFileOrigin(t *testing.T) {
	f := a100()
	f.Source = facts.SourceXML
	rs := Check(Origin{Kind: File, File: "smi.xml"}, f)
	if len(rs) != 1 || rs[0].Status != acceptance.Skip || !strings.Contains(rs[0].Measured, `saved file "smi.xml"`) {
		t.Fatalf("%+v", rs)
	}
	if s := acceptance.Summarize(rs); s.Verdict != acceptance.VerdictIncomplete {
		t.Errorf("verdict %s", s.Verdict)
	}
	for _, o := range []Origin{{Kind: "proof"}, {}} {
		if rs := Check(o, f); rs[0].Status != acceptance.Fail {
			t.Errorf("origin %+v: %s", o, rs[0].Status)
		}
	}
	if rs := Check(Origin{Kind: Live}, a100()); len(rs) != 1 || rs[0].Status != acceptance.Skip {
		t.Errorf("live without the kernel's record: %+v", rs)
	}
}

func TestSpeedGen(t *testing.T) {
	for in, want := range map[string]int{"2.5 GT/s PCIe": 1, "5.0 GT/s PCIe": 2, "8.0 GT/s PCIe": 3, "16.0 GT/s PCIe": 4, "32.0 GT/s PCIe": 5, "64.0 GT/s PCIe": 6, "16 GT/s": 4} {
		if got, ok := SpeedGen(in); !ok || got != want {
			t.Errorf("%q: %d %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "Unknown speed", "16.0", "7.0 GT/s"} {
		if _, ok := SpeedGen(in); ok {
			t.Errorf("%q accepted", in)
		}
	}
	if NormBus("00000000:07:00.0") != "0000:07:00.0" || NormBus("0000:3B:00.0") != "0000:3b:00.0" {
		t.Error("NormBus")
	}
}

// TestNoKernelDriver: NVML answers on a machine whose kernel has no NVIDIA
// driver: a fake library. The driver and GPU list checks fail; a GPU the PCI
// bus does not have gets only the one failing check.
func TestNoKernelDriver(t *testing.T) {
	k := agreeing()
	k.DriverVersion = facts.UnavailableText[string]("cannot read /proc/driver/nvidia/version: no such file")
	k.ProcGPUs = facts.UnavailableText[[]ProcGPU]("cannot read /proc/driver/nvidia/gpus: no such file")
	why := facts.UnavailableText[string]("no /sys/bus/pci/devices/0000:07:00.0/: the kernel has no PCI device at 0000:07:00.0")
	k.PCI[0] = PCIDevice{Index: 0, BusID: "0000:07:00.0", Vendor: why, Device: why}
	rs := byID(Check(Origin{Kind: Live, Kernel: k}, a100()))
	for _, id := range []string{"kernel_driver", "kernel_gpus", "gpu0/kernel_pci_id"} {
		if rs[id].Status != acceptance.Fail {
			t.Errorf("%s: %s %s", id, rs[id].Status, rs[id].Message)
		}
	}
	if _, ok := rs["gpu0/kernel_link_width"]; ok {
		t.Error("link checks of a device the bus does not have")
	}
	k.DriverVersion = facts.UnavailableText[string]("cannot read /proc/driver/nvidia/version: permission denied")
	if r := byID(Check(Origin{Kind: Live, Kernel: k}, a100()))["kernel_driver"]; r.Status != acceptance.Skip {
		t.Errorf("permission denied: %s", r.Status)
	}
}
