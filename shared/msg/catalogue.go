package msg

import (
	"embed"
)

// Entry is one catalogue entry: its id, the English and the Chinese
// format.
type Entry struct {
	ID string
	En string
	Zh string
}

// files are the catalogue's data files, one per area (the format is in
// doc.go).
//
//go:embed catalogue/*.txt
var files embed.FS

// catalogue holds every message id the planner renders, read once at
// start-up from the files in catalogue/.
//
// The files are read without parse's checks (mustLoad, fastload.go): they
// are compiled into the binary, no user input reaches this read, and
// TestCatalogueFilesParse fails on any problem (naming the file, the line
// and what is wrong) before a binary can ship.
var catalogue = mustLoad(files, areas)

// areas names the files in catalogue/, in the order they are read.
// TestAreasListEveryFile keeps it equal to the directory. The list, and
// not a glob of the directory, keeps io/fs's directory reading and sorting
// out of app.wasm (about 65 KB of it).
var areas = []string{
	"acceptance", "bench", "billing", "catalog", "checklist", "checklist_items", "common", "contract", "enum", "exit",
	"facts", "fleet", "json", "notes", "ops", "plan", "planfile", "poc", "prices", "provenance", "providers", "quote", "render", "rentbuild",
	"report", "rules", "site", "site_journey", "site_labels", "site_pages", "site_prices", "site_proc", "site_ux", "sizing", "tco", "vendors", "verify", "want",
}

// Lookup returns the formats of id.
func Lookup(id string) (Entry, bool) {
	t, ok := catalogue[id]
	return t, ok
}

// argCount is the number of arguments a format uses: its highest
// placeholder index plus one.
func argCount(f string) int {
	n := 0
	for _, i := range placeholders(f) {
		n = max(n, i+1)
	}
	return n
}

// placeholders lists the argument indexes a format uses, in order.
func placeholders(f string) []int {
	var out []int
	for i := 0; i < len(f); i++ {
		if f[i] != '{' {
			continue
		}
		if p, n := parsePlaceholder(f[i:]); n > 0 {
			out = append(out, p.index)
			i += n - 1
		}
	}
	return out
}

// Enum is the label of an identifier of the given kind ("workload",
// "inference"): the entry "enum.<kind>.<value>", or value itself when the
// catalogue has none.
func (l Lang) Enum(kind, value string) string {
	id := "enum." + kind + "." + value
	if _, ok := catalogue[id]; !ok {
		return value
	}
	return New(id).In(l)
}
