package contract_test

import (
	"bytes"
	"io"
	"regexp"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// TestGolden renders every testdata/*.json input as text and Markdown, in
// English and in Chinese, and compares them with the golden
// files beside it; the Chinese has no English sentence left.
func TestGolden(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		r := checkFile(t, input)
		testkit.Rendered(t, stem, r)
		testkit.Rendered(t, stem+".zh", zhRender{r})
		ms := []msg.M{r.Table.Source}
		for _, c := range r.Clauses {
			ms = append(append(ms, c.Title), c.Reasons...)
		}
		for _, m := range ms {
			if err := msg.Check(m); err != nil {
				t.Error(err)
			}
		}
		// No English sentence is left in Chinese once the sources' links are taken out.
		var b bytes.Buffer
		if err := r.WriteTextIn(&b, msg.Zh); err != nil {
			t.Fatal(err)
		}
		testkit.NoEnglish(t, links.ReplaceAllString(b.String(), ""))
	})
}

// links are the web addresses a source cites: they stay as they are.
var links = regexp.MustCompile(`https?://[^\s）)]+|[a-z]+\.(directory|aliyun\.com)`)

// TestSourcesInBothLanguages: every preset's source and a capped custom
// table render in Chinese with no English left but the links.
func TestSourcesInBothLanguages(t *testing.T) {
	capPct := decimal.NewFromInt(50)
	tables := []contract.Table{contract.Credits{Tiers: []contract.Tier{{}}, CapPct: &capPct}.Table()}
	for _, p := range []contract.Preset{contract.PresetArticles, contract.PresetAWSEC2, contract.PresetAlibabaECS, contract.PresetAlibabaDataHub} {
		tb, _ := contract.PresetTable(p)
		tables = append(tables, tb)
	}
	for _, tb := range tables {
		zh := tb.SourceIn(msg.Zh)
		if len(testkit.EnglishWords(links.ReplaceAllString(zh, ""))) > 0 {
			t.Errorf("%s: en %q, zh %q", tb.Preset, tb.SourceIn(msg.En), zh)
		}
	}
}

func checkFile(t *testing.T, input []byte) contract.Result {
	t.Helper()
	in, err := contract.Decode(bytes.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	r, err := contract.Check(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// zhRender renders a result in Chinese for testkit.Rendered.
type zhRender struct{ r contract.Result }

func (z zhRender) WriteText(w io.Writer) error     { return z.r.WriteTextIn(w, msg.Zh) }
func (z zhRender) WriteMarkdown(w io.Writer) error { return z.r.WriteMarkdownIn(w, msg.Zh) }
