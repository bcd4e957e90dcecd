package form

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/poc"
	"github.com/shopspring/decimal"
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
// Draft.AddRow and Draft.RemoveRow, which renumber the paths.

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

// draftOf flattens a section's JSON into a draft: every leaf under its
// path, numbers and decimals as written, booleans as true/false. t is the
// section's Go type: a value of a type with its own JSON form (other than
// decimals) stays one field holding its JSON.
func draftOf(raw []byte, t reflect.Type) (Draft, error) {
	var v any
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return Draft{}, err
	}
	d := Draft{f: map[string]string{}}
	flatten(d.f, "", v, t)
	return d, nil
}

// opaque reports whether t has its own JSON form, other than a decimal's:
// the draft keeps such a value whole, as JSON.
func opaque(t reflect.Type) bool {
	if t == nil || t == decimalType {
		return false
	}
	return reflect.PointerTo(t).Implements(unmarshalerType)
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

func flatten(out map[string]string, path string, v any, t reflect.Type) {
	if t != nil {
		t = deref(t)
	}
	if opaque(t) {
		if b, err := json.Marshal(v); err == nil && path != "" {
			out[path] = string(b)
		}
		return
	}
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			flatten(out, join(k), e, childType(t, k))
		}
	case []any:
		var et reflect.Type
		if t != nil && t.Kind() == reflect.Slice {
			et = t.Elem()
		}
		for i, e := range x {
			flatten(out, fmt.Sprintf("%s[%d]", path, i), e, et)
		}
	case string:
		if x != "" {
			out[path] = x
		}
	case json.Number:
		out[path] = x.String()
	case bool:
		out[path] = strconv.FormatBool(x)
	}
}

// childType is the type of field k of t (a struct or a map), nil when
// unknown.
func childType(t reflect.Type, k string) reflect.Type {
	switch {
	case t == nil:
		return nil
	case t.Kind() == reflect.Map:
		return t.Elem()
	case t.Kind() == reflect.Struct:
		if f, ok := fieldByJSON(t, k); ok {
			return f.Type
		}
	}
	return nil
}

// SectionDraft is the draft of section name as stored in sections: the
// saved section flattened, empty when there is none.
func SectionDraft(sections *plan.Procurement, name string) Draft {
	if sections == nil {
		return Draft{}
	}
	v := sectionField(reflect.ValueOf(sections).Elem(), name)
	if !v.IsValid() || v.IsNil() {
		return Draft{}
	}
	raw, err := json.Marshal(v.Interface())
	if err != nil {
		return Draft{}
	}
	d, _ := draftOf(raw, v.Type())
	return d
}

