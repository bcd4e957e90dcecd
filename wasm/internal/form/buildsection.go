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
	"github.com/shopspring/decimal"
)

// BuildSection parses draft d of section name into a plan.Procurement
// holding only that section, checked by plan.DecodeSection and the
// section's Validate. The error is a *fielderr.Error naming the field by
// its path in the draft.
func BuildSection(name string, d Draft) (*plan.Procurement, error) {
	if !slices.Contains(plan.Sections, name) {
		return nil, fielderr.Sentence(name, "plan.err.unknown_section", msg.Text(strings.Join(plan.Sections, ", ")))
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
			return fielderr.Sentence(path, "plan.err.not_section_field")
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
			return fielderr.Sentence(path, "plan.err.not_list")
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
	return nil, fielderr.Sentence(path, "plan.err.not_editable")
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

// ErrAsField returns err as a *fielderr.Error, or one at the section's
// name: with err's message when it carries one (a document the decoder
// refused whole, a price list's row error), else with its text.
func ErrAsField(name string, err error) *fielderr.Error {
	if err == nil {
		return nil
	}
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fe
	}
	var m interface{ Message() msg.M }
	if errors.As(err, &m) {
		return &fielderr.Error{Field: name, Msg: m.Message()}
	}
	// Any other error carries no message (a reader's I/O error, another
	// program's words), so no catalogue entry holds it: shown as written.
	return &fielderr.Error{Field: name, Msg: msg.Verbatim(clipReason(err.Error()))}
}
