//go:build linux && cgo

package nvml

import (
	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// The C symbols behind each go-nvml call gpuverify makes. Where go-nvml
// picks a versioned symbol at load time (nvmlDeviceGetPciInfo_v3, _v2 or
// the plain one), any of them will do.
//
// Driver branch that added each function, as far as the NVML headers and
// release notes say: everything here is in R470 (the oldest driver
// gpuverify supports) except the three marked; those have fallbacks.
var (
	symSystemGetDriverVersion     = []string{"nvmlSystemGetDriverVersion"}
	symSystemGetNVMLVersion       = []string{"nvmlSystemGetNVMLVersion"}
	symSystemGetCudaDriverVersion = []string{"nvmlSystemGetCudaDriverVersion"}
	symDeviceGetCount             = []string{"nvmlDeviceGetCount_v2", "nvmlDeviceGetCount"}
	symDeviceGetHandleByIndex     = []string{"nvmlDeviceGetHandleByIndex_v2", "nvmlDeviceGetHandleByIndex"}

	symName               = []string{"nvmlDeviceGetName"}
	symBrand              = []string{"nvmlDeviceGetBrand"}
	symArchitecture       = []string{"nvmlDeviceGetArchitecture"}
	symUUID               = []string{"nvmlDeviceGetUUID"}
	symSerial             = []string{"nvmlDeviceGetSerial"}
	symBoardPartNumber    = []string{"nvmlDeviceGetBoardPartNumber"}
	symVbiosVersion       = []string{"nvmlDeviceGetVbiosVersion"}
	symPciInfo            = []string{"nvmlDeviceGetPciInfo_v3", "nvmlDeviceGetPciInfo_v2", "nvmlDeviceGetPciInfo"}
	symMemoryInfo         = []string{"nvmlDeviceGetMemoryInfo"}
	symMemoryInfoV2       = []string{"nvmlDeviceGetMemoryInfo_v2"} // R510
	symEccMode            = []string{"nvmlDeviceGetEccMode"}
	symTotalEccErrors     = []string{"nvmlDeviceGetTotalEccErrors"}
	symRetiredPages       = []string{"nvmlDeviceGetRetiredPages"}
	symRetiredPending     = []string{"nvmlDeviceGetRetiredPagesPendingStatus"}
	symRemappedRows       = []string{"nvmlDeviceGetRemappedRows"}
	symCurrPcieGen        = []string{"nvmlDeviceGetCurrPcieLinkGeneration"}
	symCurrPcieWidth      = []string{"nvmlDeviceGetCurrPcieLinkWidth"}
	symMaxPcieGen         = []string{"nvmlDeviceGetMaxPcieLinkGeneration"}
	symGpuMaxPcieGen      = []string{"nvmlDeviceGetGpuMaxPcieLinkGeneration"} // R510
	symMaxPcieWidth       = []string{"nvmlDeviceGetMaxPcieLinkWidth"}
	symPcieReplay         = []string{"nvmlDeviceGetPcieReplayCounter"}
	symMaxClock           = []string{"nvmlDeviceGetMaxClockInfo"}
	symClock              = []string{"nvmlDeviceGetClockInfo"}
	symDefaultPowerLimit  = []string{"nvmlDeviceGetPowerManagementDefaultLimit"}
	symEnforcedPowerLimit = []string{"nvmlDeviceGetEnforcedPowerLimit"}
	symPowerUsage         = []string{"nvmlDeviceGetPowerUsage"}
	symEventReasons       = []string{"nvmlDeviceGetCurrentClocksEventReasons"} // R535
	symThrottleReasons    = []string{"nvmlDeviceGetCurrentClocksThrottleReasons"}
	symPersistenceMode    = []string{"nvmlDeviceGetPersistenceMode"}
	symComputeMode        = []string{"nvmlDeviceGetComputeMode"}
	symMigMode            = []string{"nvmlDeviceGetMigMode"}
	symVirtualizationMode = []string{"nvmlDeviceGetVirtualizationMode"}
	symNvLinkState        = []string{"nvmlDeviceGetNvLinkState"}
	symNvLinkVersion      = []string{"nvmlDeviceGetNvLinkVersion"}
	symNvLinkRemoteType   = []string{"nvmlDeviceGetNvLinkRemoteDeviceType"}
	symNvLinkRemotePci    = []string{"nvmlDeviceGetNvLinkRemotePciInfo_v2", "nvmlDeviceGetNvLinkRemotePciInfo"}
	symCommonAncestor     = []string{"nvmlDeviceGetTopologyCommonAncestor"}
	symTemperature        = []string{"nvmlDeviceGetTemperature"}
	symUtilization        = []string{"nvmlDeviceGetUtilizationRates"}
	symNumaNode           = []string{"nvmlDeviceGetNumaNodeId"} // newer drivers only; unavailable otherwise
)

// symbols answers "does the loaded library have this function?", once per
// name.
type symbols struct {
	ext   gonvml.ExtendedInterface
	known map[string]bool
}

func newSymbols(ext gonvml.ExtendedInterface) *symbols {
	return &symbols{ext: ext, known: map[string]bool{}}
}

// has reports whether any of names is in the library.
func (s *symbols) has(names ...string) bool {
	for _, n := range names {
		ok, seen := s.known[n]
		if !seen {
			ok = s.ext != nil && s.ext.LookupSymbol(n) == nil
			s.known[n] = ok
		}
		if ok {
			return true
		}
	}
	return false
}

// missing is the reason a fact is unavailable when its function is not in
// the library.
func missing(names []string) msg.M {
	return msg.New("facts.reason.nvml.missing", msg.Text(names[0]))
}
