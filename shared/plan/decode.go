package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxInput bounds what the decoders read: a sheet or plan is a few KiB.
const maxInput = 1 << 20

// DecodeRequirements reads a requirement sheet, rejects unknown fields and
// out-of-range values (naming the field and the allowed range), and fills
// defaults. A sheet without a workload or a model size is refused (rule R3).
func DecodeRequirements(r io.Reader) (Requirements, error) {
	var req Requirements
	if err := decodeStrict(r, &req); err != nil {
		return Requirements{}, err
	}
	if req.Schema == "" {
		req.Schema = RequirementsSchema
	}
	if req.Schema != RequirementsSchema {
		return Requirements{}, fieldErr("schema", "must be %q, got %q", RequirementsSchema, req.Schema)
	}
	if err := req.Normalize(); err != nil {
		return Requirements{}, err
	}
	return req, nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// trailing data, and turns encoding/json's errors into FieldErrors.
func decodeStrict(r io.Reader, v any) error {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return err
	}
	if len(data) > maxInput {
		return fmt.Errorf("input: larger than %d bytes", maxInput)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonErr(err)
	}
	if dec.More() {
		return errors.New("input: unexpected data after the JSON document")
	}
	return nil
}

func jsonErr(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "input"
		}
		return fieldErr(field, "must be a JSON %s, got %s", jsonKind(typeErr.Type.Kind().String()), typeErr.Value)
	case errors.As(err, &syntaxErr):
		return fmt.Errorf("input: not valid JSON at byte %d: %v", syntaxErr.Offset, err)
	case errors.Is(err, io.EOF):
		return errors.New("input: empty, expected a JSON object")
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fieldErr(strings.Trim(name, `"`), "unknown field")
	}
	if strings.Contains(msg, "decimal") {
		return fmt.Errorf("input: %v (decimal values are strings such as \"12.5\")", err)
	}
	return fmt.Errorf("input: %v", err)
}

func jsonKind(k string) string {
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
