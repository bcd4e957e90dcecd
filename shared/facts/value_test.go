package facts

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
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
		{"says", Unavailable[int](says("nvidia-smi", `"N/A"`)),
			`{"unavailable":"nvidia-smi says \"N/A\"","unavailable_message":{"id":"facts.reason.says","args":[{"kind":"text","text":"nvidia-smi"},{"kind":"text","text":"\"N/A\""}]}}`},
		{"catalogue reason", Unavailable[float64](msg.New("facts.reason.link_inactive")),
			`{"unavailable":"link inactive","unavailable_message":{"id":"facts.reason.link_inactive"}}`},
		{"verbatim text has no message", UnavailableText[int]("NVML ERROR_UNKNOWN"), `{"unavailable":"NVML ERROR_UNKNOWN"}`},
		{"zero value is not collected", Value[int]{},
			`{"unavailable":"not collected","unavailable_message":{"id":"facts.reason.not_collected"}}`},
		{"empty reason", Unavailable[bool](msg.M{}), `{"unavailable":"no reason given","unavailable_message":{"id":"facts.reason.none"}}`},
		{"empty text", UnavailableText[bool](""), `{"unavailable":"no reason given","unavailable_message":{"id":"facts.reason.none"}}`},
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

// TestValueReadsBack: what MarshalJSON writes reads back as the same
// reason and re-encodes byte for byte, and a file holding only the
// English (as every file did before reasons had messages) reads as that
// text, whatever the text, and re-encodes unchanged.
func TestValueReadsBack(t *testing.T) {
	for _, v := range []Value[int]{
		Unavailable[int](Reasons(textMissing, msg.New("facts.reason.hint_nvml"))),
		Unavailable[int](says("nvidia-smi", `"N/A"`)),
		UnavailableText[int]("NVML ERROR_UNKNOWN"),
		{},
	} {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back Value[int]
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if !reflect.DeepEqual(back.Reason(), v.Reason()) {
			t.Errorf("%s read back as %+v, want %+v", data, back.Reason(), v.Reason())
		}
		if again, _ := json.Marshal(back); string(again) != string(data) {
			t.Errorf("%s re-encoded as %s", data, again)
		}
	}
	for _, old := range []string{
		`{"unavailable":"nvidia-smi says \"N/A\""}`,
		`{"unavailable":"not in the nvidia-smi -q output; NVML gives it"}`,
		`{"unavailable":"not collected"}`,
		`{"unavailable":"no reason given"}`,
	} {
		var v Value[int]
		if err := json.Unmarshal([]byte(old), &v); err != nil {
			t.Fatalf("%s: %v", old, err)
		}
		english := strings.TrimSuffix(strings.TrimPrefix(old, `{"unavailable":"`), `"}`)
		english = strings.ReplaceAll(english, `\"`, `"`)
		if !msg.IsVerbatim(v.Reason()) || v.Reason().In(msg.Zh) != english {
			t.Errorf("%s read as %+v, want the English as written, in Chinese too", old, v.Reason())
		}
		if again, _ := json.Marshal(v); string(again) != old {
			t.Errorf("%s re-encoded as %s", old, again)
		}
	}
}

