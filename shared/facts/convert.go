package facts

import (
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// This file turns one raw nvidia-smi value ("81559 MiB", "N/A",
// "[Not Supported]", "Pass-Through") into a Value. All three parsers share
// it, so the same text always means the same fact.

// sentinels are values nvidia-smi prints instead of a reading, with or
// without brackets (the CSV format brackets them: "[N/A]").
var sentinels = map[string]bool{
	"n/a":                      true,
	"not supported":            true,
	"not available":            true,
	"unknown error":            true,
	"unknown":                  true,
	"err!":                     true,
	"insufficient permissions": true,
	"gpu is lost":              true,
	"gpu requires reset":       true,
	"requested functionality has been deprecated": true,
}

// notAReading reports why raw is not a reading: it is empty, bracketed, or
// one of the sentinels. ok is false when raw looks like a real value.
func notAReading(raw string) (reason msg.M, ok bool) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return msg.New("facts.reason.empty"), true
	}
	if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' {
		return says("nvidia-smi", quote(s[1:len(s)-1])), true
	}
	if sentinels[strings.ToLower(s)] {
		return says("nvidia-smi", quote(s)), true
	}
	return msg.M{}, false
}

// maxQuoted is how much of an unreadable value a reason quotes.
const maxQuoted = 60

// quote quotes s without surrounding space, cut to maxQuoted bytes, so that
// a reason stays one short line however long the bad value is.
func quote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxQuoted {
		s = strings.ToValidUTF8(s[:maxQuoted], "") + "..."
	}
	return strconv.Quote(s)
}

// textValue reads a free-text value such as a name or a version.
func textValue(raw string) Value[string] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[string](reason)
	}
	return Known(strings.TrimSpace(raw))
}

// trimUnit removes unit (e.g. "MiB", "x") from the end of a reading. The CSV
// nounits format has no unit, so a missing unit is fine.
func trimUnit(raw, unit string) string {
	s := strings.TrimSpace(raw)
	if unit != "" {
		s = strings.TrimSpace(strings.TrimSuffix(s, unit))
	}
	return s
}

// int64Value reads a whole number followed by unit, e.g. "81559 MiB".
func int64Value(raw, unit string) Value[int64] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[int64](reason)
	}
	n, err := strconv.ParseInt(trimUnit(raw, unit), 10, 64)
	if err != nil {
		return Unavailable[int64](cannotRead(raw, unit))
	}
	return Known(n)
}

// intValue reads a whole number that fits an int, e.g. "1980 MHz".
func intValue(raw, unit string) Value[int] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[int](reason)
	}
	n, err := strconv.ParseInt(trimUnit(raw, unit), 10, 32)
	if err != nil {
		return Unavailable[int](cannotRead(raw, unit))
	}
	return Known(int(n))
}

// floatValue reads a decimal number followed by unit, e.g. "700.00 W".
func floatValue(raw, unit string) Value[float64] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[float64](reason)
	}
	s := trimUnit(raw, unit)
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !plainDecimal(s) {
		return Unavailable[float64](cannotRead(raw, unit))
	}
	return Known(x)
}

// plainDecimal reports whether s is digits with an optional sign and point,
// so that "NaN", "Inf" and hex floats, which JSON cannot hold or nvidia-smi
// never prints, are refused.
func plainDecimal(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	return s != "" && strings.Trim(s, "0123456789.") == ""
}

// cannotRead is the reason for a value that is not a number of unit.
func cannotRead(raw, unit string) msg.M {
	if unit == "" {
		return msg.New("facts.reason.not_number", msg.Text(quote(raw)))
	}
	return msg.New("facts.reason.not_number_of", msg.Text(quote(raw)), msg.Text(unit))
}

// unexpected is the reason for a value that is none of want, a
// facts.reason.want message listing the values nvidia-smi prints.
func unexpected(raw string, want msg.M) msg.M {
	return msg.New("facts.reason.unexpected", msg.Text(quote(raw)), msg.Sub(want))
}

// enumValue reads raw and maps it through allowed, keyed by the lower-case
// value with spaces, dashes and underscores removed; want lists the
// values for the reason of any other.
func enumValue(raw string, allowed map[string]string, want msg.M) Value[string] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[string](reason)
	}
	if v, ok := allowed[enumKey(raw)]; ok {
		return Known(v)
	}
	return Unavailable[string](unexpected(raw, want))
}

// enumKey folds case and drops separators: "Pass-Through" -> "passthrough".
func enumKey(raw string) string {
	r := strings.NewReplacer(" ", "", "-", "", "_", "")
	return r.Replace(strings.ToLower(strings.TrimSpace(raw)))
}

var enabledValues = map[string]string{"enabled": Enabled, "disabled": Disabled}

// enabledValue reads "Enabled" or "Disabled".
func enabledValue(raw string) Value[string] {
	return enumValue(raw, enabledValues, msg.New("facts.reason.want.enabled"))
}

var virtValues = map[string]string{
	"none":        VirtNone,
	"passthrough": VirtPassthrough,
	"vgpu":        VirtVGPU,
	"hostvgpu":    VirtHostVGPU,
	"hostvsga":    VirtHostVSGA,
}

// virtValue reads the virtualization mode: "None", "Pass-Through", "VGPU",
// "Host VGPU" or "Host VSGA".
func virtValue(raw string) Value[string] {
	return enumValue(raw, virtValues, msg.New("facts.reason.want.virt"))
}

var computeValues = map[string]string{
	"default":          ComputeDefault,
	"exclusiveprocess": ComputeExclusiveProcess,
	"exclusivethread":  ComputeExclusiveThread,
	"prohibited":       ComputeProhibited,
}

// computeValue reads the compute mode, e.g. "Default", "Exclusive_Process".
func computeValue(raw string) Value[string] {
	return enumValue(raw, computeValues, msg.New("facts.reason.want.compute"))
}

// boolValue reads "Yes"/"No" (the CSV format may print 1/0).
func boolValue(raw string) Value[bool] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[bool](reason)
	}
	switch strings.ToLower(strings.TrimSpace(raw)) {
	case "yes", "true", "1":
		return Known(true)
	case "no", "false", "0":
		return Known(false)
	}
	return Unavailable[bool](unexpected(raw, msg.New("facts.reason.want.yes_no")))
}

// pciIDValue reads a 32-bit PCI id, "0x233010DE" or "233010DE", and writes
// it as 0x plus 8 upper-case hex digits.
func pciIDValue(raw string) Value[string] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[string](reason)
	}
	s := strings.TrimSpace(raw)
	hex := strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if _, err := strconv.ParseUint(hex, 16, 32); err != nil || len(hex) != 8 {
		return Unavailable[string](msg.New("facts.reason.not_pci_id", msg.Text(quote(s))))
	}
	return Known("0x" + strings.ToUpper(hex))
}

// sumKnown adds the known values. With none known it returns the first
// reason, so "N/A" everywhere stays unavailable.
func sumKnown(parts []Value[int64]) Value[int64] {
	var total int64
	var known bool
	for _, p := range parts {
		if n, ok := p.Get(); ok {
			total += n
			known = true
		}
	}
	if known {
		return Known(total)
	}
	if len(parts) == 0 {
		return Unavailable[int64](NotCollected)
	}
	return Unavailable[int64](parts[0].Reason())
}
