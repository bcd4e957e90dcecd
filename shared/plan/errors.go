package plan

import "fmt"

// FieldError is a problem with one field of a requirement sheet or plan
// file. It names the field (as a JSON path) and says what is allowed.
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }

func fieldErr(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}
