// Package facts holds what a GPU server says about itself: driver, GPUs,
// identity, memory, ECC and wear counters, PCIe links, clocks, power limits,
// MIG, virtualisation and NVLink. Both the gpuverify CLI (from NVML) and the
// planner site (from pasted nvidia-smi output) fill the same Facts, and the
// acceptance checks read only this type (rules A1, A2: model, memory, driver
// and clock limits are checked against the contract).
//
// Every fact is a Value: either the value read, or the reason it could not
// be read, a message. A missing fact is never a silent zero. In JSON the
// reason is written in English, for scripts, with its message (no message
// for a driver's or a tool's own words; see Value):
//
//	"memory_total_mib": 81559
//	"memory_reserved_mib": {"unavailable": "link inactive", "unavailable_message": {"id": "facts.reason.link_inactive"}}
//	"serial": {"unavailable": "NVML ERROR_NO_PERMISSION"}
//
// Three parsers read saved nvidia-smi output: ParseXML (nvidia-smi -q -x),
// ParseText (nvidia-smi -q) and ParseCSV (nvidia-smi --query-gpu=... with
// --format=csv). Parse detects which one to use. None of them panics on bad
// input: what cannot be read becomes an unavailable Value, and what looks
// inconsistent (a header that counts more GPUs than the body holds) becomes
// a line in Facts.Problems.
package facts

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// SchemaVersion names the JSON layout of Facts. It changes when a field is
// renamed or its meaning changes.
const SchemaVersion = "gpuplan.facts/v1"

// Source says where a Facts came from.
type Source string

// The sources of facts.
const (
	SourceNVML Source = "nvml"           // NVML, read by gpuverify on the host
	SourceXML  Source = "nvidia-smi-xml" // nvidia-smi -q -x
	SourceText Source = "nvidia-smi-q"   // nvidia-smi -q
	SourceCSV  Source = "nvidia-smi-csv" // nvidia-smi --query-gpu=... --format=csv
)

// Values of the enumerated string facts. Parsers write only these; anything
// else nvidia-smi prints becomes an unavailable Value that quotes it.
const (
	Enabled  = "enabled"  // ECC, MIG and persistence modes
	Disabled = "disabled" // ECC, MIG and persistence modes

	VirtNone        = "none"        // bare metal, no virtualisation seen by the driver
	VirtPassthrough = "passthrough" // whole GPU passed through to a VM
	VirtVGPU        = "vgpu"        // a vGPU slice inside a guest VM
	VirtHostVGPU    = "host-vgpu"   // the hypervisor host of vGPU guests
	VirtHostVSGA    = "host-vsga"   // the hypervisor host in vSGA mode

	ComputeDefault          = "default"
	ComputeExclusiveProcess = "exclusive_process"
	ComputeExclusiveThread  = "exclusive_thread"
	ComputeProhibited       = "prohibited"
)

// Facts is everything known about one server.
type Facts struct {
	// Schema is SchemaVersion.
	Schema string `json:"schema"`
	// Source is where the facts came from.
	Source Source `json:"source"`
	// SourceDetail says which part of a larger input was read, e.g. which
	// section of a capture bundle; empty when the whole input was read.
	SourceDetail string `json:"source_detail,omitempty"`
	// Timestamp is the time the tool printed, as printed (no time zone).
	Timestamp Value[string] `json:"timestamp"`
	// Host describes the machine; nvidia-smi output does not hold it.
	Host Host `json:"host"`
	// DriverVersion is the NVIDIA driver version, e.g. "535.183.01".
	DriverVersion Value[string] `json:"driver_version"`
	// CUDADriverVersion is the CUDA version the driver supports, e.g. "12.2".
	CUDADriverVersion Value[string] `json:"cuda_driver_version"`
	// NVMLVersion is the NVML library version, e.g. "590.48".
	NVMLVersion Value[string] `json:"nvml_version"`
	// AttachedGPUs is the GPU count the tool announced before listing them;
	// it may differ from len(GPUs) when the output was cut.
	AttachedGPUs Value[int] `json:"attached_gpus"`
	// GPUs lists the GPUs found, in output order.
	GPUs []GPU `json:"gpus"`
	// Topology lists how each pair of GPUs is connected.
	Topology Value[[]GPUPair] `json:"topology"`
	// Problems lists inconsistencies in the input, e.g. a truncated output.
	Problems []string `json:"problems,omitempty"`
}

