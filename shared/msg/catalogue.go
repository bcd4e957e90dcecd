package msg

import "sort"

// Entry is one catalogue entry: its id, the English and the Chinese
// format.
type Entry struct {
	ID string
	En string
	Zh string
}

// catalogue holds every message id the planner renders; the cat_*.go files
// fill it.
var catalogue = map[string]Entry{}

// add puts entries in the catalogue; a duplicate id panics at start-up, so
// two areas can never claim one id unnoticed. The entries are a slice, not
// a map literal, so they compile to static data rather than to code (the
// site's WebAssembly stays small).
func add(entries []Entry) {
	for _, e := range entries {
		if _, dup := catalogue[e.ID]; dup {
			panic("msg: duplicate message id " + e.ID)
		}
		catalogue[e.ID] = e
	}
}

// addMap is add for entries keyed by id (the form of the package's first
// release, the milestone); the key is the id.
func addMap(entries map[string]Entry) {
	for id, e := range entries {
		e.ID = id
		add([]Entry{e})
	}
}

// IDs lists the catalogue's ids in order, for tests and tools.
func IDs() []string {
	ids := make([]string, 0, len(catalogue))
	for id := range catalogue {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
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
