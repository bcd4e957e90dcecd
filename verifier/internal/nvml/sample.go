//go:build linux && cgo

package nvml

import (
	"strings"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
)

// Sample reads utilisation, memory in use, power, SM clock and clock event
// reasons of every GPU: one monitor sample. A GPU that fails a call gets
// the reading unavailable; Sample itself does not fail.
func (s *Session) Sample() ([]monitor.Reading, error) {
	out := make([]monitor.Reading, len(s.devices))
	for i, d := range s.devices {
		r := monitor.Reading{GPU: i}
		uuid, why := read(s.syms, symUUID, d.GetUUID)
		r.UUID = value(uuid, why, strings.TrimSpace)
		util, why := read(s.syms, symUtilization, d.GetUtilizationRates)
		r.UtilGPUPct = value(util, why, func(u gonvml.Utilization) int { return int(u.Gpu) })
		r.UtilMemoryPct = value(util, why, func(u gonvml.Utilization) int { return int(u.Memory) })
		mem, why := read(s.syms, symMemoryInfo, d.GetMemoryInfo)
		r.MemoryUsedMiB = value(mem, why, func(m gonvml.Memory) int64 { return mib(m.Used) })
		mw, why := read(s.syms, symPowerUsage, d.GetPowerUsage)
		r.PowerW = value(mw, why, func(mw uint32) float64 { return float64(mw) / 1000 })
		clock, why := read(s.syms, symClock, func() (uint32, gonvml.Return) { return d.GetClockInfo(gonvml.CLOCK_SM) })
		r.SMClockMHz = value(clock, why, func(c uint32) int { return int(c) })
		r.ClockReasons = s.reasons(d)
		out[i] = r
	}
	return out, nil
}

var _ monitor.Source = (*Session)(nil)
