package msg

// The strict reader of the catalogue files: TestCatalogueFilesParse runs it
// on every file, and the fuzz target on anything, so a bad file fails the
// tests before a binary can ship. The binaries read the files with
// readEntries (fastload.go), which trusts them.

import (
	"io/fs"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds on one catalogue file. The files are compiled in, but the parser
// reads them as input all the same (the fuzz target feeds it anything).
const (
	maxFileBytes = 256 << 10 // the largest file, notes.txt, is about 24 KiB
	maxLineBytes = 2048      // the longest line is under 500 bytes
	maxEntries   = 2000      // per file; the largest has about 120
	maxIDBytes   = 100
)

// parseError is a problem in a catalogue file, at a line (0 for the file
// as a whole).
type parseError struct {
	file    string
	line    int
	problem string
}

func (e *parseError) Error() string {
	if e.line == 0 {
		return e.file + ": " + e.problem
	}
	return e.file + ":" + strconv.Itoa(e.line) + ": " + e.problem
}

// parse reads one catalogue file (the format is in doc.go): entries of an
// id line, an "en " line and a "zh " line, separated by blank lines, with
// "#" comment lines between them. file names the file in errors.
func parse(file string, data []byte) ([]Entry, error) {
	if len(data) > maxFileBytes {
		return nil, &parseError{file, 0, "file is larger than " + strconv.Itoa(maxFileBytes) + " bytes"}
	}
	text := string(data)
	if text == "" || !strings.HasSuffix(text, "\n") {
		return nil, &parseError{file, 0, "file does not end with a newline"}
	}
	n := min(strings.Count(text, "\nen "), maxEntries) + 1
	p := parser{file: file, seen: make(map[string]int, n), entries: make([]Entry, 0, n)}
	for i, rest := 1, text; rest != ""; i++ {
		line, after, _ := strings.Cut(rest, "\n")
		if err := p.line(i, line); err != nil {
			return nil, err
		}
		rest = after
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	if len(p.entries) == 0 {
		return nil, &parseError{file, 0, "no entries"}
	}
	return p.entries, nil
}

// parser is the state of parse: the entries so far and the line it wants
// next.
type parser struct {
	file    string
	entries []Entry
	seen    map[string]int // id → the line it was defined on
	want    string         // "id", "en", "zh", or "blank" after a zh line
	idLine  int            // the line of the entry being read
}

// fail is a parseError at line n.
func (p *parser) fail(n int, problem string) error {
	return &parseError{p.file, n, problem}
}

// line reads line n.
func (p *parser) line(n int, line string) error {
	if err := checkLine(line); err != "" {
		return p.fail(n, err)
	}
	switch p.want {
	case "", "id":
		return p.idOrGap(n, line)
	case "en", "zh":
		return p.text(n, line)
	}
	if line != "" {
		return p.fail(n, "entry "+strconv.Quote(p.last().ID)+" has ended: leave a blank line before "+quoteLine(line))
	}
	p.want = "id"
	return nil
}

// checkLine finds what no line may hold: more than maxLineBytes, invalid
// UTF-8, control characters (a carriage return, a tab) and trailing
// spaces, which a diff does not show.
func checkLine(line string) string {
	switch {
	case len(line) > maxLineBytes:
		return "line is longer than " + strconv.Itoa(maxLineBytes) + " bytes"
	case !utf8.ValidString(line):
		return "line is not valid UTF-8"
	case strings.IndexFunc(line, unicode.IsControl) >= 0:
		return "control character in line (a tab, or a carriage return: save the file with Unix line ends)"
	case strings.TrimRightFunc(line, unicode.IsSpace) != line:
		return "trailing space"
	}
	return ""
}

// idOrGap reads a line between entries: blank, a comment, or the id that
// starts the next entry.
func (p *parser) idOrGap(n int, line string) error {
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	if k := lineKind(line); k != "" {
		return p.fail(n, k+" line without a message id above it")
	}
	if problem := checkID(line); problem != "" {
		return p.fail(n, problem)
	}
	if first, dup := p.seen[line]; dup {
		return p.fail(n, "duplicate message id "+strconv.Quote(line)+" (first on line "+strconv.Itoa(first)+")")
	}
	if len(p.entries) == maxEntries {
		return p.fail(n, "more than "+strconv.Itoa(maxEntries)+" entries")
	}
	p.seen[line] = n
	p.entries = append(p.entries, Entry{ID: line})
	p.want, p.idLine = "en", n
	return nil
}

// text reads the en or the zh line of the entry being read.
func (p *parser) text(n int, line string) error {
	e := p.last()
	kind := lineKind(line)
	switch {
	case line == "" || strings.HasPrefix(line, "#"):
		return p.fail(n, "entry "+strconv.Quote(e.ID)+" has no "+p.want+" line")
	case kind == "":
		return p.fail(n, "unknown line "+quoteLine(line)+": an entry is an id line, an \"en \" line and a \"zh \" line")
	case kind != p.want:
		return p.fail(n, "entry "+strconv.Quote(e.ID)+": want its "+p.want+" line here, got "+quoteLine(line))
	}
	text := strings.TrimPrefix(line[len(kind):], " ")
	if strings.TrimSpace(text) == "" {
		return p.fail(n, "entry "+strconv.Quote(e.ID)+": empty "+kind+" text")
	}
	if i := brokenPlaceholder(text); i >= 0 {
		return p.fail(n, "entry "+strconv.Quote(e.ID)+": broken placeholder at byte "+strconv.Itoa(i)+" of the "+kind+" text (write {0}, or {0|one|other})")
	}
	if kind == "en" {
		e.En, p.want = text, "zh"
		return nil
	}
	e.Zh, p.want = text, "blank"
	if argBits(e.En) != argBits(e.Zh) {
		return p.fail(n, "entry "+strconv.Quote(e.ID)+": en uses arguments "+argList(e.En)+", zh uses "+argList(e.Zh))
	}
	return nil
}

// end checks that the file does not stop inside an entry.
func (p *parser) end() error {
	if p.want == "en" || p.want == "zh" {
		return p.fail(p.idLine, "entry "+strconv.Quote(p.last().ID)+" has no "+p.want+" line")
	}
	return nil
}

// last is the entry being read.
func (p *parser) last() *Entry { return &p.entries[len(p.entries)-1] }

// checkID reports what is wrong with a message id: it must be at most
// maxIDBytes of ASCII letters, digits and . _ - + /.
func checkID(id string) string {
	if len(id) > maxIDBytes {
		return "message id is longer than " + strconv.Itoa(maxIDBytes) + " bytes"
	}
	for _, r := range id {
		if !idRune(r) {
			return "unknown line " + quoteLine(id) + ": want a message id (ASCII letters, digits and . _ - + /), a comment (#) or a blank line"
		}
	}
	return ""
}

// idRune reports whether r may appear in a message id.
func idRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-+/", r)
}

// quoteLine quotes a line for an error, cut to 40 runes.
func quoteLine(line string) string {
	if utf8.RuneCountInString(line) > 40 {
		line = string([]rune(line)[:40]) + "…"
	}
	return strconv.Quote(line)
}

// brokenPlaceholder is the byte offset of the first "{" followed by a digit
// that is not a placeholder, or -1.
func brokenPlaceholder(f string) int {
	for i := 0; i < len(f)-1; i++ {
		if f[i] == '{' && f[i+1] >= '0' && f[i+1] <= '9' {
			if _, n := parsePlaceholder(f[i:]); n == 0 {
				return i
			}
		}
	}
	return -1
}

// args is a set of argument indexes (0–99, as parsePlaceholder allows).
type args [2]uint64

// argBits is the set of argument indexes a format uses.
func argBits(f string) args {
	var s args
	for i := 0; i < len(f); i++ {
		if f[i] != '{' {
			continue
		}
		if p, n := parsePlaceholder(f[i:]); n > 0 {
			s[p.index/64] |= 1 << (p.index % 64)
			i += n - 1
		}
	}
	return s
}

// argList writes the set of argument indexes a format uses, in order:
// "{0,2}".
func argList(f string) string {
	s := argBits(f)
	var b strings.Builder
	b.WriteByte('{')
	for i := range 100 {
		if s[i/64]&(1<<(i%64)) != 0 {
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i))
		}
	}
	b.WriteByte('}')
	return b.String()
}

