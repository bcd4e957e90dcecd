package table

import (
	"strings"
	"testing"
)

// report has a table with an empty last cell, a list with a nested line and
// Markdown syntax in every place that is escaped.
var report = []Section{
	{Title: "Prices | CNY", Header: []string{"vendor", "gpu_rent", "note"}, Rows: [][]string{
		{"a*b", "1,500", "cheap|fast"},
		{"longer name", "12", ""},
	}},
	{Title: "Findings", Rows: [][]string{
		{"[red K1] no _credit_"},
		{"  nested `x`"},
		{`back\slash`},
	}},
}

func TestWriteText(t *testing.T) {
	var b strings.Builder
	if err := WriteText(&b, "Report: ok_1", report); err != nil {
		t.Fatal(err)
	}
	want := "Report: ok_1\n" +
		"\n" +
		"Prices | CNY\n" +
		"  vendor       gpu_rent  note\n" +
		"  a*b          1,500     cheap|fast\n" +
		"  longer name  12\n" + // no spaces after the empty note
		"\n" +
		"Findings\n" +
		"  [red K1] no _credit_\n" +
		"    nested `x`\n" +
		"  back\\slash\n"
	if got := b.String(); got != want {
		t.Errorf("WriteText =\n%s\nwant\n%s", got, want)
	}
}

func TestWriteMarkdown(t *testing.T) {
	var b strings.Builder
	if err := WriteMarkdown(&b, "Report: ok_1", report); err != nil {
		t.Fatal(err)
	}
	want := "# Report: ok_1\n" + // the title is written as given
		"\n" +
		"## Prices \\| CNY\n" +
		"\n" +
		"| vendor | gpu\\_rent | note |\n" +
		"|---|---|---|\n" +
		"| a\\*b | 1,500 | cheap\\|fast |\n" +
		"| longer name | 12 |  |\n" +
		"\n" +
		"## Findings\n" +
		"\n" +
		"- \\[red K1\\] no \\_credit\\_\n" +
		"  - nested \\`x\\`\n" +
		"- back\\\\slash\n"
	if got := b.String(); got != want {
		t.Errorf("WriteMarkdown =\n%s\nwant\n%s", got, want)
	}
}

// TestWriteEmpty checks a report without sections and a table without rows.
func TestWriteEmpty(t *testing.T) {
	var text, md strings.Builder
	if err := WriteText(&text, "T", nil); err != nil || text.String() != "T\n" {
		t.Errorf("WriteText(no sections) = %q, %v", text.String(), err)
	}
	empty := []Section{{Title: "S", Header: []string{"a", "b"}}}
	if err := WriteMarkdown(&md, "T", empty); err != nil || md.String() != "# T\n\n## S\n\n| a | b |\n|---|---|\n" {
		t.Errorf("WriteMarkdown(empty table) = %q, %v", md.String(), err)
	}
}

func TestEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text 1.5", "plain text 1.5"},
		{"a|b", "a|b"}, // left to MarkdownTable
		{"*bold* _it_", `\*bold\* \_it\_`},
		{"`code`", "\\`code\\`"},
		{"[link](x)", `\[link\](x)`},
		{`C:\dir`, `C:\\dir`},
		{`\*`, `\\\*`},
		{"卡 H100", "卡 H100"},
		// Raw HTML shows as text: no tag runs, no comment hides
		// the rows after it, no line break starts a new block.
		{"<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"},
		{"ok <!-- FAIL rows", "ok &lt;!-- FAIL rows"},
		{"a\n# heading\r\nb", "a # heading b"},
		{"AT&T &lt;", "AT&T &lt;"},
	}
	for _, tt := range tests {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestNoRawHTML: every way into Markdown (Escape, Cell, MarkdownTable with
// unescaped cells, WriteMarkdown) leaves no "<" for a renderer to read as
// HTML.
func TestNoRawHTML(t *testing.T) {
	evil := "<img src=x onerror=alert(1)> <!-- "
	var b strings.Builder
	MarkdownTable(&b, []string{evil}, [][]string{{evil}})
	var md strings.Builder
	if err := WriteMarkdown(&md, "t", []Section{{Title: evil, Rows: [][]string{{evil}}}, {Title: "x", Header: []string{evil}, Rows: [][]string{{evil}}}}); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{Escape(evil), Cell(evil + "|\n"), b.String(), md.String()} {
		if strings.Contains(out, "<") {
			t.Errorf("raw HTML left in %q", out)
		}
	}
	if got := Cell(" a|b\n  c "); got != `a\|b c` {
		t.Errorf("Cell = %q", got)
	}
}

func TestMarkdownTable(t *testing.T) {
	var b strings.Builder
	MarkdownTable(&b, []string{"item", "a|b"}, [][]string{{"x_y", `\|`}, {"", "*"}})
	want := "| item | a\\|b |\n|---|---|\n| x_y | \\\\| |\n|  | * |\n"
	if b.String() != want {
		t.Errorf("MarkdownTable =\n%q\nwant\n%q", b.String(), want)
	}
}

// FuzzMarkdownTable checks that no cell text can add or remove a column:
// every line of the table has one unescaped "|" more than it has cells.
func FuzzMarkdownTable(f *testing.F) {
	f.Add("a|b", `\|`, `\\|`)
	f.Add("", "*_`[]", `\`)
	f.Fuzz(func(t *testing.T, a, b, c string) {
		if strings.ContainsAny(a+b+c, "\r\n") {
			return // a cell is one line; callers never pass line breaks
		}
		var sb strings.Builder
		MarkdownTable(&sb, []string{a, b, c}, [][]string{{Escape(a), Escape(b), Escape(c)}, {c, a, b}})
		lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
		if len(lines) != 4 {
			t.Fatalf("%d lines, want 4:\n%s", len(lines), sb.String())
		}
		for _, l := range lines {
			if n := unescapedPipes(l); n != 4 {
				t.Fatalf("line %q has %d cell borders, want 4", l, n)
			}
		}
	})
}

// unescapedPipes counts the "|" that no backslash precedes: the cell
// borders, as an escaped "|" is cell text (GFM spec, "Tables (extension)").
func unescapedPipes(line string) int {
	n := 0
	for i := range len(line) {
		if line[i] == '|' && (i == 0 || line[i-1] != '\\') {
			n++
		}
	}
	return n
}

func BenchmarkWriteMarkdown(b *testing.B) {
	var sb strings.Builder
	for b.Loop() {
		sb.Reset()
		if err := WriteMarkdown(&sb, "Report", report); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteText(b *testing.B) {
	var sb strings.Builder
	for b.Loop() {
		sb.Reset()
		if err := WriteText(&sb, "Report", report); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWideAlignment: Chinese keys take two terminal columns a character,
// so their values line up with an English key's.
func TestWideAlignment(t *testing.T) {
	var b strings.Builder
	if err := WriteText(&b, "", []Section{{Rows: [][]string{{"来源", "a"}, {"挑战值", "b"}, {"gpus", "c"}}}}); err != nil {
		t.Fatal(err)
	}
	want := "  来源    a\n  挑战值  b\n  gpus    c\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if displayWidth("GPU × 检查") != 10 {
		t.Errorf("displayWidth = %d, want 10", displayWidth("GPU × 检查"))
	}
}
