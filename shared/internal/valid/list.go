package valid

import (
	"fmt"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// First returns the first error of errs that is not nil: the checks of an
// input written as one list, reported in order.
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Rows checks the list called field: lo to hi rows (noun, a catalogue
// entry such as want.rows.quotes, names them in the message, e.g. "1 to 20
// quotes"), then each row by check, which is given the row's own field
// name, e.g. "quotes[2]". It returns the first miss.
func Rows[T any](field string, rows []T, lo, hi int, noun string, check func(f string, row T) error) error {
	if len(rows) < lo || len(rows) > hi {
		return &fielderr.Error{Field: field, Value: strconv.Itoa(len(rows)),
			Want: msg.New("want.rows", msg.Int(lo), msg.Int(hi), msg.Label(noun))}
	}
	for i, r := range rows {
		if err := check(fmt.Sprintf("%s[%d]", field, i), r); err != nil {
			return err
		}
	}
	return nil
}

// Distinct holds the values the rows of a list used so far, for a field
// that no two rows may share (a vendor's name, a tier's threshold).
type Distinct map[string]bool

// Add records value, the field of one row, and refuses it when a row
// before used it, saying what the field wants instead.
func (d Distinct) Add(field, value string, want msg.M) error {
	if d[value] {
		return &fielderr.Error{Field: field, Value: value, Want: want}
	}
	d[value] = true
	return nil
}
