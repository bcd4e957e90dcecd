package table

import (
	"strings"
	"testing"
)

var groups = []CheckGroup{
	{Title: "Failed", Checks: []Check{{Status: "fail", ID: "gpu0/memory", Rule: "A1", Message: "too little | memory",
		Expected: "≥ 80000 MiB", Measured: "40960 MiB", ShowExpected: true, ShowMeasured: true}}},
	{Title: "Passed", Checks: []Check{{Status: "pass", ID: "gpu_count", Rule: "A1", Message: "8 GPUs", Expected: "8", Measured: "8"}}},
}

func TestWriteChecksText(t *testing.T) {
	var b strings.Builder
	WriteChecksText(&b, groups)
	want := `
Failed (1)
  FAIL gpu0/memory [A1] too little | memory
         expected: ≥ 80000 MiB
         measured: 40960 MiB

Passed (1)
  PASS gpu_count [A1] 8 GPUs
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestWriteChecksMarkdown: every cell is escaped, a "|" in a message
// included, and the table shows expected and measured values of every
// check, passed ones too.
func TestWriteChecksMarkdown(t *testing.T) {
	var b strings.Builder
	WriteChecksMarkdown(&b, groups)
	want := `
## Failed (1)

| Check | Rule | Expected | Measured | Why |
|---|---|---|---|---|
| gpu0/memory | A1 | ≥ 80000 MiB | 40960 MiB | too little \| memory |

## Passed (1)

| Check | Rule | Expected | Measured | Why |
|---|---|---|---|---|
| gpu\_count | A1 | 8 | 8 | 8 GPUs |
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteKeyValues(t *testing.T) {
	rows := [][2]string{{"time", "2026-12-01"}, {"stopped", "<b>now</b>"}}
	var text, md, named strings.Builder
	WriteKeyValuesText(&text, 9, rows)
	WriteKeyValuesMarkdown(&md, [2]string{}, rows)
	WriteKeyValuesMarkdown(&named, [2]string{"Measurement", "Result"}, rows[:1])
	for _, c := range []struct{ got, want string }{
		{text.String(), "  time      2026-12-01\n  stopped   <b>now</b>\n"},
		{md.String(), "| | |\n|---|---|\n| time | 2026-12-01 |\n| stopped | &lt;b&gt;now&lt;/b&gt; |\n"},
		{named.String(), "| Measurement | Result |\n|---|---|\n| time | 2026-12-01 |\n"},
	} {
		if c.got != c.want {
			t.Errorf("got\n%q\nwant\n%q", c.got, c.want)
		}
	}
}

// TestKeyValueList: a list line of a key and a value is aligned as text and
// joined with ": " in Markdown, empty cells left out; an empty title writes
// no title line (the plan's text form has none).
func TestKeyValueList(t *testing.T) {
	s := []Section{{Title: "GPU", Rows: [][]string{{"card", "8 x H100"}, {"per card", "70.00  GiB"}, {"note", ""}}}}
	var text, md strings.Builder
	if err := WriteText(&text, "", s); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, "Plan", s); err != nil {
		t.Fatal(err)
	}
	if want := "GPU\n  card      8 x H100\n  per card  70.00  GiB\n  note\n"; text.String() != want {
		t.Errorf("text:\n%q\nwant\n%q", text.String(), want)
	}
	if want := "# Plan\n\n## GPU\n\n- card: 8 x H100\n- per card: 70.00 GiB\n- note\n"; md.String() != want {
		t.Errorf("markdown:\n%q\nwant\n%q", md.String(), want)
	}
}