// SectionField is the field of plan.Procurement whose JSON name is name.
func sectionField(v reflect.Value, name string) reflect.Value {
	t := v.Type()
	for i := range t.NumField() {
		if jsonName(t.Field(i)) == name {
			return v.Field(i)
		}
	}
	return reflect.Value{}
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

var decimalType = reflect.TypeFor[decimal.Decimal]()

// BuildSection parses draft d of section name into a plan.Procurement
// holding only that section, checked by plan.DecodeSection and the
// section's Validate. The error is a *fielderr.Error naming the field by
// its path in the draft.
func BuildSection(name string, d Draft) (*plan.Procurement, error) {
	if !slices.Contains(plan.Sections, name) {
		return nil, fielderr.Errorf(name, "unknown section: want one of %s", strings.Join(plan.Sections, ", "))
	}
	if len(d.f) > maxDraftFields {
		return nil, fielderr.New(name, strconv.Itoa(len(d.f))+" fields", msg.New("want.max_fields", msg.Int(maxDraftFields)))
	}
	t := sectionField(reflect.ValueOf(&plan.Procurement{}).Elem(), name).Type().Elem()
	tree := map[string]any{}
	for _, path := range slices.Sorted(maps.Keys(d.f)) {
		if err := place(tree, t, path, d.f[path]); err != nil {
			return nil, err
		}
	}
	raw, err := json.Marshal(listify(tree))
	if err != nil {
		return nil, err
	}
	var out plan.Procurement
	if err := plan.DecodeSection(&out, name, raw); err != nil {
		return nil, err
	}
	if err := validateSection(&out, name); err != nil {
		return nil, err
	}
	return &out, nil
}

// validateSection runs the Validate of section name.
func validateSection(p *plan.Procurement, name string) error {
	switch name {
	case "quotes":
		return p.Quotes.Validate()
	case "vendors":
		return p.Vendors.Validate()
	case "contract":
		return p.Contract.Validate()
	case "poc":
		return p.POC.Validate()
	case "operations":
		return p.Operations.Validate()
	case "exit":
		return p.Exit.Validate()
	case "checklists":
		return p.Checklists.Validate()
	}
	return nil
}

// rows is a list under construction: index → element.
type rows map[int]any

// place puts the text of the field at path into tree, typed by the Go type
// t of the section: the path must name a field of it. Empty text leaves the
// field out but keeps the row it is in ("quotes[2].vendor" emptied still
// makes quote 3 exist, for Validate to name).
func place(tree map[string]any, t reflect.Type, path, text string) error {
	segs := strings.Split(path, ".")
	var cur any = tree
	for n, seg := range segs {
		name, idx, err := splitSeg(path, seg)
		if err != nil {
			return err
		}
		last := n == len(segs)-1
		t = childType(deref(t), name)
		if t == nil || opaque(deref(t)) && !(last && idx < 0) {
			return fielderr.Errorf(path, "not a field of the section")
		}
		t = deref(t)
		m := cur.(map[string]any)
		if last && strings.TrimSpace(text) == "" {
			return nil
		}
		if idx < 0 {
			if last {
				return setLeaf(m, name, t, path, text)
			}
			if _, ok := m[name]; !ok {
				m[name] = map[string]any{}
			}
			cur = m[name]
			continue
		}
		if t.Kind() != reflect.Slice {
			return fielderr.Errorf(path, "not a list")
		}
		t = deref(t.Elem())
		if _, ok := m[name]; !ok {
			m[name] = rows{}
		}
		r := m[name].(rows)
		if last {
			v, err := leaf(t, path, text)
			if err != nil {
				return err
			}
			r[idx] = v
			return nil
		}
		if _, ok := r[idx]; !ok {
			r[idx] = map[string]any{}
		}
		cur = r[idx]
	}
	return nil
}

func setLeaf(m map[string]any, name string, t reflect.Type, path, text string) error {
	v, err := leaf(t, path, text)
	if err != nil {
		return err
	}
	m[name] = v
	return nil
}

// splitSeg splits "quotes[3]" into "quotes" and 3; a plain name gives -1.
func splitSeg(path, seg string) (string, int, error) {
	name, rest, ok := strings.Cut(seg, "[")
	if !ok {
		return seg, -1, nil
	}
	num, ok := strings.CutSuffix(rest, "]")
	i, err := strconv.Atoi(num)
	if !ok || err != nil || i < 0 || i > maxRowIndex {
		return "", 0, fielderr.New(path, seg, msg.New("want.in", msg.Label("want.noun.row_index"), msg.Text(fmt.Sprintf("[0, %d]", maxRowIndex))))
	}
	return name, i, nil
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func fieldByJSON(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && jsonName(f) == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// leaf types the text of one field by its Go type t.
func leaf(t reflect.Type, path, text string) (any, error) {
	text = strings.TrimSpace(text)
	switch {
	case opaque(t):
		if !json.Valid([]byte(text)) {
			return nil, fielderr.New(path, text, msg.New("want.json_value"))
		}
		return json.RawMessage(text), nil
	case t == decimalType:
		if _, err := decimal.NewFromString(text); err != nil || strings.ContainsAny(text, "eE") {
			return nil, fielderr.New(path, text, msg.New("want.decimal"))
		}
		return text, nil
	case t.Kind() == reflect.Int:
		n, err := strconv.Atoi(text)
		if err != nil {
			return nil, fielderr.New(path, text, msg.New("want.whole"))
		}
		return n, nil
	case t.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, fielderr.New(path, text, msg.New("want.true_false"))
		}
		return b, nil
	case t.Kind() == reflect.String:
		return text, nil
	}
	return nil, fielderr.Errorf(path, "not a field the page can edit")
}

// listify turns the rows of the tree into JSON lists, filling a missing
// row with an empty object, so that Validate names it by its index.
func listify(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = listify(e)
		}
		return x
	case rows:
		n := 0
		for i := range x {
			n = max(n, i+1)
		}
		out := make([]any, n)
		for i := range out {
			e, ok := x[i]
			if !ok {
				e = map[string]any{}
			}
			out[i] = listify(e)
		}
		return out
	}
	return v
}

