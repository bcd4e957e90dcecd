package form

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/poc"
)

// Editing the procurement sections, page by page.
//
// A page edits one section of the plan file's requirements.procurement
// (quotes, vendors, contract, poc, operations, exit, checklists) through a
// Draft: the text of every field as the user typed it, keyed by the field's
// path inside the section exactly as the section's Validate names it
// ("need.cards", "quotes[1].egress.unit_price", "credits.tiers[0].below_pct").
// The API is four calls on the page's pageState:
//
//	d := p.draft("quotes")              // the typed text; the saved section when never edited
//	d.Get("quotes[0].vendor")           // one field's text
//	p.editSection(ctx, r, "quotes", d.With("quotes[0].vendor", "A"))
//	fe := p.st.Proc.Err("quotes")       // the first refused field, or nil
//
// editSection parses the draft by the section's Go types (a decimal is a
// JSON string, an int a number, a bool true/false, "" leaves the field
// out), decodes it with plan.DecodeSection and checks it with the section's
// own Validate, the code gpuverify runs. When it passes, the section
// replaces the saved one: storage, export, import, the share link and the
// print brief all carry it. When it fails, the saved section stays as it
// was (the page keeps computing from it), the error names the field and
// what it allows, and the page shows it at that field. Either way the
// draft itself is saved, so what the user typed survives a reload.
// Rows (quotes, vendors, credit tiers) are added and removed with
// Draft.AddRow and Draft.RemoveRow, which renumber the paths. A saved
// section becomes a draft in sectiondraft.go, a draft becomes a section in
// buildsection.go, and partial.go builds what it can of a refused draft.

// maxDraftFields bounds the fields of one draft: a hostile storage value or
// link may hold any number.
const maxDraftFields = 2000

// maxRowIndex bounds an index in a path ("quotes[19]"); every list of a
// section holds far fewer rows.
const maxRowIndex = 200

// Draft is the text of one procurement section as typed, by field path. It
// is never changed once made: With returns a copy.
type Draft struct {
	f map[string]string
}

// Get returns the text of the field at path, "" when it is empty.
func (d Draft) Get(path string) string { return d.f[path] }

// Len is the number of fields the draft holds, the emptied fields of a
// row included.
func (d Draft) Len() int { return len(d.f) }

// With returns a copy of d with the field at path set to text. "" clears
// a field outside a list; a field of a row ("quotes[1].vendor") stays,
// empty, so that clearing every letter of it never removes the row: only
// RemoveRow does.
func (d Draft) With(path, text string) Draft {
	out := Draft{f: make(map[string]string, len(d.f)+1)}
	maps.Copy(out.f, d.f)
	switch {
	case text != "":
		out.f[path] = clipText(text)
	case strings.Contains(path, "["):
		out.f[path] = ""
	default:
		delete(out.f, path)
	}
	return out
}

// WithFile is With for a field that holds a whole file (the POC section's
// facts documents): the text is kept as it is, not cut to MaxDraftText;
// the caller bounds it (poc.MaxFactsBytes, ClipDraft).
func (d Draft) WithFile(path, text string) Draft {
	out := d.With(path, "")
	if text != "" {
		out.f[path] = text
	}
	return out
}

// Equal reports whether two drafts hold the same text in every field.
func (d Draft) Equal(o Draft) bool { return maps.Equal(d.f, o.f) }

// Rows is the number of rows of the list at prefix ("quotes",
// "credits.tiers"): one more than the highest index any field uses.
func (d Draft) Rows(prefix string) int {
	n := 0
	for k := range d.f {
		if i, ok := RowIndex(k, prefix); ok && i+1 > n {
			n = i + 1
		}
	}
	return n
}

// AddRow returns d with a new last row at prefix whose fields are set from
// first (field name inside the row → text).
func (d Draft) AddRow(prefix string, first map[string]string) Draft {
	i := d.Rows(prefix)
	out := d
	for _, k := range slices.Sorted(maps.Keys(first)) {
		out = out.With(fmt.Sprintf("%s[%d].%s", prefix, i, k), first[k])
	}
	return out
}

// RemoveRow returns d without row i of the list at prefix; later rows move
// up by one.
func (d Draft) RemoveRow(prefix string, i int) Draft {
	out := Draft{f: make(map[string]string, len(d.f))}
	for k, v := range d.f {
		j, ok := RowIndex(k, prefix)
		switch {
		case !ok || j < i:
			out.f[k] = v
		case j > i:
			rest := k[len(fmt.Sprintf("%s[%d]", prefix, j)):]
			out.f[fmt.Sprintf("%s[%d]%s", prefix, j-1, rest)] = v
		}
	}
	return out
}

// RowIndex returns the index of path's row in the list at prefix.
func RowIndex(path, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(path, prefix+"[")
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "]")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(num)
	return i, err == nil && i >= 0
}

// MaxDraftText bounds the text of one field: the longest any section
// takes is a checklist note of 2,000 bytes; one more byte lets Validate
// say it is too long.
const MaxDraftText = 2001

// clipText bounds the text of one field.
func clipText(s string) string {
	if len(s) > MaxDraftText {
		return s[:MaxDraftText]
	}
	return s
}

// ClipDraft bounds the text of a saved draft's field: a facts document of
// the POC section is a file kept whole (poc.MaxFactsBytes), every other
// field typed text (clipText).
func ClipDraft(section, path, text string) string {
	if section == "poc" && (path == "poc_facts" || path == "delivered_facts") {
		if len(text) > poc.MaxFactsBytes {
			return "" // refused whole, never cut: the draft loses the report
		}
		return text
	}
	return clipText(text)
}
