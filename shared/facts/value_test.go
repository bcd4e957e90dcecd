package facts

import (
	"encoding/json"
	"testing"
)

// TestValueJSON pins the JSON shape a report reader sees.
func TestValueJSON(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"known int", Known[int64](81559), `81559`},
		{"known zero is a real zero", Known(0), `0`},
		{"known string", Known("0x233010DE"), `"0x233010DE"`},
		{"known empty list", Known([]string{}), `[]`},
		{"known watts", Known(700.0), `700`},
		{"unavailable", Unavailable[int]("nvidia-smi says \"N/A\""), `{"unavailable":"nvidia-smi says \"N/A\""}`},
		{"zero value is not collected", Value[int]{}, `{"unavailable":"not collected"}`},
		{"empty reason", Unavailable[bool](""), `{"unavailable":"no reason given"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestValueUnmarshal reads back what MarshalJSON writes.
func TestValueUnmarshal(t *testing.T) {
	var n Value[int64]
	if err := json.Unmarshal([]byte(`81559`), &n); err != nil || n != Known[int64](81559) {
		t.Errorf("81559 -> %v, %v", n, err)
	}
	if err := json.Unmarshal([]byte(`{"unavailable":"N/A"}`), &n); err != nil || n.OK() || n.Reason() != "N/A" {
		t.Errorf(`{"unavailable":"N/A"} -> %v, %v`, n, err)
	}
	if err := json.Unmarshal([]byte(`null`), &n); err != nil || n.Reason() != NotCollected {
		t.Errorf("null -> %v, %v", n, err)
	}
	if err := json.Unmarshal([]byte(`"81559"`), &n); err == nil {
		t.Errorf(`"81559" into Value[int64]: want an error, got %v`, n)
	}
	var d Value[[]MIGDevice]
	if err := json.Unmarshal([]byte(`[{"index":2,"profile":"1g.10gb","memory_mib":{"unavailable":"x"}}]`), &d); err != nil {
		t.Fatal(err)
	}
	list, _ := d.Get()
	if len(list) != 1 || list[0].Index != 2 || list[0].Profile.Or("") != "1g.10gb" || list[0].MemoryMiB.Reason() != "x" {
		t.Errorf("MIG device list read back as %+v", list)
	}
}

// TestValueAccessors covers Get, Or and String.
func TestValueAccessors(t *testing.T) {
	k := Known(16)
	if v, ok := k.Get(); !ok || v != 16 || k.Or(0) != 16 || k.String() != "16" || k.Reason() != "" {
		t.Errorf("Known(16) accessors wrong: %v %v %q", v, ok, k.String())
	}
	u := Unavailable[int]("link inactive")
	if _, ok := u.Get(); ok || u.Or(-1) != -1 || u.String() != "unavailable (link inactive)" {
		t.Errorf("Unavailable accessors wrong: %q", u.String())
	}
}

// TestReasonsFromMask decodes NVML clocks-event-reason bitmasks
// (go-nvml's constants mix Event and Throttle names).
func TestReasonsFromMask(t *testing.T) {
	tests := []struct {
		mask uint64
		want []string
	}{
		{0, []string{}},
		{0x1, []string{ReasonIdle}},
		{0x2, []string{ReasonApplicationsClocks}},
		{0x4 | 0x20 | 0x80, []string{ReasonSWPowerCap, ReasonSWThermalSlowdown, ReasonHWPowerBrakeSlowdown}},
		{0x8 | 0x40, []string{ReasonHWSlowdown, ReasonHWThermalSlowdown}},
		{0x10 | 0x100, []string{ReasonSyncBoost, ReasonDisplayClocks}},
		{0x200, []string{"unknown_0x200"}},
	}
	for _, tt := range tests {
		got := ReasonsFromMask(tt.mask)
		if got == nil || len(got) != len(tt.want) {
			t.Errorf("ReasonsFromMask(%#x) = %v, want %v", tt.mask, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("ReasonsFromMask(%#x) = %v, want %v", tt.mask, got, tt.want)
			}
		}
	}
}

// TestConvert covers the raw-value readers on the forms nvidia-smi prints.
func TestConvert(t *testing.T) {
	t.Run("numbers", func(t *testing.T) {
		want(t, "81559 MiB", int64Value("81559 MiB", "MiB"), 81559)
		want(t, "nounits 81559", int64Value("81559", "MiB"), 81559)
		want(t, "16x", intValue("16x", "x"), 16)
		want(t, "-8 C", intValue("-8 C", "C"), -8)
		want(t, "700.00 W", floatValue("700.00 W", "W"), 700)
		wantUnavailable(t, "[N/A]", intValue("[N/A]", ""), `nvidia-smi says "N/A"`)
		wantUnavailable(t, "[Not Supported]", intValue("[Not Supported]", ""), `nvidia-smi says "Not Supported"`)
		wantUnavailable(t, "ERR!", intValue("ERR!", "%"), `nvidia-smi says "ERR!"`)
		wantUnavailable(t, "81559 KiB", int64Value("81559 KiB", "MiB"), `cannot read "81559 KiB" as a number of MiB`)
		wantUnavailable(t, "NaN W", floatValue("NaN W", "W"), "cannot read")
		wantUnavailable(t, "Inf", floatValue("Inf", ""), "cannot read")
		wantUnavailable(t, "0x1p3", floatValue("0x1p3", ""), "cannot read")
		wantUnavailable(t, "empty", intValue("  ", ""), "empty value")
	})
	t.Run("enums", func(t *testing.T) {
		want(t, "Pass-Through", virtValue("Pass-Through"), VirtPassthrough)
		want(t, "VGPU", virtValue("VGPU"), VirtVGPU)
		want(t, "Host VGPU", virtValue("Host VGPU"), VirtHostVGPU)
		want(t, "None", virtValue("None"), VirtNone)
		want(t, "Exclusive_Process", computeValue("Exclusive_Process"), ComputeExclusiveProcess)
		want(t, "Enabled", enabledValue("Enabled"), Enabled)
		wantUnavailable(t, "Maybe", enabledValue("Maybe"), `unexpected value "Maybe" (want Enabled or Disabled)`)
		want(t, "Yes", boolValue("Yes"), true)
		want(t, "0", boolValue("0"), false)
	})
	t.Run("pci ids", func(t *testing.T) {
		want(t, "0x233010DE", pciIDValue("0x233010DE"), "0x233010DE")
		want(t, "20b210de", pciIDValue("20b210de"), "0x20B210DE")
		wantUnavailable(t, "[REDACTED]", pciIDValue("[REDACTED]"), `nvidia-smi says "REDACTED"`)
		wantUnavailable(t, "0x2330", pciIDValue("0x2330"), "want 8 hex digits")
	})
}
