package form

import (
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/shopspring/decimal"
)

// Every planner input is one fieldSpec. Its Key is the field's JSON path in
// the requirement sheet (docs/plan-file.md), so an error from shared/plan,
// which names that path, lands on the right input. The same key is the URL
// query key and the localStorage key.
//
// This file checks only the form of the text (a number, a whole number, an
// amount of money, one of the choices). Ranges are checked by plan.Build,
// the same code gpuverify runs, so the site and the CLI refuse the same
// values with the same words.

// maxFieldLen bounds the text of one field, so a hostile link cannot make the
// page parse or echo megabytes.
const maxFieldLen = 32

// Kind is the form a field's text takes.
type Kind int

// The field kinds.
const (
	KindInt     Kind = iota // a whole number
	KindDecimal             // a plain decimal number
	KindMoney               // CNY, as money.Parse reads it (55,000 / ¥55000 / 5.5万)
	KindChoice              // one of Choices, shown as a <select>
	KindBool                // "true" or "false", shown as a checkbox
)

// Group says which page edits a field.
type Group int

// The field groups.
const (
	GroupSheet     Group = iota // the requirement sheet (planner)
	GroupShape                  // the optional shape of a model given by size (planner)
	GroupItems                  // C1 fee amounts (cost page)
	GroupPrices                 // card quotes (cost page)
	GroupDiscount               // annual discount (cost page)
	GroupSelfBuild              // self-build figures (rent-or-build page)
	GroupCards                  // the cards the vendor offers (planner)
)

// Spec describes one input.
type Spec struct {
	Key     string // JSON path of the sheet field; URL and storage key
	Kind    Kind
	Group   Group
	Default string   // text of a first visit; "" leaves the field out of the sheet
	Choices []string // kindChoice: the allowed values ("" allowed when listed)
	Range   string   // the allowed range as the plan checks it, e.g. "0–24"
	Rule    string   // the docs/rules.md rule behind the field, if any
	// ErrFields are other field names that shared/ errors use for this
	// input (sizing says "params_b" where the sheet says model.params_b).
	ErrFields []string
	// LabelID, UnitID and HelpID are the catalogue ids of the field's
	// label, its unit and its help text ("" for none).
	LabelID, UnitID, HelpID string
	// Name is the label of a field named for a product (a card's price),
	// shown as written in both languages; LabelID is then "".
	Name string
	// put stores the parsed text in the sheet; take reads it back as text
	// ("" when the sheet leaves the field out). Both ignore the form check,
	// which Parse does.
	put  func(r *plan.Requirements, v Value)
	take func(r plan.Requirements) string
}

// Value is the value of one field's text; only the member of its kind is
// set.
type Value struct {
	Int  int64
	Dec  decimal.Decimal
	Str  string
	Bool bool
}

// ID is the id of the field's element: the key with dots replaced, so that
// CSS selectors need no escaping.
func (f Spec) ID() string { return strings.ReplaceAll(f.Key, ".", "-") }

// Optional reports whether empty text is allowed: the sheet then leaves the
// field out and the plan uses its default.
func (f Spec) Optional() bool {
	return f.Default == "" && f.Kind != KindChoice && f.Kind != KindBool
}

// Parse checks the form of s and returns its value. Empty text is accepted
// for optional fields (ok is then false). Anything else that is not of the
// field's form is a *FieldError naming the field, the text and the range.
func (f Spec) Parse(s string) (v Value, ok bool, err error) {
	s = strings.TrimSpace(s)
	fail := func(reason errReason) (Value, bool, error) {
		return Value{}, false, f.errorf(reason, s)
	}
	if len(s) > maxFieldLen {
		return fail(errTooLong)
	}
	if s == "" {
		if f.Optional() || (f.Kind == KindChoice && contains(f.Choices, "")) {
			return Value{}, false, nil
		}
		return fail(errEmpty)
	}
	switch f.Kind {
	case KindInt:
		n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		if err != nil {
			return fail(errNotWhole)
		}
		v.Int = n
	case KindDecimal:
		// decimal accepts exponents ("1e3"); a person never types one here.
		// The length limit already bounds the digits; Bounded also keeps
		// the places to what every decoder accepts (money.MaxPlaces).
		d, err := decimal.NewFromString(s)
		if err != nil || strings.ContainsAny(s, "eE") || !money.Bounded(d) {
			return fail(errNotNumber)
		}
		v.Dec = d
	case KindMoney:
		d, err := money.Parse(f.Key, s)
		if err != nil {
			return fail(errNotAmount)
		}
		v.Dec = d
	case KindChoice:
		if !contains(f.Choices, s) {
			return fail(errNotChoice)
		}
		v.Str = s
	case KindBool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fail(errNotChoice)
		}
		v.Bool = b
	}
	return v, true, nil
}

