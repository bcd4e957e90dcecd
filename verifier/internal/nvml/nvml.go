//go:build linux && cgo

package nvml

import (
	"fmt"
	"os"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
)

// Library is the part of go-nvml's nvml.Interface gpuverify uses: the
// library-level calls. go-nvml's real library and its mock servers
// (pkg/nvml/mock/dgxh100 ...) both satisfy it.
type Library interface {
	Init() gonvml.Return
	Shutdown() gonvml.Return
	Extensions() gonvml.ExtendedInterface
	SystemGetDriverVersion() (string, gonvml.Return)
	SystemGetNVMLVersion() (string, gonvml.Return)
	SystemGetCudaDriverVersion() (int, gonvml.Return)
	DeviceGetCount() (int, gonvml.Return)
	DeviceGetHandleByIndex(int) (gonvml.Device, gonvml.Return)
}

// Device is the part of go-nvml's nvml.Device gpuverify uses: getters only.
type Device interface {
	GetName() (string, gonvml.Return)
	GetBrand() (gonvml.BrandType, gonvml.Return)
	GetArchitecture() (gonvml.DeviceArchitecture, gonvml.Return)
	GetUUID() (string, gonvml.Return)
	GetSerial() (string, gonvml.Return)
	GetBoardPartNumber() (string, gonvml.Return)
	GetVbiosVersion() (string, gonvml.Return)
	GetPciInfo() (gonvml.PciInfo, gonvml.Return)
	GetMemoryInfo() (gonvml.Memory, gonvml.Return)
	GetMemoryInfo_v2() (gonvml.Memory_v2, gonvml.Return)
	GetEccMode() (gonvml.EnableState, gonvml.EnableState, gonvml.Return)
	GetTotalEccErrors(gonvml.MemoryErrorType, gonvml.EccCounterType) (uint64, gonvml.Return)
	GetRetiredPages(gonvml.PageRetirementCause) ([]uint64, gonvml.Return)
	GetRetiredPagesPendingStatus() (gonvml.EnableState, gonvml.Return)
	GetRemappedRows() (int, int, bool, bool, gonvml.Return)
	GetCurrPcieLinkGeneration() (int, gonvml.Return)
	GetCurrPcieLinkWidth() (int, gonvml.Return)
	GetMaxPcieLinkGeneration() (int, gonvml.Return)
	GetGpuMaxPcieLinkGeneration() (int, gonvml.Return)
	GetMaxPcieLinkWidth() (int, gonvml.Return)
	GetPcieReplayCounter() (int, gonvml.Return)
	GetMaxClockInfo(gonvml.ClockType) (uint32, gonvml.Return)
	GetClockInfo(gonvml.ClockType) (uint32, gonvml.Return)
	GetPowerManagementDefaultLimit() (uint32, gonvml.Return)
	GetEnforcedPowerLimit() (uint32, gonvml.Return)
	GetPowerUsage() (uint32, gonvml.Return)
	GetCurrentClocksEventReasons() (uint64, gonvml.Return)
	GetCurrentClocksThrottleReasons() (uint64, gonvml.Return)
	GetPersistenceMode() (gonvml.EnableState, gonvml.Return)
	GetComputeMode() (gonvml.ComputeMode, gonvml.Return)
	GetMigMode() (int, int, gonvml.Return)
	GetVirtualizationMode() (gonvml.GpuVirtualizationMode, gonvml.Return)
	GetNvLinkState(int) (gonvml.EnableState, gonvml.Return)
	GetNvLinkVersion(int) (uint32, gonvml.Return)
	GetNvLinkRemoteDeviceType(int) (gonvml.IntNvLinkDeviceType, gonvml.Return)
	GetNvLinkRemotePciInfo(int) (gonvml.PciInfo, gonvml.Return)
	GetTopologyCommonAncestor(gonvml.Device) (gonvml.GpuTopologyLevel, gonvml.Return)
	GetTemperature(gonvml.TemperatureSensors) (uint32, gonvml.Return)
	GetUtilizationRates() (gonvml.Utilization, gonvml.Return)
	GetNumaNodeId() (int, gonvml.Return)
}

// Session is an initialised NVML library. Close it when done.
type Session struct {
	lib  Library
	syms *symbols
	// handles are the GPUs, by index; a GPU whose handle could not be had
	// is a deadDevice that answers every call with the error.
	handles []gonvml.Device
	devices []Device
}

// Open loads NVML (libnvidia-ml.so.1, or the file LibraryEnv names) and
// initialises it. A missing library gives ErrNoLibrary; any other failure
// of Init is returned with advice. After a failed Open nothing else is
// called into the library.
func Open() (*Session, error) {
	path := "libnvidia-ml.so.1"
	if p := os.Getenv(LibraryEnv); p != "" {
		path = p
	}
	return openLibrary(gonvml.New(gonvml.WithLibraryPath(path)))
}

// openLibrary initialises lib and finds its GPUs.
func openLibrary(lib Library) (*Session, error) {
	if ret := lib.Init(); ret != gonvml.SUCCESS {
		return nil, initError(ret)
	}
	s := &Session{lib: lib, syms: newSymbols(lib.Extensions())}
	if err := s.findDevices(); err != nil {
		lib.Shutdown()
		return nil, err
	}
	return s, nil
}

// initError explains a failed Init.
func initError(ret gonvml.Return) error {
	switch ret {
	case gonvml.ERROR_LIBRARY_NOT_FOUND:
		return ErrNoLibrary
	case gonvml.ERROR_DRIVER_NOT_LOADED:
		return fmt.Errorf("NVML: the NVIDIA kernel driver is not loaded (%s): check \"lsmod | grep nvidia\" and that the GPUs show in lspci", retName(ret))
	case gonvml.ERROR_NO_PERMISSION:
		return fmt.Errorf("NVML: no permission to open the GPUs (%s): run gpuverify as root or as a member of the video group", retName(ret))
	case gonvml.ERROR_LIB_RM_VERSION_MISMATCH:
		return fmt.Errorf("NVML: the library and the kernel driver have different versions (%s): reboot after a driver upgrade", retName(ret))
	}
	return fmt.Errorf("NVML: init failed (%s): is the NVIDIA driver working? nvidia-smi should say", retName(ret))
}

// findDevices gets a handle for every GPU.
func (s *Session) findDevices() error {
	if !s.syms.has(symDeviceGetCount...) || !s.syms.has(symDeviceGetHandleByIndex...) {
		return fmt.Errorf("NVML: the library has no %s: not a working libnvidia-ml", symDeviceGetCount[0])
	}
	n, ret := s.lib.DeviceGetCount()
	if ret != gonvml.SUCCESS {
		return fmt.Errorf("NVML: counting GPUs failed (%s)", retName(ret))
	}
	for i := range n {
		h, ret := s.lib.DeviceGetHandleByIndex(i)
		if ret != gonvml.SUCCESS || h == nil {
			if ret == gonvml.SUCCESS {
				ret = gonvml.ERROR_UNKNOWN
			}
			dead := deadDevice{ret: ret}
			s.handles = append(s.handles, nil)
			s.devices = append(s.devices, dead)
			continue
		}
		s.handles = append(s.handles, h)
		s.devices = append(s.devices, h)
	}
	return nil
}

// Close shuts NVML down.
func (s *Session) Close() {
	s.lib.Shutdown()
}
