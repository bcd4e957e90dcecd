package facts

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Clock event reason names, as GPU.ClockEventReasons lists them. nvidia-smi
// called these "Clocks Throttle Reasons" before driver 535 and "Clocks Event
// Reasons" since; NVML reports them as a bitmask (see ReasonsFromMask).
const (
	ReasonIdle                 = "idle"
	ReasonApplicationsClocks   = "applications_clocks_setting"
	ReasonSWPowerCap           = "sw_power_cap"
	ReasonHWSlowdown           = "hw_slowdown"
	ReasonSyncBoost            = "sync_boost"
	ReasonSWThermalSlowdown    = "sw_thermal_slowdown"
	ReasonHWThermalSlowdown    = "hw_thermal_slowdown"
	ReasonHWPowerBrakeSlowdown = "hw_power_brake_slowdown"
	ReasonDisplayClocks        = "display_clocks_setting"
)

// reasonBits lists the reasons in NVML bit order: bit i of the
// clocks-event-reasons mask is reasonBits[i] (nvml.h,
// nvmlClocksEventReasonGpuIdle = 0x1 ... DisplayClockSetting = 0x100).
var reasonBits = []string{
	ReasonIdle,
	ReasonApplicationsClocks,
	ReasonSWPowerCap,
	ReasonHWSlowdown,
	ReasonSyncBoost,
	ReasonSWThermalSlowdown,
	ReasonHWThermalSlowdown,
	ReasonHWPowerBrakeSlowdown,
	ReasonDisplayClocks,
}

// ReasonsFromMask names the reasons set in an NVML clocks-event-reasons
// bitmask, in bit order. A set bit NVML does not define yet is named
// "unknown_0x..." with its value, so it is never dropped. The result is
// never nil.
func ReasonsFromMask(mask uint64) []string {
	out := []string{}
	for bit := 0; bit < 64; bit++ {
		if mask&(1<<bit) == 0 {
			continue
		}
		if bit < len(reasonBits) {
			out = append(out, reasonBits[bit])
		} else {
			out = append(out, fmt.Sprintf("unknown_0x%x", uint64(1)<<bit))
		}
	}
	return out
}

// reasonLabels maps the labels of nvidia-smi -q and the XML element
// suffixes (after "clocks_event_reason_" or "clocks_throttle_reason_") to
// reason names. Keys are folded by enumKey.
var reasonLabels = map[string]string{
	"idle":                      ReasonIdle,
	"gpuidle":                   ReasonIdle,
	"applicationsclockssetting": ReasonApplicationsClocks,
	"swpowercap":                ReasonSWPowerCap,
	"hwslowdown":                ReasonHWSlowdown,
	"syncboost":                 ReasonSyncBoost,
	"swthermalslowdown":         ReasonSWThermalSlowdown,
	"hwthermalslowdown":         ReasonHWThermalSlowdown,
	"hwpowerbrakeslowdown":      ReasonHWPowerBrakeSlowdown,
	"displayclocksetting":       ReasonDisplayClocks,
	"displayclockssetting":      ReasonDisplayClocks,
}

// reasonSet collects "Active"/"Not Active" readings and turns them into the
// list of active reasons.
type reasonSet struct {
	active  map[string]bool
	read    int      // readings that were Active or Not Active
	other   msg.M    // why the first other reading is not one
	unknown []string // labels that name no known reason
}

// add records one reading of label.
func (s *reasonSet) add(label, raw string) {
	name, ok := reasonLabels[enumKey(label)]
	if !ok {
		s.unknown = append(s.unknown, strings.TrimSpace(label))
		return
	}
	switch enumKey(raw) {
	case "active":
		if s.active == nil {
			s.active = map[string]bool{}
		}
		s.active[name] = true
		s.read++
	case "notactive":
		s.read++
	default:
		if s.other.IsZero() {
			s.other = notActiveReason(raw)
		}
	}
}

// value returns the active reasons in bit order. With no reading that was
// Active or Not Active it is unavailable: why the readings were not, or
// missing when there were none.
func (s *reasonSet) value(missing msg.M) Value[[]string] {
	if s.read == 0 && !s.other.IsZero() {
		return Unavailable[[]string](s.other)
	}
	if s.read == 0 {
		return Unavailable[[]string](missing)
	}
	out := []string{}
	for _, name := range reasonBits {
		if s.active[name] {
			out = append(out, name)
		}
	}
	return Known(out)
}

// notActiveReason says why raw is neither "Active" nor "Not Active".
func notActiveReason(raw string) msg.M {
	if reason, bad := notAReading(raw); bad {
		return reason
	}
	return unexpected(raw, msg.New("facts.reason.want.active"))
}