// load parses the file catalogue/<area>.txt of fsys for each of areas into
// one map; an id may be defined once across all of them.
func load(fsys fs.FS, areas []string) (map[string]Entry, error) {
	names := make([]string, len(areas))
	parsed := make([][]Entry, len(areas))
	total := 0
	for i, area := range areas {
		names[i] = "catalogue/" + area + ".txt"
		var err error
		if parsed[i], err = parseFile(fsys, names[i]); err != nil {
			return nil, err
		}
		total += len(parsed[i])
	}
	m := make(map[string]Entry, total)
	for i, entries := range parsed {
		for _, e := range entries {
			if _, dup := m[e.ID]; dup {
				return nil, twice(names[i], e.ID, names[:i], parsed)
			}
			m[e.ID] = e
		}
	}
	return m, nil
}

// parseFile reads and parses the file name of fsys.
func parseFile(fsys fs.FS, name string) ([]Entry, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return parse(name, data)
}

// twice is the error for id, defined in file and in one of the earlier
// files, whose entries are parsed[i] for earlier[i].
func twice(file, id string, earlier []string, parsed [][]Entry) error {
	for i, other := range earlier {
		for _, e := range parsed[i] {
			if e.ID == id {
				return &parseError{file, 0, "message id " + strconv.Quote(id) + " is also defined in " + other}
			}
		}
	}
	return &parseError{file, 0, "message id " + strconv.Quote(id) + " is defined twice"}
}
