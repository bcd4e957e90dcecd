// Package hosttest writes fake /proc and /sys trees for the tests of
// package host and of gpuverify: a machine whose kernel agrees with the
// fake NVML of the tests, which each test then changes.
package hosttest

import (
	"os"
	"path/filepath"
	"testing"
)

// GPU is one GPU of a fake tree.
type GPU struct {
	Bus                      string // "0000:07:00.0"
	Device, SubsystemDevice  string // "0x20b2", "0x145f"
	Model, UUID              string
	CurSpeed, MaxSpeed       string // "16.0 GT/s PCIe"
	CurWidth, MaxWidth, NUMA string
	Class                    string // "0x030200"; empty means that
}

// A100 is the GPU of verifier/e2e's fake libnvidia-ml and of the verifier
// tests' fake session.
var A100 = GPU{Bus: "0000:07:00.0", Device: "0x20b2", SubsystemDevice: "0x145f", Model: "NVIDIA A100-SXM4-80GB", UUID: "GPU-fake-0000",
	CurSpeed: "16.0 GT/s PCIe", MaxSpeed: "16.0 GT/s PCIe", CurWidth: "16", MaxWidth: "16", NUMA: "0"}

// Files returns the files of a machine with driver version and gpus, and
// libnvidia-ml mapped from lib. Tests add or change entries, then Write.
func Files(version, lib string, gpus ...GPU) map[string]string {
	files := map[string]string{
		"proc/driver/nvidia/version": "NVRM version: NVIDIA UNIX x86_64 Kernel Module  " + version + "  Thu Oct 28 22:46:00 UTC 2021\nGCC version:  gcc version 9.3.0\n",
		"proc/self/maps": "55d0c2a00000-55d0c2a01000 r--p 00000000 08:01 1 /usr/local/bin/gpuverify\n" +
			"7f1c2a000000-7f1c2a100000 r-xp 00000000 08:01 2 " + lib + "\n" +
			"7f1c2b000000-7f1c2b100000 r-xp 00000000 08:01 3 /usr/lib/x86_64-linux-gnu/libc.so.6\n",
	}
	for _, g := range gpus {
		class := g.Class
		if class == "" {
			class = "0x030200"
		}
		d := "sys/bus/pci/devices/" + g.Bus + "/"
		for name, v := range map[string]string{
			"vendor": "0x10de", "device": g.Device, "subsystem_vendor": "0x10de", "subsystem_device": g.SubsystemDevice, "class": class,
			"current_link_speed": g.CurSpeed, "max_link_speed": g.MaxSpeed, "current_link_width": g.CurWidth, "max_link_width": g.MaxWidth, "numa_node": g.NUMA,
		} {
			files[d+name] = v + "\n"
		}
		files["proc/driver/nvidia/gpus/"+g.Bus+"/information"] = "Model: \t\t " + g.Model + "\nIRQ:   \t\t 42\nGPU UUID: \t " + g.UUID + "\nBus Location: \t " + g.Bus + "\n"
	}
	return files
}

// Write writes files under a new temporary directory and returns it.
func Write(t testing.TB, files map[string]string) string {
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
