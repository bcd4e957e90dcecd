package quote

import (
	"io"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// Helpers the tests use that neither binary reaches.

// Decode reads an Input from JSON, refusing unknown fields and trailing
// data, and validates it. An unknown field or a value of the wrong JSON
// type comes back as a *strictjson.FieldError (the type plan.FieldError
// names), a value out of its range as a *fielderr.Error; both name the
// field.
func Decode(r io.Reader) (Input, error) { return strictjson.DecodeValid[Input](r) }
