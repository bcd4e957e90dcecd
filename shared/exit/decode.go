package exit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
)

// maxInput bounds what Decode reads: an exit section is a few KiB.
const maxInput = 1 << 20

// Decode reads an Input from JSON, refusing unknown fields and trailing
// data, and validates it.
func Decode(r io.Reader) (Input, error) {
	var in Input
	dec := json.NewDecoder(io.LimitReader(r, maxInput))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return Input{}, jsonErr(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Input{}, errors.New("exit: unexpected data after the JSON object")
	}
	if err := in.Validate(); err != nil {
		return Input{}, err
	}
	return in, nil
}

// jsonErr names the field in encoding/json's type and unknown-field errors.
func jsonErr(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return &money.FieldError{Field: te.Field, Value: te.Value, Want: "a JSON value of Go type " + te.Type.String()}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return &money.FieldError{Field: strings.Trim(name, `"`), Value: "(present)", Want: "no such field"}
	}
	return fmt.Errorf("exit: %w", err)
}
