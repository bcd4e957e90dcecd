package host

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
	"github.com/gpuplan/gpuplan/verifier/internal/host/hosttest"
)

const realLib = "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.470.82.01"

func nvmlGPU() facts.GPU {
	return facts.GPU{Index: 0, BusID: facts.Known("00000000:07:00.0")}
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestKernel(t *testing.T) {
	files := hosttest.Files("470.82.01", realLib, hosttest.A100)
	files["sys/bus/pci/devices/0000:00:01.0/vendor"] = "0x8086\n"                       // a bridge
	files["sys/bus/pci/devices/0000:b0:00.0/vendor"] = "0x10de\n"                       // an NVSwitch
	files["sys/bus/pci/devices/0000:b0:00.0/class"] = "0x068000\n"                      // is not a GPU
	files["proc/driver/nvidia/gpus/0000:07:00.0/information"] += "GPU Excluded:\t No\n" // extra lines are fine
	root := hosttest.Write(t, files)
	k := Kernel(root, []facts.GPU{nvmlGPU()}, map[int]facts.Value[int]{0: facts.Known(0)}, env(nil))
	if v := k.DriverVersion.Or(""); v != "470.82.01" {
		t.Errorf("driver %q", v)
	}
	if procs, _ := k.ProcGPUs.Get(); len(procs) != 1 || procs[0].Model != "NVIDIA A100-SXM4-80GB" || procs[0].UUID != "GPU-fake-0000" {
		t.Errorf("proc gpus %+v", procs)
	}
	if devs, _ := k.NVIDIADevices.Get(); len(devs) != 1 || devs[0] != "0000:07:00.0" {
		t.Errorf("nvidia devices %v", devs)
	}
	if len(k.PCI) != 1 || k.PCI[0].Device.Or("") != "0x20b2" || k.PCI[0].MaxLinkWidth.Or(0) != 16 || k.PCI[0].NUMANode.Or(-2) != 0 {
		t.Errorf("pci %+v", k.PCI)
	}
	if k.Library.Path.Or("") != realLib || k.Library.PreloadFile.Or("x") != "" || len(k.Library.Mapped) != 0 {
		t.Errorf("library %+v", k.Library)
	}
	// With NVML's facts for the same GPU, every cross-check passes.
	f := facts.New(facts.SourceNVML)
	f.DriverVersion = facts.Known("470.82.01")
	g := nvmlGPU()
	g.Name, g.UUID = facts.Known("NVIDIA A100-SXM4-80GB"), facts.Known("GPU-fake-0000")
	g.PCIDeviceID, g.PCISubsystemID = facts.Known("0x20B210DE"), facts.Known("0x145F10DE")
	g.PCIe.WidthCurrent, g.PCIe.WidthMax, g.PCIe.GenCurrent, g.PCIe.GenMax = facts.Known(16), facts.Known(16), facts.Known(4), facts.Known(4)
	f.GPUs = []facts.GPU{g}
	for _, r := range provenance.Check(provenance.Origin{Kind: provenance.Live, Kernel: k}, f) {
		if r.Status != "pass" {
			t.Errorf("%s %s: %s (%s)", r.ID, r.Status, r.Message, r.Measured)
		}
	}
}

// TestKernelOpenModule: the open kernel modules word their version line
// differently.
func TestKernelOpenModule(t *testing.T) {
	root := hosttest.Write(t, map[string]string{"proc/driver/nvidia/version": "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  550.54.15  Release Build  (dvs-builder@U16-I3-B03-4-3)  Tue Mar  5 22:15:33 UTC 2024\n"})
	if v := driverVersion(root); v.Or("") != "550.54.15" {
		t.Errorf("version %s", v)
	}
}

func TestKernelMissing(t *testing.T) {
	root := hosttest.Write(t, map[string]string{
		"proc/self/maps":    "7f1c2a000000-7f1c2a100000 r-xp 00000000 08:01 2 /tmp/a/libnvidia-ml.so.1\n7f1c2a000000-7f1c2a100000 r-xp 00000000 08:01 2 /tmp/b/libnvidia-ml-shim.so\n",
		"etc/ld.so.preload": "/lib/x.so\n",
	})
	k := Kernel(root, []facts.GPU{nvmlGPU()}, nil, env(map[string]string{"LD_PRELOAD": "/tmp/p.so", "LD_LIBRARY_PATH": "/tmp/a", "GPUVERIFY_NVML_LIBRARY": "/tmp/a/libnvidia-ml.so.1"}))
	if !strings.Contains(k.DriverVersion.Reason().String(), "cannot read /proc/driver/nvidia/version") || k.ProcGPUs.OK() || k.NVIDIADevices.OK() {
		t.Errorf("driver %s, proc %s, devices %s", k.DriverVersion, k.ProcGPUs, k.NVIDIADevices)
	}
	if !strings.Contains(k.PCI[0].Vendor.Reason().String(), "no PCI device at 0000:07:00.0") || k.PCI[0].NVMLNUMANode.OK() {
		t.Errorf("pci %+v", k.PCI[0])
	}
	l := k.Library
	if len(l.Mapped) != 2 || l.LDPreload != "/tmp/p.so" || l.LDLibraryPath != "/tmp/a" || l.Override == "" || l.PreloadFile.Or("") != "/lib/x.so\n" {
		t.Errorf("library %+v", l)
	}
}

// FuzzKernelFiles: the parsers of /proc/driver/nvidia/version, a GPU's
// information file and /proc/self/maps never panic, and what they return
// comes from the input.
func FuzzKernelFiles(f *testing.F) {
	files := hosttest.Files("470.82.01", realLib, hosttest.A100)
	for _, name := range []string{"proc/driver/nvidia/version", "proc/self/maps", "proc/driver/nvidia/gpus/0000:07:00.0/information"} {
		f.Add([]byte(files[name]))
	}
	f.Add([]byte("NVRM version: NVIDIA UNIX Open Kernel Module for aarch64  550.54.15  Release Build"))
	f.Fuzz(func(t *testing.T, data []byte) {
		version := parseDriverVersion(data)
		if v, ok := version.Get(); ok && !strings.Contains(string(data), v) {
			t.Fatalf("version %q is not in the input", v)
		}
		if !version.OK() && msg.IsVerbatim(version.Reason()) {
			t.Fatalf("reason %q has no message", version.Reason())
		}
		model, uuid := parseInformation(data)
		if !strings.Contains(string(data), model) || !strings.Contains(string(data), uuid) {
			t.Fatalf("model %q uuid %q not in the input", model, uuid)
		}
		for _, p := range mappedNVML(data) {
			if !strings.HasPrefix(p, "/") || !strings.Contains(p, "nvidia-ml") {
				t.Fatalf("mapped %q", p)
			}
		}
	})
}

// TestHostIdentity: the machine's own identities, so merge can tell one
// box under two host names: the DMI product UUID, the machine-id and the
// MACs of the adapters with a device (not the loopback or a bridge).
func TestHostIdentity(t *testing.T) {
	files := hosttest.Files("470.82.01", realLib, hosttest.A100)
	files["sys/class/dmi/id/product_uuid"] = "4C4C4544-004D-3510-804B-C4C04F4A3332\n"
	files["etc/machine-id"] = "0f1e2d3c4b5a69788796a5b4c3d2e1f0\n"
	files["sys/class/net/eth0/address"] = "0C:42:A1:00:00:01\n"
	files["sys/class/net/eth0/device/vendor"] = "0x15b3\n"
	files["sys/class/net/lo/address"] = "00:00:00:00:00:00\n"
	files["sys/class/net/br0/address"] = "02:42:ac:11:00:02\n"
	root := hosttest.Write(t, files)
	h := Kernel(root, nil, nil, env(nil)).Host
	if h.ProductUUID.Or("") != "4C4C4544-004D-3510-804B-C4C04F4A3332" || h.MachineID.Or("") != "0f1e2d3c4b5a69788796a5b4c3d2e1f0" ||
		len(h.MACs) != 1 || h.MACs[0] != "0c:42:a1:00:00:01" {
		t.Errorf("host %+v", h)
	}
	// Without the files: unavailable with the reason, never an error.
	h = Kernel(t.TempDir(), nil, nil, env(nil)).Host
	if h.MachineID.OK() || !strings.Contains(h.MachineID.Reason().String(), "no such file") || len(h.MACs) != 0 {
		t.Errorf("empty root: %+v", h)
	}
}

// TestLoaderRecord: how the process was started (/proc/self/exe, cmdline,
// auxv AT_BASE), LD_AUDIT, and the library's SHA-256 and dpkg package,
// with a file changed under its package found by its MD5.
func TestLoaderRecord(t *testing.T) {
	lib := "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.470.82.01"
	body := "the driver's NVML\n"
	files := hosttest.Files("470.82.01", lib, hosttest.A100)
	files[strings.TrimPrefix(lib, "/")] = body
	files["proc/self/cmdline"] = "/lib64/ld-linux-x86-64.so.2\x00--library-path\x00/opt/fake\x00gpuverify\x00check\x00"
	auxv := make([]byte, 48)
	auxv[0], auxv[8] = 6, 0x10 // AT_PAGESZ 4096>>8, any
	auxv[16] = atBaseType      // AT_BASE 0x0: the loader is the program
	files["proc/self/auxv"] = string(auxv)
	files["var/lib/dpkg/info/libnvidia-compute-470:amd64.list"] = "/.\n/usr\n" + lib + "\n"
	files["var/lib/dpkg/info/libnvidia-compute-470:amd64.md5sums"] = "3f3c6b4e9a4b0a1c5d2e7f8091a2b3c4  " + strings.TrimPrefix(lib, "/") + "\n"
	root := hosttest.Write(t, files)
	if err := os.Symlink("/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", filepath.Join(root, "proc/self/exe")); err != nil {
		t.Fatal(err)
	}
	l := Kernel(root, nil, nil, env(map[string]string{"LD_AUDIT": "/opt/fake/audit.so"})).Library
	sum := sha256.Sum256([]byte(body))
	if l.Exe.Or("") != "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" || l.ATBase.Or("") != "0x0" || l.LDAudit != "/opt/fake/audit.so" ||
		len(l.Cmdline) != 5 || l.Cmdline[1] != "--library-path" || l.SHA256.Or("") != hex.EncodeToString(sum[:]) ||
		l.Package.Or("") != "libnvidia-compute-470:amd64" || !l.PackageModified {
		t.Errorf("library %+v", l)
	}
	// The mapped inode (map_files) is not the file now at the path.
	files["proc/self/map_files/7f1c2a000000-7f1c2a100000"] = "a fake NVML, since replaced\n"
	l = Kernel(hosttest.Write(t, files), nil, nil, env(nil)).Library
	fake := sha256.Sum256([]byte("a fake NVML, since replaced\n"))
	if !l.OnDiskDiffers || l.SHA256.Or("") != hex.EncodeToString(fake[:]) {
		t.Errorf("swapped after loading: %+v", l)
	}
	delete(files, "proc/self/map_files/7f1c2a000000-7f1c2a100000")
	// The file as the package installed it.
	m := md5.Sum([]byte(body))
	files["var/lib/dpkg/info/libnvidia-compute-470:amd64.md5sums"] = hex.EncodeToString(m[:]) + "  " + strings.TrimPrefix(lib, "/") + "\n"
	if l := Kernel(hosttest.Write(t, files), nil, nil, env(nil)).Library; l.PackageModified || !l.Package.OK() {
		t.Errorf("unmodified: %+v", l)
	}
}