// Host describes the machine the GPUs sit in.
type Host struct {
	// Hostname is the machine's host name.
	Hostname Value[string] `json:"hostname"`
	// Kernel is the kernel release, e.g. "5.15.0-185-generic".
	Kernel Value[string] `json:"kernel"`
	// OSRelease is the OS name and version, e.g. "Ubuntu 22.04.5 LTS".
	OSRelease Value[string] `json:"os_release"`
	// CPUModel is the CPU model name.
	CPUModel Value[string] `json:"cpu_model"`
	// MemoryTotalMiB is the host RAM in MiB.
	MemoryTotalMiB Value[int64] `json:"memory_total_mib"`
}

// GPU is what one GPU reports. Wear counters of both generations
// (RetiredPages before Ampere, RemappedRows from Ampere on) are recorded as
// given: which one applies is for the checks to decide from Architecture.
type GPU struct {
	// Index is the GPU's position in the output, which is nvidia-smi's index
	// (the CSV index column when present).
	Index int `json:"index"`
	// BusID is the PCI bus id, e.g. "00000000:53:00.0".
	BusID Value[string] `json:"bus_id"`
	// Name is the product name, e.g. "NVIDIA H100 80GB HBM3". A driver older
	// than the GPU prints "Graphics Device".
	Name Value[string] `json:"name"`
	// Brand is the product brand, e.g. "NVIDIA", "GeForce", "GRID".
	Brand Value[string] `json:"brand"`
	// Architecture is the product architecture, e.g. "Hopper", "Ampere".
	Architecture Value[string] `json:"architecture"`
	// UUID is the GPU UUID, "GPU-..." (masked in some fixtures).
	UUID Value[string] `json:"uuid"`
	// Serial is the board serial number.
	Serial Value[string] `json:"serial"`
	// BoardPartNumber is the board part number, e.g. "692-2G520-0200-000".
	BoardPartNumber Value[string] `json:"board_part_number"`
	// VBIOSVersion is the VBIOS version, e.g. "96.00.74.00.01".
	VBIOSVersion Value[string] `json:"vbios_version"`
	// PCIDeviceID is the device and vendor id as 0x plus 8 upper-case hex
	// digits, e.g. "0x233010DE" (device 0x2330, vendor 0x10DE).
	PCIDeviceID Value[string] `json:"pci_device_id"`
	// PCISubsystemID is the subsystem id in the same form, e.g. "0x16C110DE".
	PCISubsystemID Value[string] `json:"pci_subsystem_id"`
	// MemoryTotalMiB is the framebuffer total in MiB (below the marketing
	// size: an "80 GB" H100 reports 81559).
	MemoryTotalMiB Value[int64] `json:"memory_total_mib"`
	// MemoryReservedMiB is the framebuffer the driver reserves, in MiB.
	MemoryReservedMiB Value[int64] `json:"memory_reserved_mib"`
	// ECCMode is Enabled or Disabled; ECCModePending is the mode after reboot.
	ECCMode        Value[string] `json:"ecc_mode"`
	ECCModePending Value[string] `json:"ecc_mode_pending"`
	// ECCUncorrectableVolatile counts uncorrectable ECC errors since the
	// driver loaded: the sum of the DRAM and SRAM uncorrectable counters that
	// are given (or the double-bit total on older GPUs).
	ECCUncorrectableVolatile Value[int64] `json:"ecc_uncorrectable_volatile"`
	// ECCUncorrectableAggregate is the same count over the GPU's lifetime.
	ECCUncorrectableAggregate Value[int64] `json:"ecc_uncorrectable_aggregate"`
	// RetiredPages are the page-retirement counters (before Ampere).
	RetiredPages RetiredPages `json:"retired_pages"`
	// RemappedRows are the row-remapping counters (Ampere and later).
	RemappedRows RemappedRows `json:"remapped_rows"`
	// PCIe is the PCIe link.
	PCIe PCIe `json:"pcie"`
	// MaxSMClockMHz and MaxMemoryClockMHz are the maximum clocks.
	MaxSMClockMHz     Value[int] `json:"max_sm_clock_mhz"`
	MaxMemoryClockMHz Value[int] `json:"max_memory_clock_mhz"`
	// DefaultPowerLimitW is the board's default power limit in watts;
	// EnforcedPowerLimitW is the limit in force, lower when someone capped it.
	DefaultPowerLimitW  Value[float64] `json:"default_power_limit_w"`
	EnforcedPowerLimitW Value[float64] `json:"enforced_power_limit_w"`
	// ClockEventReasons lists the clock event (throttle) reasons that were
	// active, by the Reason* names, in NVML bit order; [] when none was.
	ClockEventReasons Value[[]string] `json:"clock_event_reasons"`
	// PersistenceMode is Enabled or Disabled.
	PersistenceMode Value[string] `json:"persistence_mode"`
	// ComputeMode is one of the Compute* values.
	ComputeMode Value[string] `json:"compute_mode"`
	// MIG is the current MIG mode, Enabled or Disabled; unavailable on GPUs
	// without MIG. MIGPending is the mode after the next reset.
	MIG        Value[string] `json:"mig"`
	MIGPending Value[string] `json:"mig_pending"`
	// MIGDevices lists the MIG devices; [] when MIG is disabled.
	MIGDevices Value[[]MIGDevice] `json:"mig_devices"`
	// Virtualization is one of the Virt* values.
	Virtualization Value[string] `json:"virtualization"`
	// NVLinks lists the NVLink links; [] when the GPU has none.
	NVLinks Value[[]NVLink] `json:"nvlinks"`
	// TemperatureC is the GPU core temperature in degrees Celsius.
	TemperatureC Value[int] `json:"temperature_c"`
	// UtilizationGPUPct and UtilizationMemoryPct are the utilisation in
	// percent at the time of the snapshot.
	UtilizationGPUPct    Value[int] `json:"utilization_gpu_pct"`
	UtilizationMemoryPct Value[int] `json:"utilization_memory_pct"`
}

