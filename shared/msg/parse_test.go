package msg

import (
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// TestCatalogueFilesParse parses every embedded catalogue file: a bad file
// fails here, naming the file, the line and the problem, instead of
// panicking at start-up (catalogue.go).
func TestCatalogueFilesParse(t *testing.T) {
	names, err := fs.Glob(files, "catalogue/*.txt")
	if err != nil || len(names) == 0 {
		t.Fatalf("no catalogue files: %v", err)
	}
	total := 0
	for _, name := range names {
		data, _ := fs.ReadFile(files, name)
		entries, err := parse(name, data)
		if err != nil {
			t.Error(err)
		}
		total += len(entries)
	}
	m, err := load(files, areas)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != total {
		t.Errorf("load kept %d entries of the files' %d", len(m), total)
	}
}

// TestParseEntry reads one entry of each shape the files use: a leading
// space kept, a plural placeholder, an id with "/" and "+".
func TestParseEntry(t *testing.T) {
	src := "# units\n\npoc.unit.s\nen  s\nzh  秒\n\n" +
		"# counts\ncommon.problems\nen {0} {0|problem|problems}\nzh {0} 个问题\n\n" +
		"tco.unit.CNY/month\nen  a month\nzh /月\n"
	got, err := parse("t.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{ID: "poc.unit.s", En: " s", Zh: " 秒"},
		{ID: "common.problems", En: "{0} {0|problem|problems}", Zh: "{0} 个问题"},
		{ID: "tco.unit.CNY/month", En: " a month", Zh: "/月"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d entries, want %d: %q", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d = %q, want %q", i, got[i], want[i])
		}
	}
}

