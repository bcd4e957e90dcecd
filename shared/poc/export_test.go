package poc

import (
	"io"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// Helpers the tests use that neither binary reaches.

// Decode reads an Input from JSON, refusing unknown fields and trailing
// data, and validates it. An unknown field, a value of the wrong JSON type
// and a value out of its range all come back as a *fielderr.Error naming
// the field.
func Decode(r io.Reader) (Input, error) { return strictjson.DecodeValid[Input](r) }
