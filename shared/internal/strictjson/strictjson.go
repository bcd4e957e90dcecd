// Package strictjson decodes one JSON document into a Go value, refusing
// unknown fields, duplicate keys, keys that differ from the documented ones
// only by case, and trailing data, and reports problems by field name so
// users see which input to fix.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxInput bounds what Decode reads: the documents are a few KiB.
const MaxInput = 1 << 20

// FieldError is a problem with one field, named by its JSON path.
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }

// Decode reads one JSON value from r into v.
func Decode(r io.Reader, v any) error {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return err
	}
	if len(data) > MaxInput {
		return fmt.Errorf("input: larger than %d bytes", MaxInput)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return convert(err)
	}
	if err := CheckKeys(data, v); err != nil {
		return err
	}
	// Token, unlike More, also reports a stray ']' or '}' after the value.
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("input: unexpected data after the JSON document")
	}
	return nil
}

// DecodeValid reads one JSON value of type T from r as Decode does, then
// checks it with T's Validate method. On any problem it returns the zero T
// and the error: a *FieldError for an unknown field or a value of the
// wrong JSON type, otherwise whatever Validate reports.
func DecodeValid[T interface{ Validate() error }](r io.Reader) (T, error) {
	var v, zero T
	if err := Decode(r, &v); err != nil {
		return zero, err
	}
	if err := v.Validate(); err != nil {
		return zero, err
	}
	return v, nil
}

func convert(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "input"
		}
		return &FieldError{Field: field, Msg: fmt.Sprintf("must be a JSON %s, got %s", kind(typeErr.Type.Kind().String()), typeErr.Value)}
	case errors.As(err, &syntaxErr):
		return fmt.Errorf("input: not valid JSON at byte %d: %v", syntaxErr.Offset, err)
	case errors.Is(err, io.EOF):
		return errors.New("input: empty, expected a JSON object")
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return &FieldError{Field: strings.Trim(name, `"`), Msg: "unknown field"}
	}
	if strings.Contains(msg, "decimal") {
		return fmt.Errorf("input: %v (decimal values are strings such as \"12.5\")", err)
	}
	return fmt.Errorf("input: %v", err)
}

func kind(k string) string {
	switch k {
	case "int", "int64", "float64":
		return "number"
	case "struct", "map":
		return "object"
	case "slice":
		return "array"
	case "bool":
		return "boolean"
	}
	return k
}