// TestValueUnmarshal reads back what MarshalJSON writes.
func TestValueUnmarshal(t *testing.T) {
	var n Value[int64]
	if err := json.Unmarshal([]byte(`81559`), &n); err != nil || !reflect.DeepEqual(n, Known[int64](81559)) {
		t.Errorf("81559 -> %v, %v", n, err)
	}
	if err := json.Unmarshal([]byte(`{"unavailable":"N/A"}`), &n); err != nil || n.OK() || n.Reason().String() != "N/A" {
		t.Errorf(`{"unavailable":"N/A"} -> %v, %v`, n, err)
	}
	if err := json.Unmarshal([]byte(`{"unavailable":"x","unavailable_message":{"id":"facts.reason.link_inactive"}}`), &n); err != nil || n.Reason().In(msg.Zh) != "链路未激活" {
		t.Errorf("message -> %v, %v", n.Reason(), err)
	}
	if err := json.Unmarshal([]byte(`null`), &n); err != nil || n.Reason().ID != NotCollected.ID {
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
	if len(list) != 1 || list[0].Index != 2 || list[0].Profile.Or("") != "1g.10gb" || list[0].MemoryMiB.Reason().String() != "x" {
		t.Errorf("MIG device list read back as %+v", list)
	}
}

// TestValueUnmarshalRefuses: an object with exactly the unavailable keys
// is unavailable or an error, never a value; a message key must hold a
// catalogue message with no unknown field.
func TestValueUnmarshalRefuses(t *testing.T) {
	for _, in := range []string{
		`{"unavailable":5}`,
		`{"unavailable":"x","unavailable_message":null}`,
		`{"unavailable":"x","unavailable_message":{}}`,
		`{"unavailable":"x","unavailable_message":"link inactive"}`,
		`{"unavailable":"x","unavailable_message":{"id":"facts.reason.link_inactive","extra":1}}`,
		`{"unavailable":"x","unavailable_message":{"id":"common.verbatim","args":[{"kind":"text","text":"x"}]}}`,
		`{"unavailable":"x","unavailable_message":{"id":"report.unavailable","args":[{"kind":"text","text":"x"}]}}`,
		`{"unavailable":"x","unavailable_message":{"id":"facts.reason.no_such_reason"}}`,
		`{"unavailable":"x","unavailable_message":{"id":"facts.reason.says","args":[{"kind":"text","text":"x"}]}}`,
		`{"unavailable":"x","unavailable_message":{"id":"facts.reason.says","args":[{"kind":"text","text":"x"},{"kind":"money","dec":"1e99999"}]}}`,
		`{"unavailable":"x","unavailable_message":{"id":"facts.reason.and","args":[{"kind":"msg"},{"kind":"text","text":"x"}]}}`,
		`{"unavailable":"x","unavailable_message":` + strings.Repeat(`{"id":"facts.reason.and","args":[{"kind":"text","text":"x"},{"kind":"msg","msg":`, 10) +
			`{"id":"facts.reason.none"}` + strings.Repeat(`}]}`, 10) + `}`,
	} {
		var v Value[map[string]any]
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Errorf("%s: want an error, got %v", in, v)
		}
	}
	// Other keys make it a value: a T that is an object.
	var v Value[map[string]any]
	if err := json.Unmarshal([]byte(`{"unavailable":"x","other":1}`), &v); err != nil || !v.OK() {
		t.Errorf("an object with another key: %v, %v", v, err)
	}
	if err := json.Unmarshal([]byte(`{"unavailable_message":{"id":"facts.reason.none"}}`), &v); err != nil || !v.OK() {
		t.Errorf("an object without unavailable: %v, %v", v, err)
	}
	// A driver's words may sit inside a reason's parts.
	nested := `{"unavailable":"x","unavailable_message":{"id":"facts.reason.and","args":[{"kind":"msg","msg":{"id":"common.verbatim","args":[{"kind":"text","text":"NVML ERROR_UNKNOWN"}]}},{"kind":"msg","msg":{"id":"facts.reason.hint_nvml"}}]}}`
	if err := json.Unmarshal([]byte(nested), &v); err != nil || v.Reason().In(msg.Zh) != "NVML ERROR_UNKNOWN；NVML 可以读到" {
		t.Errorf("verbatim text inside a reason: %v, %v", v.Reason(), err)
	}
}

// TestValueMarshalRefusesLookalike: a known object that would read back
// as unavailable is an error, not a silent change of meaning.
func TestValueMarshalRefusesLookalike(t *testing.T) {
	for _, m := range []map[string]any{
		{"unavailable": "x"},
		{"unavailable": "x", "unavailable_message": map[string]any{"id": "facts.reason.none"}},
	} {
		if b, err := json.Marshal(Known(m)); err == nil {
			t.Errorf("Known(%v) marshalled as %s, want an error", m, b)
		}
	}
	if b, err := json.Marshal(Known(map[string]any{"unavailable": "x", "other": 1})); err != nil {
		t.Errorf("an object with another key: %s, %v", b, err)
	}
}

// TestValueAccessors covers Get, Or, Reason and String.
func TestValueAccessors(t *testing.T) {
	k := Known(16)
	if v, ok := k.Get(); !ok || v != 16 || k.Or(0) != 16 || k.String() != "16" || !k.Reason().IsZero() {
		t.Errorf("Known(16) accessors wrong: %v %v %q", v, ok, k.String())
	}
	u := Unavailable[int](msg.New("facts.reason.link_inactive"))
	if _, ok := u.Get(); ok || u.Or(-1) != -1 || u.String() != "unavailable (link inactive)" || u.Reason().In(msg.Zh) != "链路未激活" {
		t.Errorf("Unavailable accessors wrong: %q", u.String())
	}
	if got := (Value[int]{}).Reason().In(msg.Zh); got != "未采集" {
		t.Errorf("zero Value reason in Chinese = %q", got)
	}
}

