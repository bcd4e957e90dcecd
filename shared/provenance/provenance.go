// Package provenance says where the facts of a report came from, and
// cross-checks what the NVIDIA driver's library (NVML) said against what the
// kernel says, so that a replaced or wrapped libnvidia-ml cannot describe
// GPUs the machine does not have.
//
// A report's facts are either collected live, through NVML, by gpuverify on
// the server (Live), or read from a saved nvidia-smi output (File). A file
// is evidence of nothing: eight sed substitutions turn a T4's capture into
// an RTX 4090's. Check therefore gives every File report an "origin" check
// that is never a pass, so its verdict is at best "incomplete".
//
// On a live run gpuverify also records, beside NVML's facts, what the
// kernel says (Kernel): /proc/driver/nvidia/version, /proc/driver/nvidia/gpus,
// each GPU's directory under /sys/bus/pci/devices, which libnvidia-ml file
// the process mapped (/proc/self/maps) and the loader's environment. Check
// compares them; each disagreement is a failing check of its own with both
// values. Check is pure, so gpuverify verify-report and the planner site
// re-derive the same results from a report file.
package provenance

import (
	"github.com/gpuplan/gpuplan/shared/facts"
)

// The kinds of origin.
const (
	// Live: gpuverify read the facts through NVML on the server it ran on.
	Live = "live-nvml"
	// File: the facts were parsed from a saved nvidia-smi output.
	File = "saved-file"
)

// Origin says where a report's facts came from.
type Origin struct {
	// Kind is Live or File.
	Kind string `json:"kind"`
	// File is the name of the file read, as given on the command line ("-"
	// for standard input); only for File.
	File string `json:"file,omitempty"`
	// Kernel is what the kernel said on a live run; nil for a file.
	Kernel *Kernel `json:"kernel,omitempty"`
}

// Kernel is what the running kernel says about the NVIDIA driver and the
// GPUs, read beside NVML on a live run.
type Kernel struct {
	// DriverVersion is the kernel module's version from
	// /proc/driver/nvidia/version, e.g. "535.104.05".
	DriverVersion facts.Value[string] `json:"driver_version"`
	// ProcGPUs are the GPUs under /proc/driver/nvidia/gpus.
	ProcGPUs facts.Value[[]ProcGPU] `json:"proc_gpus"`
	// NVIDIADevices are the bus ids of every NVIDIA display controller
	// (vendor 0x10de, PCI class 0x03) under /sys/bus/pci/devices.
	NVIDIADevices facts.Value[[]string] `json:"nvidia_devices"`
	// PCI is what sysfs says about each GPU NVML listed, in NVML's order.
	PCI []PCIDevice `json:"pci"`
	// Library is the NVML library gpuverify loaded and the loader's
	// environment.
	Library Library `json:"library"`
	// Host is the machine's own identities, so that one box cannot be
	// merged twice under two host names; nil in reports that did not
	// record them.
	Host *HostIdentity `json:"host,omitempty"`
}

// HostIdentity is what the kernel says identifies the machine itself.
type HostIdentity struct {
	// ProductUUID is the firmware's system UUID,
	// /sys/class/dmi/id/product_uuid (readable by root only on most
	// distributions).
	ProductUUID facts.Value[string] `json:"product_uuid"`
	// MachineID is /etc/machine-id, written once when the OS was
	// installed (machine-id(5)).
	MachineID facts.Value[string] `json:"machine_id"`
	// MACs are the permanent addresses of the physical network adapters,
	// /sys/class/net/*/address of the interfaces with a device link,
	// sorted.
	MACs []string `json:"macs"`
}

// ProcGPU is one directory of /proc/driver/nvidia/gpus and what its
// "information" file says.
type ProcGPU struct {
	// BusID is the directory name, "0000:07:00.0".
	BusID string `json:"bus_id"`
	// Model is the "Model:" line, e.g. "NVIDIA A100-SXM4-80GB".
	Model string `json:"model,omitempty"`
	// UUID is the "GPU UUID:" line.
	UUID string `json:"uuid,omitempty"`
}