// ErrAsField returns err as a *fielderr.Error, or one at the section's name.
func ErrAsField(name string, err error) *fielderr.Error {
	if err == nil {
		return nil
	}
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fe
	}
	return fielderr.Errorf(name, "%s", clipReason(err.Error()))
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

// LeftOut is one item of a section held back from the figures: a row of
// one of its lists (a quote, a vendor) or, outside a list, one field (a
// contract clause). Err is why, naming the field by its path in the draft.
type LeftOut struct {
	Item string          // the row ("quotes[1]") or the field ("availability_pct")
	List string          // the row's list ("quotes"), "" for a field
	Row  int             // the row's index in the draft, -1 for a field
	Err  *fielderr.Error // the field refused and why
}

// partialSections are the sections whose items stand alone: a quote, a
// vendor, a contract clause. In the others (a POC's figures, a month of
// operations, an exit date) one refused value changes what the rest
// means, so the whole section waits for it.
var partialSections = map[string]bool{"quotes": true, "vendors": true, "contract": true}

// maxLeftOut bounds how many items BuildPartial holds back before it gives
// up and holds the whole section.
const maxLeftOut = 40

// BuildPartial is BuildSection that holds back only what is refused: when
// a field of a row is refused, that row is left out; when a typed field
// outside a list is refused, that field is left out (as if not stated);
// and the rest is built again, until it passes. It returns the section
// built from the rest and the items left out, in the order found; in the
// sections not in partialSections it is BuildSection. When the
// refused field cannot be left out (a required field outside a list, or
// nothing would be left), the section is nil and err says why.
func BuildPartial(name string, d Draft) (*plan.Procurement, []LeftOut, error) {
	if !partialSections[name] {
		sec, err := BuildSection(name, d)
		return sec, nil, err
	}
	var left []LeftOut
	orig := map[string][]int{} // list → the draft's row index of each row still in
	for range maxLeftOut {
		sec, err := BuildSection(name, d)
		if err == nil {
			return sec, left, nil
		}
		fe := ErrAsField(name, err)
		list, row, ok := rowPath(fe.Field)
		switch {
		case ok && row < d.Rows(list):
			if _, seen := orig[list]; !seen {
				orig[list] = make([]int, d.Rows(list))
				for i := range orig[list] {
					orig[list][i] = i
				}
			}
			at := orig[list][row]
			orig[list] = slices.Delete(orig[list], row, row+1)
			moved := *fe
			moved.Field = fmt.Sprintf("%s[%d]%s", list, at, fe.Field[len(fmt.Sprintf("%s[%d]", list, row)):])
			left = append(left, LeftOut{Item: fmt.Sprintf("%s[%d]", list, at), List: list, Row: at, Err: &moved})
			d = d.RemoveRow(list, row)
		case !ok && d.Get(fe.Field) != "":
			left = append(left, LeftOut{Item: fe.Field, Row: -1, Err: fe})
			d = d.With(fe.Field, "")
		default:
			return nil, left, err
		}
	}
	return nil, left, fielderr.Errorf(name, "more than %d items refused", maxLeftOut)
}

// rowPath splits a path inside a row of a top-level list,
// "quotes[2].vendor", into its list and row; ok is false for any other
// path (a nested list such as "credits.tiers[0]" is part of its clause).
func rowPath(path string) (list string, row int, ok bool) {
	i := strings.Index(path, "[")
	if i <= 0 || strings.Contains(path[:i], ".") {
		return "", 0, false
	}
	row, ok = RowIndex(path, path[:i])
	return path[:i], row, ok
}