// TestReasons joins parts with facts.reason.and, in either language.
func TestReasons(t *testing.T) {
	m := Reasons(textMissing, msg.New("facts.reason.hint_version"))
	if got, want := m.String(), "not in the nvidia-smi -q output; nvidia-smi --version shows it"; got != want {
		t.Errorf("en %q, want %q", got, want)
	}
	if got, want := m.In(msg.Zh), "nvidia-smi -q 的输出中没有；nvidia-smi --version 可以显示"; got != want {
		t.Errorf("zh %q, want %q", got, want)
	}
	if err := msg.Check(m); err != nil {
		t.Error(err)
	}
	if got := Reasons(csvMissing).String(); got != "not in the nvidia-smi --query-gpu columns" {
		t.Errorf("one part: %q", got)
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

// FuzzValueJSON: UnmarshalJSON never panics, and a Value it reads writes a
// form that reads back to the same bytes.
func FuzzValueJSON(f *testing.F) {
	for _, s := range []string{`81559`, `null`, `{"unavailable":"N/A"}`, `{"unavailable":"x","other":1}`,
		`{"unavailable":"nvidia-smi says \"N/A\"","unavailable_message":{"id":"facts.reason.says","args":[{"kind":"text","text":"nvidia-smi"},{"kind":"text","text":"\"N/A\""}]}}`,
		`{"unavailable":"x","unavailable_message":{"id":"facts.reason.and","args":[{"kind":"msg","msg":{"id":"facts.reason.not_in_q"}},{"kind":"msg","msg":{"id":"facts.reason.hint_nvml"}}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v Value[map[string]any]
		if json.Unmarshal(data, &v) != nil {
			return
		}
		first, err := json.Marshal(v)
		if err != nil {
			if v.OK() {
				return // a known object that looks unavailable: refused
			}
			t.Fatal(err)
		}
		var back Value[map[string]any]
		if err := json.Unmarshal(first, &back); err != nil {
			t.Fatalf("%s does not read back: %v", first, err)
		}
		if again, _ := json.Marshal(back); !bytes.Equal(again, first) {
			t.Fatalf("%s re-encodes as %s", first, again)
		}
		_ = v.Reason().In(msg.Zh)
	})
}

// TestReasonsInChinese checks that the reasons the readers write for a
// value they cannot read are catalogue messages: the English is the
// sentence scripts have always read, the Chinese quotes nvidia-smi's value
// inside a Chinese sentence, and a JSON round trip keeps the message.
func TestReasonsInChinese(t *testing.T) {
	tests := []struct {
		name   string
		reason msg.M
		en, zh string
	}{
		{"empty", intValue("  ", "").Reason(), "empty value", "值为空"},
		{"number", floatValue("Inf", "").Reason(), `cannot read "Inf" as a number`, `无法把 "Inf" 解析为数字`},
		{"number of", int64Value("81559 KiB", "MiB").Reason(), `cannot read "81559 KiB" as a number of MiB`, `无法把 "81559 KiB" 解析为以 MiB 为单位的数值`},
		{"enabled", enabledValue("Maybe").Reason(), `unexpected value "Maybe" (want Enabled or Disabled)`, `无法识别的值 "Maybe"（应为 Enabled 或 Disabled）`},
		{"virt", virtValue("SR-IOV").Reason(), `unexpected value "SR-IOV" (want None, Pass-Through, VGPU, Host VGPU or Host VSGA)`, `无法识别的值 "SR-IOV"（应为 None、Pass-Through、VGPU、Host VGPU 或 Host VSGA）`},
		{"compute", computeValue("Shared").Reason(), `unexpected value "Shared" (want Default, Exclusive_Process, Exclusive_Thread or Prohibited)`, `无法识别的值 "Shared"（应为 Default、Exclusive_Process、Exclusive_Thread 或 Prohibited）`},
		{"bool", boolValue("Maybe").Reason(), `unexpected value "Maybe" (want Yes or No)`, `无法识别的值 "Maybe"（应为 Yes 或 No）`},
		{"active", notActiveReason("Half"), `unexpected value "Half" (want Active or Not Active)`, `无法识别的值 "Half"（应为 Active 或 Not Active）`},
		{"pci id", pciIDValue("0x2330").Reason(), `cannot read "0x2330" as a PCI id (want 8 hex digits, e.g. 0x233010DE)`, `无法把 "0x2330" 解析为 PCI ID（应为 8 位十六进制数，如 0x233010DE）`},
		{"bitmask", maskValue("0xZZ").Reason(), `cannot read "0xZZ" as a bitmask (want 0x and hex digits)`, `无法把 "0xZZ" 解析为位掩码（应为 0x 加十六进制数字）`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := msg.Check(tt.reason); err != nil {
				t.Fatal(err)
			}
			if msg.IsVerbatim(tt.reason) {
				t.Fatalf("reason %q is verbatim text, not a message", tt.reason)
			}
			if got := tt.reason.String(); got != tt.en {
				t.Errorf("English = %q, want %q", got, tt.en)
			}
			if got := tt.reason.In(msg.Zh); got != tt.zh {
				t.Errorf("Chinese = %q, want %q", got, tt.zh)
			}
			data, err := json.Marshal(Unavailable[int](tt.reason))
			if err != nil {
				t.Fatal(err)
			}
			var back Value[int]
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			if got := back.Reason().In(msg.Zh); got != tt.zh {
				t.Errorf("after JSON %s, Chinese = %q, want %q", data, got, tt.zh)
			}
		})
	}
}
