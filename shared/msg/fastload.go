package msg

import (
	"io/fs"
	"strings"
)

// The catalogue the binaries carry is read without the strict parser's
// checks (readEntries; the parser is in strict_test.go): the files are
// compiled in, TestCatalogueFilesParse runs every check on them before a
// binary can ship, and TestFastLoad checks that both reads give the same
// entries. The checks were four fifths of the time app.wasm took to read
// the catalogue (about 15 ms of 20 in node), at every start of the
// planner.

// mustLoad reads the file catalogue/<area>.txt of fsys for each of areas
// into one map, as the strict parser does for the files it accepts; it
// panics on a file it cannot read.
func mustLoad(fsys fs.FS, areas []string) map[string]Entry {
	files := make([]string, len(areas))
	total := 0
	for i, area := range areas {
		data, err := fs.ReadFile(fsys, "catalogue/"+area+".txt")
		if err != nil {
			panic("msg: " + err.Error())
		}
		files[i] = string(data)
		total += strings.Count(files[i], "\nen ")
	}
	m := make(map[string]Entry, total)
	for _, text := range files {
		readEntries(text, m)
	}
	return m
}

// readEntries adds the entries of one catalogue file that parse accepts to
// m: an id line, then its en and zh lines; blank and comment lines between
// entries.
func readEntries(text string, m map[string]Entry) {
	var e Entry
	for rest := text; rest != ""; {
		line, after, _ := strings.Cut(rest, "\n")
		rest = after
		switch kind := lineKind(line); {
		case kind == "en":
			e.En = strings.TrimPrefix(line[2:], " ")
		case kind == "zh":
			e.Zh = strings.TrimPrefix(line[2:], " ")
			m[e.ID] = e
		case line != "" && line[0] != '#':
			e = Entry{ID: line}
		}
	}
}

// lineKind is "en" or "zh" for a line that starts with that word and a
// space (or is only the word), "" for any other.
func lineKind(line string) string {
	switch {
	case line == "en" || strings.HasPrefix(line, "en "):
		return "en"
	case line == "zh" || strings.HasPrefix(line, "zh "):
		return "zh"
	}
	return ""
}
