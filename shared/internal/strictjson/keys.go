package strictjson

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// maxDepth bounds the nesting CheckKeys walks: the documents are shallow.
const maxDepth = 200

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// CheckKeys walks the JSON document data and refuses, naming the field by
// its JSON path, two things encoding/json accepts silently: a key repeated
// in one object (the last value wins, and a reader who sees the first is
// misled) and, where v's type documents the object, a key that differs from
// a documented one only by case (encoding/json matches keys
// case-insensitively, so "ACCEPTANCE" would fill "acceptance"). Unknown
// keys are left to the decoder; a malformed document is left to it too.
func CheckKeys(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return walk(dec, reflect.TypeOf(v), "", 0)
}

func walk(dec *json.Decoder, t reflect.Type, path string, depth int) error {
	if depth > maxDepth {
		return &fielderr.Error{Field: orInput(path), Msg: msg.New("json.err.too_deep", msg.Text(strconv.Itoa(maxDepth)))}
	}
	tok, err := dec.Token()
	if err != nil {
		return nil // the decoder proper reports it
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	t = documented(t)
	switch delim {
	case '{':
		return walkObject(dec, t, path, depth)
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			// Not fmt.Sprintf: the path of every element is made, error or
			// not, and Sprintf was half of the walk's time.
			if err := walk(dec, elem, orInput(path)+"["+strconv.Itoa(i)+"]", depth+1); err != nil {
				return err
			}
		}
		_, _ = dec.Token() // ']': a syntax error is the decoder's to report
	}
	return nil
}

func walkObject(dec *json.Decoder, t reflect.Type, path string, depth int) error {
	var fields map[string]reflect.Type
	if t != nil && t.Kind() == reflect.Struct {
		fields = jsonFields(t)
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := tok.(string)
		name := key
		if path != "" {
			name = path + "." + key
		}
		if seen[key] {
			return &fielderr.Error{Field: name, Msg: msg.New("json.err.duplicate_key")}
		}
		seen[key] = true
		var ft reflect.Type
		switch {
		case fields != nil:
			if f, ok := fields[key]; ok {
				ft = f
			} else if doc, ok := foldMatch(fields, key); ok {
				return Miscased(name, doc)
			}
		case t != nil && t.Kind() == reflect.Map:
			ft = t.Elem()
		}
		if err := walk(dec, ft, name, depth+1); err != nil {
			return err
		}
	}
	_, _ = dec.Token() // '}'
	return nil
}

// documented returns the type whose keys CheckKeys knows: t without
// pointers, or nil for a type that decodes itself (decimal.Decimal).
func documented(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		if t.Implements(unmarshalerType) {
			return nil
		}
		t = t.Elem()
	}
	if t == nil || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	return t
}

// jsonFields maps each JSON key of struct t to its field type, as
// encoding/json names them (tag name, else the field name; embedded
// structs flattened).
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					out[k] = v
				}
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// Miscased is the error for the key at field, which differs from the
// documented key only by case.
func Miscased(field, documented string) error {
	return &fielderr.Error{Field: field, Msg: msg.New("json.err.miscased", msg.Text(strconv.Quote(documented)))}
}

func foldMatch(fields map[string]reflect.Type, key string) (string, bool) {
	for k := range fields {
		if strings.EqualFold(k, key) {
			return k, true
		}
	}
	return "", false
}

func orInput(path string) string {
	if path == "" {
		return "input"
	}
	return path
}
