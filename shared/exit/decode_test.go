package exit_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
)

// Decode refuses unknown fields, naming them, wrong JSON types, naming the
// field, and data after the object.
func TestDecodeErrors(t *testing.T) {
	tests := []struct{ in, field, msg string }{
		{`{"no_such_field":1}`, "no_such_field", "unknown field"},
		{`{"vendor":true}`, "vendor", "must be a JSON string, got bool"},
	}
	for _, tt := range tests {
		_, err := exit.Decode(strings.NewReader(tt.in))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Msg.String() != tt.msg {
			t.Errorf("Decode(%s) = %v, want a FieldError %s: %s", tt.in, err, tt.field, tt.msg)
		}
	}
	for _, in := range []string{`{} {}`, `{} x`, `{} ]`, `{} }`, ``, `[`} {
		if _, err := exit.Decode(strings.NewReader(in)); err == nil {
			t.Errorf("Decode(%q) accepted", in)
		}
	}
}
