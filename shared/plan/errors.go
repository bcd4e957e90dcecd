package plan

import "github.com/gpuplan/gpuplan/shared/fielderr"

// fieldErr refuses a field of a requirement sheet or plan file, named by
// its JSON path, with a sentence saying what is allowed.
func fieldErr(field, format string, args ...any) *fielderr.Error {
	return fielderr.Errorf(field, format, args...)
}
