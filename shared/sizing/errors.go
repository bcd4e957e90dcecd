package sizing

import (
	"fmt"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// The refusals of the requirement sheet's fields, each named by the
// snake_case path the sheet uses. Most are one value against what the
// field allows (fielderr.New with a want.* message); the rest are one
// catalogue sentence (fielderr.Sentence with a sizing.err.* id).

// intErr refuses the whole number v at field, which wants want.
func intErr(field string, v int, want msg.M) error {
	return fielderr.New(field, strconv.Itoa(v), want)
}

// figErr refuses the number v at field, which wants want; v is written in
// the fewest digits that give it back.
func figErr(field string, v float64, want msg.M) error {
	return fielderr.New(field, strconv.FormatFloat(v, 'g', -1, 64), want)
}

// textErr refuses the text v at field, which takes one of allowed.
func textErr(field, v string, allowed ...string) error {
	return fielderr.New(field, v, valid.Choices(allowed...))
}

// wantIn is noun (a want.noun.* id) in the interval written iv, e.g.
// "[1, 4096]".
func wantIn(noun, iv string) msg.M {
	return msg.New("want.in", msg.Label(noun), msg.Text(iv))
}

// wholeIn is a whole number in [lo, hi].
func wholeIn(lo, hi int) msg.M {
	return wantIn("want.noun.whole_number", fmt.Sprintf("[%d, %d]", lo, hi))
}

// wholeUpTo is a whole number from 1 up to the other field's value n.
func wholeUpTo(other string, n int) msg.M {
	return msg.New("want.in_to_field", msg.Label("want.noun.whole_number"), msg.Text(other), msg.Int(n))
}

// zeroOr is 0, meaning what the want.zero.* label says, or want.
func zeroOr(label string, want msg.M) msg.M {
	return msg.New("want.zero_or", msg.Label(label), msg.Sub(want))
}
