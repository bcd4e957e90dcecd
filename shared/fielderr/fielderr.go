// Package fielderr holds the one error type every decoder and validator of
// shared/ returns for a refused input: the field's JSON path, the value as
// given and what the field allows. The site points at the field with it, the
// CLI prints it; both find it with errors.As.
package fielderr

import (
	"errors"
	"fmt"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Error is a problem with one input field.
//
// Most errors are one value against what the field allows: Value and Want
// are set and Error reads `hours_per_day = "25": want a number in (0, 24]`.
// Problems that are not one value against a range (an unknown field, a
// missing block, a bound quoted with the value) carry a whole sentence in
// Msg instead, and Error reads `acceptance: missing: …`.
type Error struct {
	// Field is the input's JSON path as the file and the form use it,
	// e.g. "hours_per_day", "egress.gb.low" or "quotes[0].vendor".
	Field string
	// Value is the refused input as given, or as formatted when it was
	// already a number.
	Value string
	// Want says what would be accepted, e.g. "a number in (0, 24]": a
	// want.* message, which Error writes in English and a page in its
	// language.
	Want msg.M
	// Msg, when set, is the whole problem as one message (a catalogue
	// sentence) and replaces Value and Want in Error and Problem.
	Msg msg.M
}

// New returns an Error for value refused at field, which wants want.
func New(field, value string, want msg.M) *Error {
	return &Error{Field: field, Value: value, Want: want}
}

// Sentence returns an Error at field whose problem is the catalogue
// sentence id with args.
func Sentence(field, id string, args ...msg.Arg) *Error {
	return &Error{Field: field, Msg: msg.New(id, args...)}
}

// Error implements error: "field: msg", or `field = "value": want …`.
func (e *Error) Error() string {
	if !e.Msg.IsZero() {
		return e.Field + ": " + e.Msg.String()
	}
	return fmt.Sprintf("%s = %q: want %s", e.Field, e.Value, e.Want.String())
}

// Problem is the error without the field's name, for a page that shows it
// beside the field: Msg, or "want …, got …", in English.
func (e *Error) Problem() string { return e.ProblemIn(msg.En) }

// Message is the error as a message: the field and its problem, so a
// page writes it in its language (msg.Lang.Err).
func (e *Error) Message() msg.M {
	return msg.New("want.field", msg.Text(e.Field), msg.Sub(e.ProblemMsg()))
}

// ProblemIn is Problem in l.
func (e *Error) ProblemIn(l msg.Lang) string { return e.ProblemMsg().In(l) }

// ProblemMsg is Problem as a message.
func (e *Error) ProblemMsg() msg.M {
	if !e.Msg.IsZero() {
		return e.Msg
	}
	return msg.New("want.got", msg.Sub(e.Want), msg.Text(e.Value))
}

// Prefix returns err with prefix put before the field's path when err is an
// *Error (errors.As), so a section's error names its place in the whole
// file; any other error comes back unchanged.
func Prefix(prefix string, err error) error {
	var fe *Error
	if !errors.As(err, &fe) {
		return err
	}
	out := *fe
	out.Field = prefix + fe.Field
	return &out
}
