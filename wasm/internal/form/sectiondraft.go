package form

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/shopspring/decimal"
)

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
