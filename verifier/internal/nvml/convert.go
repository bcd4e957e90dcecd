//go:build linux && cgo

package nvml

import (
	"fmt"
	"strconv"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// retNames names the NVML returns gpuverify explains. It does not use
// Return.Error, which calls into the library (nvmlErrorString).
var retNames = map[gonvml.Return]string{
	gonvml.SUCCESS:                       "SUCCESS",
	gonvml.ERROR_UNINITIALIZED:           "ERROR_UNINITIALIZED",
	gonvml.ERROR_INVALID_ARGUMENT:        "ERROR_INVALID_ARGUMENT",
	gonvml.ERROR_NOT_SUPPORTED:           "ERROR_NOT_SUPPORTED",
	gonvml.ERROR_NO_PERMISSION:           "ERROR_NO_PERMISSION",
	gonvml.ERROR_NOT_FOUND:               "ERROR_NOT_FOUND",
	gonvml.ERROR_INSUFFICIENT_SIZE:       "ERROR_INSUFFICIENT_SIZE",
	gonvml.ERROR_DRIVER_NOT_LOADED:       "ERROR_DRIVER_NOT_LOADED",
	gonvml.ERROR_TIMEOUT:                 "ERROR_TIMEOUT",
	gonvml.ERROR_LIBRARY_NOT_FOUND:       "ERROR_LIBRARY_NOT_FOUND",
	gonvml.ERROR_FUNCTION_NOT_FOUND:      "ERROR_FUNCTION_NOT_FOUND",
	gonvml.ERROR_CORRUPTED_INFOROM:       "ERROR_CORRUPTED_INFOROM",
	gonvml.ERROR_GPU_IS_LOST:             "ERROR_GPU_IS_LOST",
	gonvml.ERROR_RESET_REQUIRED:          "ERROR_RESET_REQUIRED",
	gonvml.ERROR_LIB_RM_VERSION_MISMATCH: "ERROR_LIB_RM_VERSION_MISMATCH",
	gonvml.ERROR_NO_DATA:                 "ERROR_NO_DATA",
	gonvml.ERROR_UNKNOWN:                 "ERROR_UNKNOWN",
}

func retName(ret gonvml.Return) string {
	if n, ok := retNames[ret]; ok {
		return n
	}
	return fmt.Sprintf("NVML return %d", int32(ret))
}

// reason is why a fact is unavailable when NVML returned ret: a catalogue
// message with the return code's name from nvml.h. A lost GPU's reason
// contains acceptance.ReasonGPULost in English, which fails the GPU.
func reason(ret gonvml.Return) msg.M {
	name := msg.Text(retName(ret))
	switch ret {
	case gonvml.ERROR_NOT_SUPPORTED:
		return msg.New("facts.reason.nvml.not_supported", name)
	case gonvml.ERROR_NO_PERMISSION:
		return msg.New("facts.reason.nvml.no_permission", name)
	case gonvml.ERROR_GPU_IS_LOST:
		return msg.New("facts.reason.nvml.gpu_lost", name)
	case gonvml.ERROR_RESET_REQUIRED:
		return msg.New("facts.reason.nvml.reset_required", name)
	case gonvml.ERROR_CORRUPTED_INFOROM:
		return msg.New("facts.reason.nvml.inforom", name)
	}
	if _, ok := retNames[ret]; !ok {
		return msg.New("facts.reason.nvml.return", msg.Text(strconv.Itoa(int(ret))))
	}
	return msg.New("facts.reason.nvml.error", name)
}

// read calls a getter once its symbol is found, and returns the value or
// the reason it is unavailable (the zero message when it was read).
func read[T any](s *symbols, sym []string, call func() (T, gonvml.Return)) (T, msg.M) {
	var zero T
	if !s.has(sym...) {
		return zero, missing(sym)
	}
	v, ret := call()
	if ret != gonvml.SUCCESS {
		return zero, reason(ret)
	}
	return v, msg.M{}
}

// value turns read's result into a Value, converting with conv.
func value[T, U any](v T, why msg.M, conv func(T) U) facts.Value[U] {
	if !why.IsZero() {
		return facts.Unavailable[U](why)
	}
	return facts.Known(conv(v))
}

func same[T any](v T) T { return v }

// enabled names an EnableState as the facts do.
func enabled(e gonvml.EnableState) string {
	if e == gonvml.FEATURE_ENABLED {
		return facts.Enabled
	}
	return facts.Disabled
}

// architectures names NVML architectures as nvidia-smi prints them.
var architectures = map[gonvml.DeviceArchitecture]string{
	gonvml.DEVICE_ARCH_KEPLER:    "Kepler",
	gonvml.DEVICE_ARCH_MAXWELL:   "Maxwell",
	gonvml.DEVICE_ARCH_PASCAL:    "Pascal",
	gonvml.DEVICE_ARCH_VOLTA:     "Volta",
	gonvml.DEVICE_ARCH_TURING:    "Turing",
	gonvml.DEVICE_ARCH_AMPERE:    "Ampere",
	gonvml.DEVICE_ARCH_ADA:       "Ada Lovelace",
	gonvml.DEVICE_ARCH_HOPPER:    "Hopper",
	gonvml.DEVICE_ARCH_BLACKWELL: "Blackwell",
	gonvml.DEVICE_ARCH_RUBIN:     "Rubin",
}

// brands names NVML brands as nvidia-smi prints them.
var brands = map[gonvml.BrandType]string{
	gonvml.BRAND_QUADRO:              "Quadro",
	gonvml.BRAND_TESLA:               "Tesla",
	gonvml.BRAND_NVS:                 "NVS",
	gonvml.BRAND_GRID:                "GRID",
	gonvml.BRAND_GEFORCE:             "GeForce",
	gonvml.BRAND_TITAN:               "Titan",
	gonvml.BRAND_NVIDIA_VAPPS:        "NVIDIA Virtual Applications",
	gonvml.BRAND_NVIDIA_VPC:          "NVIDIA Virtual PC",
	gonvml.BRAND_NVIDIA_VCS:          "NVIDIA Virtual Compute Server",
	gonvml.BRAND_NVIDIA_VWS:          "NVIDIA RTX Virtual Workstation",
	gonvml.BRAND_NVIDIA_CLOUD_GAMING: "NVIDIA Cloud Gaming",
	gonvml.BRAND_QUADRO_RTX:          "Quadro RTX",
	gonvml.BRAND_NVIDIA_RTX:          "NVIDIA RTX",
	gonvml.BRAND_NVIDIA:              "NVIDIA",
	gonvml.BRAND_GEFORCE_RTX:         "GeForce RTX",
	gonvml.BRAND_TITAN_RTX:           "Titan RTX",
}

var computeModes = map[gonvml.ComputeMode]string{
	gonvml.COMPUTEMODE_DEFAULT:           facts.ComputeDefault,
	gonvml.COMPUTEMODE_EXCLUSIVE_THREAD:  facts.ComputeExclusiveThread,
	gonvml.COMPUTEMODE_PROHIBITED:        facts.ComputeProhibited,
	gonvml.COMPUTEMODE_EXCLUSIVE_PROCESS: facts.ComputeExclusiveProcess,
}

var virtModes = map[gonvml.GpuVirtualizationMode]string{
	gonvml.GPU_VIRTUALIZATION_MODE_NONE:        facts.VirtNone,
	gonvml.GPU_VIRTUALIZATION_MODE_PASSTHROUGH: facts.VirtPassthrough,
	gonvml.GPU_VIRTUALIZATION_MODE_VGPU:        facts.VirtVGPU,
	gonvml.GPU_VIRTUALIZATION_MODE_HOST_VGPU:   facts.VirtHostVGPU,
	gonvml.GPU_VIRTUALIZATION_MODE_HOST_VSGA:   facts.VirtHostVSGA,
}

// enumValue names an enum value from table, or says it is unknown with
// the message unknown (a facts.reason.nvml.unknown_… id) of its number.
func enumValue[E comparable](table map[E]string, e E, why msg.M, unknown string) facts.Value[string] {
	if !why.IsZero() {
		return facts.Unavailable[string](why)
	}
	if n, ok := table[e]; ok {
		return facts.Known(n)
	}
	return facts.Unavailable[string](msg.New(unknown, msg.Text(fmt.Sprint(e))))
}

// nvlinkVersions maps NVML's nvmlNvlinkVersion_t to the NVLink generation
// (NVML_NVLINK_VERSION_4_0 = 6 is NVLink 4, per nvml.h).
var nvlinkVersions = map[uint32]int{1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 5, 8: 6}

// topologyNames maps a common-ancestor level to nvidia-smi topo -m's names.
var topologyNames = map[gonvml.GpuTopologyLevel]string{
	gonvml.TOPOLOGY_INTERNAL:   "PIX",
	gonvml.TOPOLOGY_SINGLE:     "PIX",
	gonvml.TOPOLOGY_MULTIPLE:   "PXB",
	gonvml.TOPOLOGY_HOSTBRIDGE: "PHB",
	gonvml.TOPOLOGY_NODE:       "NODE",
	gonvml.TOPOLOGY_SYSTEM:     "SYS",
}

// cString reads a NUL-terminated C char array.
func cString(b []int8) string {
	out := make([]byte, 0, len(b))
	for _, c := range b {
		if c == 0 {
			break
		}
		out = append(out, byte(c))
	}
	return string(out)
}

// pciID formats a PCI id as the facts do: "0x233010DE".
func pciID(id uint32) string {
	return fmt.Sprintf("0x%08X", id)
}

// mib converts bytes to MiB.
func mib(b uint64) int64 {
	return int64(b / (1 << 20))
}
