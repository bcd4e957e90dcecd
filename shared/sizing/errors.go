package sizing

import "fmt"

// FieldError reports an input field that is missing or out of range. Field
// is the snake_case name the requirement sheet uses, so a caller can point
// at the offending input.
type FieldError struct {
	Field string
	Msg   string
}

// Error returns "field: message".
func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}
