package exit_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/money"
)

// Decode refuses unknown fields, naming them, wrong JSON types, naming the
// field, and data after the object.
func TestDecodeErrors(t *testing.T) {
	tests := []struct{ in, field string }{
		{`{"no_such_field":1}`, "no_such_field"},
		{`{"vendor":true}`, "vendor"},
	}
	for _, tt := range tests {
		_, err := exit.Decode(strings.NewReader(tt.in))
		var fe *money.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("Decode(%s) = %v, want a FieldError naming %s", tt.in, err, tt.field)
		}
	}
	for _, in := range []string{`{} {}`, `{} x`, ``, `[`} {
		if _, err := exit.Decode(strings.NewReader(in)); err == nil {
			t.Errorf("Decode(%q) accepted", in)
		}
	}
}
