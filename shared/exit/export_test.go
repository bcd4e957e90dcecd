package exit

import (
	"io"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
)

// Helpers the tests use that neither binary reaches.

// AddWorkingDays returns the n-th working day after date ("2026-12-31"),
// skipping weekends, the holidays and honouring the worked weekend days.
func AddWorkingDays(date string, n int, holidays, workdays []string) (string, error) {
	t, err := parseDate("date", date)
	if err != nil {
		return "", err
	}
	if err := valid.IntRange("n", n, 0, 3660); err != nil {
		return "", err
	}
	return newCalendar(holidays, workdays).addWorkingDays(t, n).Format(dateLayout), nil
}

// Decode reads an Input from JSON, refusing unknown fields and trailing
// data, and validates it. An unknown field, a value of the wrong JSON type
// and a value out of its range all come back as a *fielderr.Error naming
// the field.
func Decode(r io.Reader) (Input, error) { return strictjson.DecodeValid[Input](r) }
