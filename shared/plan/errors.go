package plan

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// FieldError is a problem with one field of a requirement sheet or plan
// file. It names the field (as a JSON path) and says what is allowed.
type FieldError = strictjson.FieldError

func fieldErr(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}