// TestParseErrors: every problem is an error naming the file, the line and
// what is wrong.
func TestParseErrors(t *testing.T) {
	const ok = "a.b\nen A {0}\nzh 甲 {0}\n"
	cases := []struct {
		name, src, want string
	}{
		{"empty file", "", "t.txt: file does not end with a newline"},
		{"no final newline", "a.b\nen A\nzh 甲", "t.txt: file does not end with a newline"},
		{"only comments", "# nothing\n", "t.txt: no entries"},
		{"unknown prefix", "a.b\nfr Bonjour\nzh 甲\n", `t.txt:2: unknown line "fr Bonjour": an entry is an id line, an "en " line and a "zh " line`},
		{"unknown line between entries", ok + "\nfr Bonjour\n", `t.txt:5: unknown line "fr Bonjour": want a message id (ASCII letters, digits and . _ - + /), a comment (#) or a blank line`},
		{"en without id", "en A\nzh 甲\n", "t.txt:1: en line without a message id above it"},
		{"missing en", "a.b\nzh 甲\n", `t.txt:2: entry "a.b": want its en line here, got "zh 甲"`},
		{"missing zh", "a.b\nen A\n\nc.d\nen C\nzh 丙\n", `t.txt:3: entry "a.b" has no zh line`},
		{"missing zh at end", "a.b\nen A\n", `t.txt:1: entry "a.b" has no zh line`},
		{"id alone at end", "a.b\n", `t.txt:1: entry "a.b" has no en line`},
		{"second zh", ok + "zh 乙\n", `t.txt:4: entry "a.b" has ended: leave a blank line before "zh 乙"`},
		{"no blank line", ok + "c.d\nen C\nzh 丙\n", `t.txt:4: entry "a.b" has ended: leave a blank line before "c.d"`},
		{"duplicate id", ok + "\na.b\nen B\nzh 乙\n", `t.txt:5: duplicate message id "a.b" (first on line 1)`},
		{"empty en", "a.b\nen\nzh 甲\n", `t.txt:2: entry "a.b": empty en text`},
		{"blank zh", "a.b\nen A\nzh \n", `t.txt:3: trailing space`},
		{"placeholders differ", "a.b\nen A {0} {1}\nzh 甲 {1}\n", `t.txt:3: entry "a.b": en uses arguments {0,1}, zh uses {1}`},
		{"broken placeholder", "a.b\nen A {0\nzh 甲 {0}\n", `t.txt:2: entry "a.b": broken placeholder at byte 2 of the en text (write {0}, or {0|one|other})`},
		{"carriage return", "a.b\r\nen A\r\nzh 甲\r\n", "t.txt:1: control character in line (a tab, or a carriage return: save the file with Unix line ends)"},
		{"tab", "a.b\nen A\tB\nzh 甲\n", "t.txt:2: control character in line (a tab, or a carriage return: save the file with Unix line ends)"},
		{"trailing space", "a.b\nen A \nzh 甲\n", "t.txt:2: trailing space"},
		{"invalid utf-8", "a.b\nen A\xff\nzh 甲\n", "t.txt:2: line is not valid UTF-8"},
		{"long line", "a.b\nen " + strings.Repeat("x", maxLineBytes) + "\nzh 甲\n", "t.txt:2: line is longer than 2048 bytes"},
		{"long id", strings.Repeat("x", maxIDBytes+1) + "\nen A\nzh 甲\n", "t.txt:1: message id is longer than 100 bytes"},
		{"big file", strings.Repeat("#\n", maxFileBytes/2+1), "t.txt: file is larger than 262144 bytes"},
		{"too many entries", manyEntries(maxEntries + 1), "t.txt:8001: more than 2000 entries"},
	}
	for _, c := range cases {
		_, err := parse("t.txt", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// manyEntries is a file of n entries.
func manyEntries(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("e." + strconv.Itoa(i) + "\nen A\nzh 甲\n\n")
	}
	return b.String()
}

// TestLoadDuplicateAcrossFiles: an id defined in two files is an error
// naming both.
func TestLoadDuplicateAcrossFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"catalogue/a.txt": {Data: []byte("x.y\nen A\nzh 甲\n")},
		"catalogue/b.txt": {Data: []byte("x.y\nen B\nzh 乙\n")},
	}
	_, err := load(fsys, []string{"a", "b"})
	want := `catalogue/b.txt: message id "x.y" is also defined in catalogue/a.txt`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// FuzzParse feeds the parser anything, seeded with the real files: never
// a panic, and what it accepts keeps the rules it checks.
func FuzzParse(f *testing.F) {
	names, _ := fs.Glob(files, "catalogue/*.txt")
	for _, name := range names {
		data, _ := fs.ReadFile(files, name)
		f.Add(data)
	}
	f.Add([]byte("a.b\nen A {0|x|y}\nzh 甲 {0}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := parse("f.txt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		seen := map[string]bool{}
		for _, e := range entries {
			if seen[e.ID] || strings.TrimSpace(e.En) == "" || strings.TrimSpace(e.Zh) == "" || argList(e.En) != argList(e.Zh) {
				t.Errorf("accepted a bad entry %q", e)
			}
			seen[e.ID] = true
		}
	})
}

// BenchmarkLoad is the start-up parse of every embedded catalogue file.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := load(files, areas); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAreasListEveryFile: the list of areas the catalogue reads is the
// list of files in catalogue/, so a new file cannot be left unread.
func TestAreasListEveryFile(t *testing.T) {
	names, err := fs.Glob(files, "catalogue/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, name := range names {
		got = append(got, strings.TrimSuffix(strings.TrimPrefix(name, "catalogue/"), ".txt"))
	}
	if !slices.Equal(got, areas) {
		t.Errorf("catalogue/ holds %q, areas lists %q", got, areas)
	}
}

// TestFastLoad: the catalogue the binaries read without the parser's
// checks (mustLoad) holds exactly the entries the strict parser reads from
// the same files.
func TestFastLoad(t *testing.T) {
	strict, err := load(files, areas)
	if err != nil {
		t.Fatal(err)
	}
	fast := mustLoad(files, areas)
	if len(fast) != len(strict) {
		t.Errorf("mustLoad read %d entries, the parser %d", len(fast), len(strict))
	}
	for id, e := range strict {
		if fast[id] != e {
			t.Errorf("%s: mustLoad read %+v, the parser %+v", id, fast[id], e)
		}
	}
}
