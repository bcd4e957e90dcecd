package main

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// maxFieldLen bounds the text of one field, so a hostile link cannot make the
// page parse or echo megabytes.
const maxFieldLen = 32

// fieldSpec describes one planner input: its URL/storage key, its default,
// the allowed range and the rule that sets it. Adding a field to the planner
// means adding one spec to inputFields and one string to Input.
type fieldSpec struct {
	Key      string // URL query key, JSON key and the input element id
	Default  string
	Min, Max decimal.Decimal
	Rule     string // the RULES.md rule the range comes from, e.g. "B1"
	Label    func(*Messages) string
	Unit     func(*Messages) string
	Help     func(*Messages) string
	ptr      func(*Input) *string
}

// FieldError says why the text of a field was refused. It keeps the data, not
// the sentence: the page formats it in the reader's language (Message), and
// Error gives an English line for logs and tests.
type FieldError struct {
	Key       string // field key, e.g. "hours"
	Value     string // the refused text, cut to maxFieldLen
	Min, Max  string
	Rule      string
	NotNumber bool // true: Value is not a number; false: out of range
}

// Error implements error in English.
func (e *FieldError) Error() string {
	return e.Message(En.M(), e.Key)
}

// Message formats the error with the messages of one language and the
// field's label.
func (e *FieldError) Message(m *Messages, label string) string {
	if e.NotNumber {
		return fmt.Sprintf(m.ErrNotNumberF, label, e.Value, e.Min, e.Max, e.Rule)
	}
	return fmt.Sprintf(m.ErrRangeF, label, e.Value, e.Min, e.Max, e.Rule)
}

// Parse reads the text of the field: a plain decimal number inside
// [Min, Max]. Surrounding spaces are ignored; anything else is a
// *FieldError naming the field, the range and the rule.
func (f fieldSpec) Parse(s string) (decimal.Decimal, error) {
	s = strings.TrimSpace(s)
	fail := func(notNumber bool) (decimal.Decimal, error) {
		v := s
		if len(v) > maxFieldLen {
			v = v[:maxFieldLen] + "…"
		}
		return decimal.Decimal{}, &FieldError{Key: f.Key, Value: v, Min: f.Min.String(),
			Max: f.Max.String(), Rule: f.Rule, NotNumber: notNumber}
	}
	if s == "" || len(s) > maxFieldLen || strings.ContainsAny(s, "eE") {
		// decimal accepts exponents ("1e3"); a person never types one here.
		return fail(true)
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return fail(true)
	}
	if d.LessThan(f.Min) || d.GreaterThan(f.Max) {
		return fail(false)
	}
	return d, nil
}

// inputFields lists every planner input in display order.
var inputFields = []fieldSpec{
	{
		Key:     "hours",
		Default: "8",
		Min:     decimal.Zero,
		Max:     decimal.NewFromInt(24),
		Rule:    "B1",
		Label:   func(m *Messages) string { return m.HoursLabel },
		Unit:    func(m *Messages) string { return m.HoursUnit },
		Help:    func(m *Messages) string { return m.HoursHelp },
		ptr:     func(in *Input) *string { return &in.HoursPerDay },
	},
}

// fieldByKey returns the spec with the given key.
func fieldByKey(key string) (fieldSpec, bool) {
	for _, f := range inputFields {
		if f.Key == key {
			return f, true
		}
	}
	return fieldSpec{}, false
}
