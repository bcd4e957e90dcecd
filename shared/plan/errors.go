package plan

import (
	"strconv"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// fieldErr refuses a field of a requirement sheet or plan file, named by
// its JSON path, with the catalogue sentence id saying what is allowed.
func fieldErr(field, id string, args ...msg.Arg) *fielderr.Error {
	return fielderr.Sentence(field, id, args...)
}

// between refuses field's value got outside lo to hi: "must be between 1
// and 31, got 40".
func between(field, lo, hi, got string) *fielderr.Error {
	return fieldErr(field, "plan.err.between", msg.Text(lo), msg.Text(hi), msg.Text(got))
}

// betweenRule is between for a range a rule sets: "must be between 0 and
// 24 (rule B1), got 25".
func betweenRule(field, lo, hi, rule, got string) *fielderr.Error {
	return fieldErr(field, "plan.err.between_rule", msg.Text(lo), msg.Text(hi), msg.Text(rule), msg.Text(got))
}

// num writes a count or bound in plain digits, as the form's ranges and
// the sheet's documentation write it ("1048576").
func num(n int) string { return strconv.Itoa(n) }

// quoted is a value as given, quoted, as the sentences show a text the
// sheet had.
func quoted(s string) msg.Arg { return msg.Text(strconv.Quote(s)) }

// fig writes a float as %g does: the fewest digits that give it back.
func fig(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
