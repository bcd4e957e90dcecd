package plan

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

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
			testkit.Golden(t, "testdata/"+name+".plan.json", js.Bytes())
			testkit.Golden(t, "testdata/"+name+".txt", txt.Bytes())
			testkit.Golden(t, "testdata/"+name+".md", md.Bytes())
			var zhTxt, zhMD bytes.Buffer
			if err := WriteTextIn(&zhTxt, p, msg.Zh); err != nil {
				t.Fatal(err)
			}
			if err := WriteMarkdownIn(&zhMD, p, msg.Zh); err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, "testdata/"+name+".zh.txt", zhTxt.Bytes())
			testkit.Golden(t, "testdata/"+name+".zh.md", zhMD.Bytes())
			for _, m := range Messages(p) {
				if err := msg.Check(m); err != nil {
					t.Error(err)
				}
			}
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

// TestDocExample keeps docs/plan-file.md's full example equal to the golden
// plan it quotes; -update rewrites the example.
func TestDocExample(t *testing.T) {
	plan, err := os.ReadFile("testdata/inference-70b.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	testkit.Section(t, "../../docs/plan-file.md", "<!-- begin plan example: written by go test ./shared/plan -update -->\n", "<!-- end plan example -->",
		"```json\n"+string(plan)+"```\n")
}
