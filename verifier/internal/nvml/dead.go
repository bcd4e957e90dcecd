//go:build linux && cgo

package nvml

import gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

// deadDevice stands for a GPU whose handle NVML could not give (a lost GPU:
// ERROR_GPU_IS_LOST). Every call returns that error, so the GPU's facts are
// all unavailable with the reason, through the same code as a live GPU.
type deadDevice struct{ ret gonvml.Return }

var _ Device = deadDevice{}

func (d deadDevice) GetName() (string, gonvml.Return)            { return "", d.ret }
func (d deadDevice) GetBrand() (gonvml.BrandType, gonvml.Return) { return 0, d.ret }
func (d deadDevice) GetArchitecture() (gonvml.DeviceArchitecture, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetUUID() (string, gonvml.Return)            { return "", d.ret }
func (d deadDevice) GetSerial() (string, gonvml.Return)          { return "", d.ret }
func (d deadDevice) GetBoardPartNumber() (string, gonvml.Return) { return "", d.ret }
func (d deadDevice) GetVbiosVersion() (string, gonvml.Return)    { return "", d.ret }
func (d deadDevice) GetPciInfo() (gonvml.PciInfo, gonvml.Return) { return gonvml.PciInfo{}, d.ret }
func (d deadDevice) GetMemoryInfo() (gonvml.Memory, gonvml.Return) {
	return gonvml.Memory{}, d.ret
}
func (d deadDevice) GetMemoryInfo_v2() (gonvml.Memory_v2, gonvml.Return) {
	return gonvml.Memory_v2{}, d.ret
}
func (d deadDevice) GetEccMode() (gonvml.EnableState, gonvml.EnableState, gonvml.Return) {
	return 0, 0, d.ret
}
func (d deadDevice) GetTotalEccErrors(gonvml.MemoryErrorType, gonvml.EccCounterType) (uint64, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetRetiredPages(gonvml.PageRetirementCause) ([]uint64, gonvml.Return) {
	return nil, d.ret
}
func (d deadDevice) GetRetiredPagesPendingStatus() (gonvml.EnableState, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetRemappedRows() (int, int, bool, bool, gonvml.Return) {
	return 0, 0, false, false, d.ret
}
func (d deadDevice) GetCurrPcieLinkGeneration() (int, gonvml.Return)   { return 0, d.ret }
func (d deadDevice) GetCurrPcieLinkWidth() (int, gonvml.Return)        { return 0, d.ret }
func (d deadDevice) GetMaxPcieLinkGeneration() (int, gonvml.Return)    { return 0, d.ret }
func (d deadDevice) GetGpuMaxPcieLinkGeneration() (int, gonvml.Return) { return 0, d.ret }
func (d deadDevice) GetMaxPcieLinkWidth() (int, gonvml.Return)         { return 0, d.ret }
func (d deadDevice) GetPcieReplayCounter() (int, gonvml.Return)        { return 0, d.ret }
func (d deadDevice) GetMaxClockInfo(gonvml.ClockType) (uint32, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetClockInfo(gonvml.ClockType) (uint32, gonvml.Return) { return 0, d.ret }
func (d deadDevice) GetPowerManagementDefaultLimit() (uint32, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetEnforcedPowerLimit() (uint32, gonvml.Return)        { return 0, d.ret }
func (d deadDevice) GetPowerUsage() (uint32, gonvml.Return)                { return 0, d.ret }
func (d deadDevice) GetCurrentClocksEventReasons() (uint64, gonvml.Return) { return 0, d.ret }
func (d deadDevice) GetCurrentClocksThrottleReasons() (uint64, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetPersistenceMode() (gonvml.EnableState, gonvml.Return) { return 0, d.ret }
func (d deadDevice) GetComputeMode() (gonvml.ComputeMode, gonvml.Return)     { return 0, d.ret }
func (d deadDevice) GetMigMode() (int, int, gonvml.Return)                   { return 0, 0, d.ret }
func (d deadDevice) GetVirtualizationMode() (gonvml.GpuVirtualizationMode, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetNvLinkState(int) (gonvml.EnableState, gonvml.Return) { return 0, d.ret }
func (d deadDevice) GetNvLinkVersion(int) (uint32, gonvml.Return)           { return 0, d.ret }
func (d deadDevice) GetNvLinkRemoteDeviceType(int) (gonvml.IntNvLinkDeviceType, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetNvLinkRemotePciInfo(int) (gonvml.PciInfo, gonvml.Return) {
	return gonvml.PciInfo{}, d.ret
}
func (d deadDevice) GetTopologyCommonAncestor(gonvml.Device) (gonvml.GpuTopologyLevel, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetTemperature(gonvml.TemperatureSensors) (uint32, gonvml.Return) {
	return 0, d.ret
}
func (d deadDevice) GetUtilizationRates() (gonvml.Utilization, gonvml.Return) {
	return gonvml.Utilization{}, d.ret
}
func (d deadDevice) GetNumaNodeId() (int, gonvml.Return) { return 0, d.ret }
