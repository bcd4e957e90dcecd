package facts

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
)

// notFacts are fixtures that hold no facts: Parse must refuse them.
var notFacts = map[string]bool{
	"gpud__nvidia-smi.550.90.07.out.0.valid": true, // plain table output
}

// inputs returns the fixture file names in testdata (not goldens, not the
// README).
func inputs(t testing.TB) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasSuffix(n, ".json") || strings.HasSuffix(n, ".md") {
			continue
		}
		names = append(names, n)
	}
	return names
}

// fixture reads testdata/name.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// isCapture reports whether name is an nvidia_gpu_exporter capture bundle.
func isCapture(name string) bool {
	return strings.HasPrefix(name, "nvidia_gpu_exporter__")
}

// captureCSV returns the first --query-gpu CSV section of a capture.
func captureCSV(t testing.TB, name string) []byte {
	t.Helper()
	for _, s := range splitSections(string(fixture(t, name))) {
		if strings.HasPrefix(s.command, "nvidia-smi --query-gpu=") {
			return []byte(s.body)
		}
	}
	t.Fatalf("%s: no --query-gpu section", name)
	return nil
}

// checkGolden compares f, as indented JSON, with testdata/golden, or
// rewrites it under -update.
func checkGolden(t *testing.T, golden string, f *Facts) {
	t.Helper()
	got, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	got = append(got, '\n')
	testkit.Golden(t, filepath.Join("testdata", golden), got)
}

// TestGolden parses every fixture with Parse and compares the Facts with
// testdata/NAME.facts.json.
func TestGolden(t *testing.T) {
	for _, name := range inputs(t) {
		if notFacts[name] {
			continue
		}
		t.Run(name, func(t *testing.T) {
			f, err := Parse(fixture(t, name))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			checkGolden(t, name+".facts.json", f)
		})
	}
}

// TestGoldenCSV parses the --query-gpu CSV section of every capture with
// ParseCSV and compares with testdata/NAME.csv.facts.json.
func TestGoldenCSV(t *testing.T) {
	for _, name := range inputs(t) {
		if !isCapture(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			f, err := ParseCSV(captureCSV(t, name))
			if err != nil {
				t.Fatalf("ParseCSV: %v", err)
			}
			checkGolden(t, name+".csv.facts.json", f)
		})
	}
}

// TestJSONRoundTrip checks that every golden reads back into the same
// Facts: the JSON shape is what a report reader can rely on.
func TestJSONRoundTrip(t *testing.T) {
	for _, name := range inputs(t) {
		if notFacts[name] {
			continue
		}
		f, err := Parse(fixture(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		first, _ := json.Marshal(f)
		var back Facts
		if err := json.Unmarshal(first, &back); err != nil {
			t.Fatalf("%s: unmarshal: %v", name, err)
		}
		second, _ := json.Marshal(&back)
		if !bytes.Equal(first, second) {
			t.Errorf("%s: JSON changes after a round trip", name)
		}
	}
}
