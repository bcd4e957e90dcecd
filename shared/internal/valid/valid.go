// Package valid checks one input field against the values it accepts: a
// decimal or a whole number in a range, or a text from a fixed list; and a
// list of rows: its length, each row, and a field no two rows may share. A miss
// comes back as a *fielderr.Error that names the field, shows the value
// and says what the field accepts, so a person knows what to fix.
package valid

import (
	"fmt"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// maxPlaces is the most decimal places an input may carry, as money.Parse
// allows; maxExp bounds the exponent so that no comparison or sum has to
// build a huge number.
const (
	maxPlaces = 10
	maxExp    = 15
)

// InRange checks that v lies between lo and hi and has a sane number of
// digits: at most 10 decimal places and an exponent of at most 15. hi is
// always allowed; lo is allowed only when loIncl is true, so loIncl picks
// between [lo, hi] and (lo, hi]. want is the error's Want and should name
// the range in that notation: want.in, e.g. "a percentage in (0, 100]".
func InRange(field string, v, lo, hi decimal.Decimal, loIncl bool, want msg.M) error {
	bad := v.Exponent() < -maxPlaces || v.Exponent() > maxExp ||
		v.LessThan(lo) || (!loIncl && v.Equal(lo)) || v.GreaterThan(hi)
	if bad {
		return &fielderr.Error{Field: field, Value: show(v), Want: want}
	}
	return nil
}

// show formats a decimal for an error message without expanding a huge
// exponent: "1e999999999" stays short, and a coefficient of more than 20
// digits is cut with "…".
func show(v decimal.Decimal) string {
	if v.Exponent() < -maxPlaces-10 || v.Exponent() > maxExp {
		c := v.Coefficient().String()
		if len(c) > 20 {
			c = c[:20] + "…"
		}
		return fmt.Sprintf("%se%d", c, v.Exponent())
	}
	return v.String()
}

// IntRange checks lo ≤ v ≤ hi; the error wants "a whole number in [lo, hi]".
func IntRange(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return &fielderr.Error{Field: field, Value: fmt.Sprint(v),
			Want: msg.New("want.in", msg.Label("want.noun.whole_number"), msg.Text(fmt.Sprintf("[%d, %d]", lo, hi)))}
	}
	return nil
}

// OneOf checks that v is one of allowed. The error lists the allowed texts
// quoted, in the order given, after "one of"; an allowed empty text shows as
// `"" (not stated)`, the value an input has when it leaves the field out.
func OneOf(field, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return &fielderr.Error{Field: field, Value: v, Want: Choices(allowed...)}
}

// Choices is the Want of a field that takes one of allowed: "one of", then
// each quoted, in the order given; an allowed empty text is `"" (not
// stated)`, the value an input has when it leaves the field out.
func Choices(allowed ...string) msg.M {
	cs := make([]msg.M, len(allowed))
	for i, a := range allowed {
		cs[i] = msg.Verbatim(strconv.Quote(a))
		if a == "" {
			cs[i] = msg.New("want.not_stated")
		}
	}
	return msg.New("want.one_of", msg.Sub(choices(cs)))
}

// choices joins cs as a balanced tree of want.choices, so a long list
// stays shallow.
func choices(cs []msg.M) msg.M {
	switch len(cs) {
	case 0:
		return msg.M{}
	case 1:
		return cs[0]
	}
	half := len(cs) / 2
	return msg.New("want.choices", msg.Sub(choices(cs[:half])), msg.Sub(choices(cs[half:])))
}
