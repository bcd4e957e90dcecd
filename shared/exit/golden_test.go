package exit_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/exit"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden renders every testdata/*.json input as text, Markdown and
// iCalendar and compares them with the golden files beside it.
func TestGolden(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.json")
	if len(inputs) == 0 {
		t.Fatal("no testdata inputs")
	}
	for _, path := range inputs {
		name := strings.TrimSuffix(path, ".json")
		t.Run(filepath.Base(name), func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			in, err := exit.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			p, err := exit.Schedule(in)
			if err != nil {
				t.Fatal(err)
			}
			var text, md, ics bytes.Buffer
			if err := p.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if err := p.WriteMarkdown(&md); err != nil {
				t.Fatal(err)
			}
			if err := p.WriteICS(&ics, stamp); err != nil {
				t.Fatal(err)
			}
			golden(t, name+".txt", text.Bytes())
			golden(t, name+".md", md.Bytes())
			golden(t, name+".ics", ics.Bytes())
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the rendering; run with -update and review the diff\n--- got ---\n%s", path, got)
	}
}
