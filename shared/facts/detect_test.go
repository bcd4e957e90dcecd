package facts

import (
	"errors"
	"strings"
	"testing"
)

// TestParseDetects checks that Parse picks the parser from the content.
func TestParseDetects(t *testing.T) {
	tests := []struct {
		file   string
		source Source
		detail bool
	}{
		{"telegraf__a10g.xml", SourceXML, false},
		{"gpud__nvidia-smi-query.535.129.03.out.0.valid.a10", SourceText, false},
		{"nvidia_gpu_exporter__linux-x86_64__nvidia-l40s__595.80.txt", SourceText, true},
	}
	for _, tt := range tests {
		f, err := Parse(fixture(t, tt.file))
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if f.Source != tt.source || (f.SourceDetail != "") != tt.detail {
			t.Errorf("%s: source %q detail %q", tt.file, f.Source, f.SourceDetail)
		}
	}
	csv := captureCSV(t, "nvidia_gpu_exporter__linux-x86_64__nvidia-l40s__595.80.txt")
	f, err := Parse(csv)
	if err != nil || f.Source != SourceCSV {
		t.Errorf("CSV section: %v, %v", f, err)
	}
}

// TestParseRefuses checks the errors for input Parse cannot read.
func TestParseRefuses(t *testing.T) {
	tests := []struct {
		name  string
		input string
		err   error
	}{
		{"empty", "", ErrUnknownFormat},
		{"prose", "hello, world\n", ErrUnknownFormat},
		{"csv without header", "NVIDIA H100 80GB HBM3, 81559 MiB, 0x233010DE\n", ErrNoCSVHeader},
		{"csv header only", "name, memory.total [MiB]\n", ErrNoGPUs},
		{"banner only", textBanner + "\n\nDriver Version : 535.183.01\nAttached GPUs : 8\n", ErrNoGPUs},
		{"xml without gpu", "<?xml version=\"1.0\" ?>\n<nvidia_smi_log><attached_gpus>2</attached_gpus></nvidia_smi_log>", ErrNoGPUs},
		{"other xml", "<?xml version=\"1.0\" ?>\n<html></html>", ErrUnknownFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.input))
			if !errors.Is(err, tt.err) || f != nil {
				t.Errorf("Parse = %v, %v; want error %v", f, err, tt.err)
			}
		})
	}
}

// TestTruncatedXML: XML cut short is refused, wherever the cut falls, so a
// check never passes on the GPUs a file lost (a truncated file once
// passed with exit 0). Only the whole file is read.
func TestTruncatedXML(t *testing.T) {
	data := string(fixture(t, "telegraf__dual_a5000-v13.xml"))
	for _, cut := range []int{
		strings.Index(data, "<fb_memory_usage>") + 40, // mid-element
		strings.LastIndex(data, "</gpu>"),             // in the last GPU
		strings.LastIndex(data, "</nvidia_smi_log>"),  // only the root left open
	} {
		f, err := ParseXML([]byte(data[:cut]))
		if !errors.Is(err, ErrTruncated) || f != nil || !strings.Contains(err.Error(), "ends early") {
			t.Errorf("cut at %d: %v, %v; want ErrTruncated", cut, f, err)
		}
	}
	if _, err := ParseXML([]byte(data)); err != nil {
		t.Errorf("whole file: %v", err)
	}
}

// TestCSVForms checks the CSV variants: nounits, aliases, short rows.
func TestCSVForms(t *testing.T) {
	input := "name, pci.device_id, memory.total [MiB], clocks_event_reasons.active, pcie.link.width.current, count\n" +
		"NVIDIA H100 80GB HBM3, 0x233010DE, 81559, 0x0000000000000048, 16, 2\n" +
		"NVIDIA H100 80GB HBM3, 0x233010DE\n"
	f, err := ParseCSV([]byte(input))
	if err != nil {
		t.Fatal(err)
	}
	wantGPUs(t, f, 1)
	g := f.GPUs[0]
	want(t, "memory_total_mib", g.MemoryTotalMiB, 81559)
	want(t, "pci_device_id", g.PCIDeviceID, "0x233010DE")
	want(t, "pcie.width_current", g.PCIe.WidthCurrent, 16)
	wantList(t, "clock_event_reasons", g.ClockEventReasons, []string{ReasonHWSlowdown, ReasonHWThermalSlowdown})
	wantUnavailable(t, "virtualization", g.Virtualization, "not in the nvidia-smi --query-gpu columns")
	wantUnavailable(t, "uuid", g.UUID, "not in the nvidia-smi --query-gpu columns")
	if len(f.Problems) != 2 {
		t.Errorf("Problems = %q, want the short row and the count noted", f.Problems)
	}
}

// TestQueryFieldsExist checks every field QueryCommand asks for against the
// --help-query-gpu text in each capture: a name nvidia-smi does not know
// makes the whole query fail.
func TestQueryFieldsExist(t *testing.T) {
	for _, name := range inputs(t) {
		if !isCapture(name) {
			continue
		}
		help, ok := findSection(splitSections(string(fixture(t, name))), "nvidia-smi --help-query-gpu")
		if !ok {
			t.Fatalf("%s: no --help-query-gpu section", name)
		}
		for _, field := range QueryFields() {
			if !strings.Contains(help.body, `"`+field+`"`) {
				t.Errorf("%s: field %q is not in --help-query-gpu", name, field)
			}
		}
	}
	cmd := QueryCommand()
	if !strings.HasPrefix(cmd, "nvidia-smi --query-gpu=timestamp,") || !strings.HasSuffix(cmd, " --format=csv") {
		t.Errorf("QueryCommand() = %q", cmd)
	}
}

// TestParseWrapped: output pasted with a shell prompt before it, or saved
// by PowerShell as UTF-16, is still read.
func TestParseWrapped(t *testing.T) {
	xml := fixture(t, "telegraf__tesla-t4.xml")
	text := fixture(t, "gpud__nvidia-smi-query.535.129.03.out.0.valid.a10")
	tests := []struct {
		name   string
		input  []byte
		source Source
		detail string
	}{
		{"prompt before xml", append([]byte("$ nvidia-smi -q -x\n"), xml...), SourceXML, "read the XML from byte 19 on"},
		{"prompt before -q", append([]byte("root@gpu:~# nvidia-smi -q\n"), text...), SourceText, "NVSMI LOG banner (byte 26)"},
		{"utf-16le -q", utf16LE(string(text)), SourceText, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse(tt.input)
			if err != nil {
				t.Fatal(err)
			}
			if f.Source != tt.source || !strings.Contains(f.SourceDetail, tt.detail) {
				t.Errorf("source %q detail %q, want %q and %q", f.Source, f.SourceDetail, tt.source, tt.detail)
			}
			if !f.GPUs[0].PCIDeviceID.OK() {
				t.Errorf("pci_device_id: %v", f.GPUs[0].PCIDeviceID)
			}
		})
	}
}

// utf16LE encodes ASCII s as UTF-16LE with a byte-order mark.
func utf16LE(s string) []byte {
	out := []byte{0xff, 0xfe}
	for i := 0; i < len(s); i++ {
		out = append(out, s[i], 0)
	}
	return out
}