// errorf builds the error of a refused text.
func (f Spec) errorf(reason errReason, s string) *FieldError {
	if len(s) > maxFieldLen {
		s = s[:maxFieldLen] + "…"
	}
	return &FieldError{Key: f.Key, Value: s, Reason: reason, Range: f.Range, Rule: f.Rule}
}

// errReason says why a text was refused.
type errReason int

// The reasons.
const (
	errPlan      errReason = iota // plan.Build refused the value; Msg says why
	errEmpty                      // required and empty
	errTooLong                    // more than maxFieldLen bytes
	errNotNumber                  // not a decimal number
	errNotWhole                   // not a whole number
	errNotAmount                  // not an amount of money
	errNotChoice                  // not one of the choices
)

// FieldError says why the text of a field was refused. It keeps the data,
// not the sentence: the page formats it in the reader's language (Message).
// Errors from plan.Build keep the plan's message in Msg, which names the
// field and the allowed range in the page's language.
type FieldError struct {
	Key    string // field key, e.g. "hours_per_day"
	Value  string // the refused text, cut to maxFieldLen
	Reason errReason
	Msg    msg.M  // errPlan: the plan's problem (fielderr.Error.ProblemMsg)
	Range  string // allowed range, e.g. "0–24"; "" when not a number
	Rule   string // rule behind the range, e.g. "B1"
}

// Error implements error in English.
func (e *FieldError) Error() string {
	return e.Message(msg.En, e.Key)
}

// Message formats the error with the messages of one language and the
// field's label.
func (e *FieldError) Message(m msg.Lang, label string) string {
	if e.Reason == errPlan {
		return m.Text("site.page.err_plan", msg.Text(label), msg.Sub(e.Msg))
	}
	var what string
	switch e.Reason {
	case errEmpty:
		what = m.Text("site.page.err_empty")
	case errTooLong:
		what = m.Text("site.page.err_too_long")
	case errNotWhole:
		what = m.Text("site.page.err_not_whole")
	case errNotAmount:
		what = m.Text("site.page.err_not_amount")
	case errNotChoice:
		what = m.Text("site.page.err_not_choice")
	default:
		what = m.Text("site.page.err_not_number")
	}
	s := m.Text("site.page.err_form", msg.Text(label), msg.Text(strconv.Quote(e.Value)), msg.Text(what))
	if e.Range != "" {
		s += m.Text("site.page.err_range_hint", msg.Text(e.Range))
	}
	if e.Rule != "" {
		s += m.Text("site.page.err_rule_hint", msg.Text(e.Rule))
	}
	return s + m.Text("site.page.err_end")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Label is the field's label in l.
func (f Spec) Label(l msg.Lang) string {
	if f.LabelID == "" {
		return f.Name
	}
	return l.Text(f.LabelID)
}

// Unit is the field's unit in l, or "" when it has none.
func (f Spec) Unit(l msg.Lang) string { return textOrNone(l, f.UnitID) }

// Help is the field's help text in l, or "" when it has none.
func (f Spec) Help(l msg.Lang) string { return textOrNone(l, f.HelpID) }

// textOrNone is the catalogue text id in l, "" for no id.
func textOrNone(l msg.Lang, id string) string {
	if id == "" {
		return ""
	}
	return l.Text(id)
}