// PCIe is the state of a GPU's PCIe link.
type PCIe struct {
	// GenCurrent is the generation in use now; many GPUs drop to Gen1 when
	// idle, so judge it under load or against GenMax.
	GenCurrent Value[int] `json:"gen_current"`
	// GenMax is the highest generation the GPU and the host both support.
	GenMax Value[int] `json:"gen_max"`
	// GenDeviceMax and GenHostMax are the GPU's and the host's own maxima,
	// where the driver reports them separately.
	GenDeviceMax Value[int] `json:"gen_device_max"`
	GenHostMax   Value[int] `json:"gen_host_max"`
	// WidthCurrent and WidthMax are the lane counts (16 for x16).
	WidthCurrent Value[int] `json:"width_current"`
	WidthMax     Value[int] `json:"width_max"`
	// ReplayCount is the PCIe replay counter since reset, a sign of a poor
	// link or a worn riser.
	ReplayCount Value[int64] `json:"replay_count"`
}

// RetiredPages are the page-retirement counters of GPUs before Ampere.
type RetiredPages struct {
	// SingleBit counts pages retired for multiple single-bit ECC errors.
	SingleBit Value[int64] `json:"single_bit"`
	// DoubleBit counts pages retired for double-bit ECC errors.
	DoubleBit Value[int64] `json:"double_bit"`
	// Pending is true when a retirement waits for the next reboot.
	Pending Value[bool] `json:"pending"`
}

// RemappedRows are the row-remapping counters of Ampere and later GPUs.
type RemappedRows struct {
	// Correctable and Uncorrectable count rows remapped for each error kind.
	Correctable   Value[int64] `json:"correctable"`
	Uncorrectable Value[int64] `json:"uncorrectable"`
	// Pending is true when a remap waits for the next GPU reset.
	Pending Value[bool] `json:"pending"`
	// Failure is true when a remap failed: the GPU should be replaced.
	Failure Value[bool] `json:"failure"`
}

