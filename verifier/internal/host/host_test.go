package host

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, body := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCollect(t *testing.T) {
	root := writeTree(t, map[string]string{
		"proc/sys/kernel/hostname":  "gpu-node-07\n",
		"proc/sys/kernel/osrelease": "5.15.0-185-generic\n",
		"etc/os-release":            "NAME=\"Ubuntu\"\nVERSION_ID=\"22.04\"\nPRETTY_NAME=\"Ubuntu 22.04.5 LTS\"\n",
		"proc/cpuinfo":              "processor\t: 0\nmodel name\t: AMD EPYC 9654 96-Core Processor\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 9654 96-Core Processor\n",
		"proc/meminfo":              "MemTotal:       2113445508 kB\nMemFree:        1000 kB\n",
	})
	h := Collect(root)
	for name, got := range map[string]string{
		"hostname": h.Hostname.String(), "kernel": h.Kernel.String(), "os": h.OSRelease.String(),
		"cpu": h.CPUModel.String(), "memory": h.MemoryTotalMiB.String(),
	} {
		want := map[string]string{
			"hostname": "gpu-node-07", "kernel": "5.15.0-185-generic", "os": "Ubuntu 22.04.5 LTS",
			"cpu": "AMD EPYC 9654 96-Core Processor (2 logical CPUs)", "memory": "2063911",
		}[name]
		if got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

// TestFallbacks: /etc/hostname, /usr/lib/os-release and the ARM "Model"
// line are read when the first choice is missing.
func TestFallbacks(t *testing.T) {
	root := writeTree(t, map[string]string{
		"etc/hostname":           "edge-1\n",
		"usr/lib/os-release":     "PRETTY_NAME='Rocky Linux 9.4 (Blue Onyx)'\n",
		"proc/cpuinfo":           "processor\t: 0\nBogoMIPS\t: 2000.00\nModel\t: NVIDIA Grace\n",
		"proc/meminfo":           "MemFree: 1 kB\n",
		"proc/sys/kernel/random": "",
	})
	h := Collect(root)
	if h.Hostname.Or("") != "edge-1" || h.OSRelease.Or("") != "Rocky Linux 9.4 (Blue Onyx)" || h.CPUModel.Or("") != "NVIDIA Grace (1 logical CPUs)" {
		t.Errorf("got %s / %s / %s", h.Hostname, h.OSRelease, h.CPUModel)
	}
	if h.Kernel.OK() || !strings.Contains(h.Kernel.Reason().String(), "/proc/sys/kernel/osrelease") {
		t.Errorf("kernel %s", h.Kernel)
	}
	if h.MemoryTotalMiB.OK() || !strings.Contains(h.MemoryTotalMiB.Reason().String(), "no MemTotal") {
		t.Errorf("memory %s", h.MemoryTotalMiB)
	}
}

func TestEmptyRoot(t *testing.T) {
	h := Collect(t.TempDir())
	for _, v := range []interface{ OK() bool }{h.Hostname, h.Kernel, h.OSRelease, h.CPUModel, h.MemoryTotalMiB} {
		if v.OK() {
			t.Errorf("a fact was read from an empty tree: %v", v)
		}
	}
	if !strings.Contains(h.OSRelease.Reason().String(), "no such file") {
		t.Errorf("reason %q", h.OSRelease.Reason().String())
	}
}

// TestThisMachine reads the real /proc on Linux.
func TestThisMachine(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc: Linux only")
	}
	h := Collect("/")
	if !h.Kernel.OK() || !h.MemoryTotalMiB.OK() || h.MemoryTotalMiB.Or(0) <= 0 {
		t.Errorf("kernel %s, memory %s", h.Kernel, h.MemoryTotalMiB)
	}
}
