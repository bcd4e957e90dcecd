package sizing

import "github.com/gpuplan/gpuplan/shared/fielderr"

// fieldErr refuses an input field of the requirement sheet, named by the
// snake_case path the sheet uses, with a sentence saying what is allowed.
func fieldErr(field, format string, args ...any) error {
	return fielderr.Errorf(field, format, args...)
}