// MIGDevice is one MIG device (a compute instance inside a GPU instance).
type MIGDevice struct {
	// Index is the MIG device index within its GPU.
	Index int `json:"index"`
	// GPUInstanceID and ComputeInstanceID identify the instance.
	GPUInstanceID     Value[int] `json:"gpu_instance_id"`
	ComputeInstanceID Value[int] `json:"compute_instance_id"`
	// Profile is the profile name, e.g. "3g.40gb" or "1c.3g.71gb".
	Profile Value[string] `json:"profile"`
	// PlacementStart and PlacementSize are the GPU instance's memory-slice
	// placement.
	PlacementStart Value[int] `json:"placement_start"`
	PlacementSize  Value[int] `json:"placement_size"`
	// UUID is the MIG device UUID, "MIG-...".
	UUID Value[string] `json:"uuid"`
	// MemoryMiB is the framebuffer of the device's GPU instance in MiB;
	// compute instances in one GPU instance share it (H200 "1c.3g.71gb" and
	// "2c.3g.71gb" both report 71424).
	MemoryMiB Value[int64] `json:"memory_mib"`
	// SMCount is the number of streaming multiprocessors.
	SMCount Value[int] `json:"sm_count"`
}

// NVLink is one NVLink link of a GPU.
type NVLink struct {
	// Link is the link number, from 0.
	Link int `json:"link"`
	// State is "active" or "inactive".
	State string `json:"state"`
	// Version is the NVLink version (e.g. 4 on H100).
	Version Value[int] `json:"version"`
	// RemoteType is what the link reaches: "gpu", "switch" or "ibmnpu".
	RemoteType Value[string] `json:"remote_type"`
	// SpeedGBps is the link speed in GB/s as nvidia-smi nvlink -s prints it.
	SpeedGBps Value[float64] `json:"speed_gbps"`
}

// NVLink states.
const (
	LinkActive   = "active"
	LinkInactive = "inactive"
)

// GPUPair says how two GPUs are connected.
type GPUPair struct {
	// A and B are GPU indexes, A < B.
	A int `json:"a"`
	B int `json:"b"`
	// Link names the path as nvidia-smi topo -m does: "NV<n>" (n bonded
	// NVLinks), "PIX", "PXB", "PHB", "NODE" or "SYS".
	Link string `json:"link"`
}

// NewHost returns a Host whose every field is unavailable for reason.
func NewHost(reason msg.M) Host {
	return Host{
		Hostname:       Unavailable[string](reason),
		Kernel:         Unavailable[string](reason),
		OSRelease:      Unavailable[string](reason),
		CPUModel:       Unavailable[string](reason),
		MemoryTotalMiB: Unavailable[int64](reason),
	}
}

// New returns empty Facts from source: the schema set, no GPU, and every
// other fact unavailable (NotCollected) until the caller fills it.
func New(source Source) *Facts {
	return &Facts{
		Schema: SchemaVersion,
		Source: source,
		Host:   NewHost(NotCollected),
		GPUs:   []GPU{},
	}
}

// newFacts returns Facts from a parser of source: nvidia-smi output holds
// nothing about the host.
func newFacts(source Source) *Facts {
	f := New(source)
	f.Host = NewHost(reasonNotInNvidiaSMI)
	return f
}

// checkCount records a problem when the header's GPU count and the body
// disagree.
func (f *Facts) checkCount() {
	n, ok := f.AttachedGPUs.Get()
	if !ok || n == len(f.GPUs) {
		return
	}
	msg := "header says %d GPUs, body has %d"
	if n > len(f.GPUs) {
		msg += ": output truncated?"
	}
	f.problemf(msg, n, len(f.GPUs))
}

// problemf appends a formatted problem.
func (f *Facts) problemf(format string, args ...any) {
	f.Problems = append(f.Problems, fmt.Sprintf(format, args...))
}
