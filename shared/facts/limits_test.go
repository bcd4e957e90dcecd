package facts

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// maxAllocRatio bounds a parser's allocations as a multiple of its input.
const maxAllocRatio = 12

// parseBounded runs parse on data and fails t when it allocates more than
// maxAllocRatio times the input plus slack for fixed costs (the fuzz
// targets run it on every input).
func parseBounded(t *testing.T, parse func([]byte) (*Facts, error), data []byte) (*Facts, error) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f, err := parse(data)
	runtime.ReadMemStats(&after)
	const slack = 4 << 20
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > maxAllocRatio*uint64(len(data))+slack {
		t.Fatalf("allocated %d bytes for %d bytes of input", alloc, len(data))
	}
	return f, err
}

// hostile returns inputs of about n bytes built to exhaust a parser: deep
// or flat XML, text split by comments (quadratic with naive assembly), one
// huge text, -q lines, blank lines and CSV rows.
func hostile(n int) map[string]string {
	rep := func(head, unit, tail string) string {
		return head + strings.Repeat(unit, (n-len(head)-len(tail))/len(unit)) + tail
	}
	csvHead := "name, index, memory.total [MiB]\n"
	return map[string]string{
		"xml nested":   rep("<nvidia_smi_log>", "<a>", ""),
		"xml flat":     rep("<nvidia_smi_log>", "<a/>", "</nvidia_smi_log>"),
		"xml gpus":     rep("<nvidia_smi_log>", "<gpu/>", "</nvidia_smi_log>"),
		"xml comments": rep(`<nvidia_smi_log><gpu id="0"><product_name>`, "x<!---->", "</product_name></gpu></nvidia_smi_log>"),
		"xml text":     rep(`<nvidia_smi_log><gpu id="0"><product_name>`, "x", "</product_name></gpu></nvidia_smi_log>"),
		"xml attrs":    rep(`<nvidia_smi_log><gpu id="0" `, `a="b" `, "/></nvidia_smi_log>"),
		"text lines":   rep(textBanner+"\n", "a : b\n", ""),
		"text deep":    rep(textBanner+"\nGPU 00000000:01:00.0\n", " a\n", ""),
		"text blank":   rep(textBanner+"\n", "\n", ""),
		"bundle blank": rep("$ nvidia-smi -q\n"+textBanner+"\n", "\n", ""),
		"bundle rules": rep("x\n"+textBanner+"\n", strings.Repeat("#", 20)+"\n# $ nvidia-smi -q\n", ""),
		"csv rows":     rep(csvHead, "NVIDIA H100, 0, 81559\n", ""),
		"csv bad rows": rep(csvHead, "NVIDIA H100, 0\n", ""),
	}
}

// TestParseMemoryBound measures every parser on 4 MB of hostile input (half
// the cap, to keep make test quick): each returns in linear time and
// allocates at most maxAllocRatio times the input (64 MB of
// nested XML once took 5.5 GB; 3.2 MB of comments in one element 12.8 s).
// TotalAlloc counts every allocation, freed or not, so it bounds the peak.
func TestParseMemoryBound(t *testing.T) {
	for name, in := range hostile(MaxInput / 2) {
		t.Run(name, func(t *testing.T) {
			data := []byte(in)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := Parse(data)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			ratio := float64(alloc) / float64(len(data))
			t.Logf("%d bytes: %v, allocated %.1f× the input, %v", len(data), took.Round(time.Millisecond), ratio, err)
			if ratio > maxAllocRatio {
				t.Errorf("allocated %d bytes for %d of input (%.1f×), want at most %d×", alloc, len(data), ratio, maxAllocRatio)
			}
			if took > 30*time.Second { // quadratic assembly took 12.8 s for 3.2 MB
				t.Errorf("took %v", took)
			}
		})
	}
}

// TestParseRefusesOverCap checks the 8 MB cap of every parser.
func TestParseRefusesOverCap(t *testing.T) {
	big := []byte("<nvidia_smi_log>" + strings.Repeat(" ", MaxInput))
	for name, parse := range map[string]func([]byte) (*Facts, error){
		"Parse": Parse, "ParseXML": ParseXML, "ParseText": ParseText, "ParseCSV": ParseCSV,
	} {
		if f, err := parse(big); f != nil || !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s of %d bytes: %v, want ErrTooLarge", name, len(big), err)
		}
	}
}

// TestParseLimits checks the depth and element limits name themselves.
func TestParseLimits(t *testing.T) {
	deep := "<nvidia_smi_log>" + strings.Repeat("<a>", maxDepth+1)
	if _, err := ParseXML([]byte(deep)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "nested more than 32 deep") {
		t.Errorf("deep XML: %v", err)
	}
	flat := "<nvidia_smi_log>" + strings.Repeat("<a/>", maxNodes) + "</nvidia_smi_log>"
	if _, err := ParseXML([]byte(flat)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than 100000 elements") {
		t.Errorf("flat XML: %v", err)
	}
	var deepText strings.Builder
	deepText.WriteString(textBanner + "\n")
	for i := range maxDepth + 2 {
		deepText.WriteString(strings.Repeat(" ", i) + "a\n")
	}
	if _, err := ParseText([]byte(deepText.String())); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "nested more than") {
		t.Errorf("deep -q text: %v", err)
	}
	gpus := "<nvidia_smi_log>" + strings.Repeat("<gpu></gpu>", maxGPUs+1) + "</nvidia_smi_log>"
	if _, err := ParseXML([]byte(gpus)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "257 GPUs") {
		t.Errorf("%d GPUs: %v", maxGPUs+1, err)
	}
	attrs := "<nvidia_smi_log><gpu " + strings.Repeat(`a=">" `, maxNodes+1) + "/></nvidia_smi_log>"
	if _, err := ParseXML([]byte(attrs)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "attributes") {
		t.Errorf("attributes: %v", err)
	}
	lines := textBanner + "\n" + strings.Repeat("a : b\n", maxNodes)
	if _, err := ParseText([]byte(lines)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("-q lines: %v", err)
	}
}

// TestCSVWrongColumnCount: rows whose field count differs from the
// header's are named with both counts, not "no data row".
func TestCSVWrongColumnCount(t *testing.T) {
	_, err := ParseCSV([]byte("name, index, memory.total [MiB]\nNVIDIA H100, 0\n"))
	if !errors.Is(err, ErrNoGPUs) || !strings.Contains(err.Error(), "CSV data row 1 has 2 fields, the header has 3") {
		t.Errorf("error %v", err)
	}
}
