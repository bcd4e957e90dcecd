package facts

import (
	"encoding/json"
	"strings"
	"testing"
)

// The seeds are whole nvidia-smi outputs of 10-160 KB. Go minimizes every
// new interesting input for up to a minute by default, which on inputs this
// large stalls the fuzzer; run with a bounded minimization, e.g.
//
//	go test ./shared/facts -run '^$' -fuzz '^FuzzParse$' -fuzztime 20s -fuzzminimizetime 200x

// seed adds every fixture whose name passes keep, and a few small inputs,
// to the fuzz corpus.
func seed(f *testing.F, keep func(name string) bool) {
	for _, name := range inputs(f) {
		if keep(name) {
			f.Add(fixture(f, name))
		}
	}
	f.Add([]byte(""))
	f.Add([]byte(textBanner + "\nAttached GPUs : 8\nGPU 00000000:53:00.0\n    Product Name : X\n"))
	f.Add([]byte("name, memory.total [MiB]\nA, [N/A]\n"))
	f.Add([]byte(`<nvidia_smi_log><gpu id="1"><remapped_rows>N/A</remapped_rows></gpu>`))
}

// Every target also keeps the memory bound: parseBounded fails an input
// that makes a parser allocate more than maxAllocRatio times its size.

// checkResult is what every parser promises: no panic, facts or an error,
// at least one GPU when there is no error, JSON that marshals, and every
// unavailable reason a catalogue message (a Chinese report reads it in
// Chinese), the tool's words only as its arguments.
func checkResult(t *testing.T, f *Facts, err error) {
	if err != nil {
		if f != nil {
			t.Fatalf("both facts and error %v", err)
		}
		return
	}
	if f == nil || len(f.GPUs) == 0 {
		t.Fatalf("no error and no GPU: %+v", f)
	}
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatalf("facts do not marshal: %v", err)
	}
	var tree any
	if err := json.Unmarshal(data, &tree); err != nil {
		t.Fatal(err)
	}
	if english, ok := verbatimReason(tree); ok {
		t.Fatalf("reason %q has no message", english)
	}
}

// verbatimReason finds an unavailable object of a decoded JSON tree with
// no unavailable_message, and gives its English.
func verbatimReason(tree any) (string, bool) {
	switch v := tree.(type) {
	case map[string]any:
		if english, ok := v["unavailable"].(string); ok && v["unavailable_message"] == nil {
			return english, true
		}
		for _, x := range v {
			if english, ok := verbatimReason(x); ok {
				return english, true
			}
		}
	case []any:
		for _, x := range v {
			if english, ok := verbatimReason(x); ok {
				return english, true
			}
		}
	}
	return "", false
}

func FuzzParseXML(f *testing.F) {
	seed(f, func(n string) bool { return strings.HasSuffix(n, ".xml") })
	f.Fuzz(func(t *testing.T, data []byte) {
		facts, err := parseBounded(t, ParseXML, data)
		checkResult(t, facts, err)
	})
}

func FuzzParseText(f *testing.F) {
	seed(f, func(n string) bool { return strings.HasPrefix(n, "gpud__") })
	f.Fuzz(func(t *testing.T, data []byte) {
		facts, err := parseBounded(t, ParseText, data)
		checkResult(t, facts, err)
	})
}

func FuzzParseCSV(f *testing.F) {
	for _, name := range inputs(f) {
		if isCapture(name) {
			f.Add(captureCSV(f, name))
		}
	}
	f.Add([]byte("name, index, count\n\"A, B\", 0, 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		facts, err := parseBounded(t, ParseCSV, data)
		checkResult(t, facts, err)
	})
}

func FuzzParse(f *testing.F) {
	seed(f, func(string) bool { return true })
	f.Fuzz(func(t *testing.T, data []byte) {
		facts, err := parseBounded(t, Parse, data)
		checkResult(t, facts, err)
	})
}

func BenchmarkParseXML(b *testing.B) {
	data := fixture(b, "telegraf__dual_a5000-v13.xml") // 94 KB, 2 GPUs
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseXML(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseText(b *testing.B) {
	data := fixture(b, "gpud__nvidia-smi-query.535.183.01.out.0.valid") // 73 KB, 8 GPUs
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseText(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseCSV(b *testing.B) {
	// The ~230-column query of a capture; a real 8-GPU file has 8 such rows.
	section := captureCSV(b, "nvidia_gpu_exporter__linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt")
	header, row, _ := strings.Cut(strings.TrimSpace(string(section)), "\n")
	data := []byte(header + "\n" + strings.Repeat(row+"\n", 8))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseCSV(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseBundle(b *testing.B) {
	data := fixture(b, "nvidia_gpu_exporter__linux-x86_64__nvidia-h100-mig__590.48.01.txt") // 157 KB
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
