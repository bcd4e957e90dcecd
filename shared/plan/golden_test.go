package plan

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden builds the plan of every sheet in testdata and compares the
// plan file, text and Markdown with the golden files.
func TestGolden(t *testing.T) {
	sheets, _ := filepath.Glob("testdata/*.req.json")
	if len(sheets) == 0 {
		t.Fatal("no sheets in testdata")
	}
	for _, sheet := range sheets {
		name := strings.TrimSuffix(filepath.Base(sheet), ".req.json")
		t.Run(name, func(t *testing.T) {
			p := buildFile(t, sheet)
			var js, txt, md bytes.Buffer
			if err := Encode(&js, p); err != nil {
				t.Fatal(err)
			}
			if err := WriteText(&txt, p); err != nil {
				t.Fatal(err)
			}
			if err := WriteMarkdown(&md, p); err != nil {
				t.Fatal(err)
			}
			golden(t, "testdata/"+name+".plan.json", js.Bytes())
			golden(t, "testdata/"+name+".txt", txt.Bytes())
			golden(t, "testdata/"+name+".md", md.Bytes())
		})
	}
}

func buildFile(t *testing.T, path string) *Plan {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	req, err := DecodeRequirements(f)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(req)
	if err != nil {
		t.Fatal(err)
	}
	return p
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
		t.Errorf("%s differs from the golden file; run go test -update and review the diff\n--- got ---\n%s", path, got)
	}
}

// TestDocExample keeps docs/plan-file.md's full example equal to the golden
// plan it quotes.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/plan-file.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"testdata/inference-70b.req.json", "testdata/inference-70b.plan.json"} {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(doc, want) {
			t.Errorf("docs/plan-file.md does not quote %s as it is now; paste it again", f)
		}
	}
}