// PCIDevice is what sysfs says about the PCI function of one GPU that NVML
// listed.
type PCIDevice struct {
	// Index is NVML's index of the GPU.
	Index int `json:"index"`
	// BusID is the bus id NVML gave, as sysfs names the directory
	// ("0000:07:00.0").
	BusID string `json:"bus_id"`
	// Vendor, Device, SubsystemVendor and SubsystemDevice are the sysfs
	// files of those names, e.g. "0x10de".
	Vendor          facts.Value[string] `json:"vendor"`
	Device          facts.Value[string] `json:"device"`
	SubsystemVendor facts.Value[string] `json:"subsystem_vendor"`
	SubsystemDevice facts.Value[string] `json:"subsystem_device"`
	// CurrentLinkSpeed and MaxLinkSpeed are as sysfs prints them,
	// "16.0 GT/s PCIe".
	CurrentLinkSpeed facts.Value[string] `json:"current_link_speed"`
	MaxLinkSpeed     facts.Value[string] `json:"max_link_speed"`
	// CurrentLinkWidth and MaxLinkWidth are lane counts.
	CurrentLinkWidth facts.Value[int] `json:"current_link_width"`
	MaxLinkWidth     facts.Value[int] `json:"max_link_width"`
	// NUMANode is sysfs's numa_node (-1: none).
	NUMANode facts.Value[int] `json:"numa_node"`
	// NVMLNUMANode is the NUMA node NVML gives (nvmlDeviceGetNumaNodeId).
	NVMLNUMANode facts.Value[int] `json:"nvml_numa_node"`
}

// Library says which libnvidia-ml the gpuverify process loaded and what
// could have steered the loader elsewhere.
type Library struct {
	// Path is the libnvidia-ml file mapped into the process, from
	// /proc/self/maps (the file after symbolic links, so a real driver
	// install shows libnvidia-ml.so.<driver version>).
	Path facts.Value[string] `json:"path"`
	// Mapped lists every mapped file whose name holds "nvidia-ml", when
	// there is more than one.
	Mapped []string `json:"mapped,omitempty"`
	// LDPreload and LDLibraryPath are the environment variables of those
	// names, as gpuverify saw them; empty when unset.
	LDPreload     string `json:"ld_preload"`
	LDLibraryPath string `json:"ld_library_path"`
	// Override is GPUVERIFY_NVML_LIBRARY: a library path chosen by hand.
	Override string `json:"override"`
	// PreloadFile is the content of /etc/ld.so.preload ("" when the file
	// is absent or empty).
	PreloadFile facts.Value[string] `json:"ld_so_preload"`
	// LDAudit is the LD_AUDIT environment variable: audit libraries the
	// loader runs, which can hand it another file for any library.
	LDAudit string `json:"ld_audit,omitempty"`
	// Exe is the program the process runs (/proc/self/exe): gpuverify, or
	// the dynamic loader itself when it was started as "ld.so
	// --library-path DIR gpuverify".
	Exe facts.Value[string] `json:"exe"`
	// Cmdline is the process's command line (/proc/self/cmdline), at
	// most 64 arguments.
	Cmdline []string `json:"cmdline,omitempty"`
	// ATBase is where the kernel loaded the program's interpreter (the
	// auxiliary vector's AT_BASE, /proc/self/auxv), in hex: "0x0" when
	// the loader was run as the program.
	ATBase facts.Value[string] `json:"at_base"`
	// SHA256 is the hex SHA-256 of the mapped library file, read through
	// /proc/self/map_files (the inode the process mapped, even if the
	// name was replaced since) where the kernel allows, else at Path.
	SHA256 facts.Value[string] `json:"sha256"`
	// OnDiskDiffers is true when the file now at Path is not the one the
	// process mapped: it was replaced or deleted after gpuverify loaded it.
	OnDiskDiffers bool `json:"on_disk_differs,omitempty"`
	// Package is the dpkg package that installed the library file;
	// unavailable where dpkg cannot say (no dpkg, or no package lists the
	// file, as after NVIDIA's .run installer). PackageModified is true
	// when the file's MD5 is not the one that package recorded.
	Package         facts.Value[string] `json:"package"`
	PackageModified bool                `json:"package_modified,omitempty"`
}
