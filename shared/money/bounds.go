package money

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// Bounds on every decimal the project decodes (sheets, plan files, site
// state). A decimal is held as coefficient × 10^exponent, and decoding
// "1e1000000000" is cheap, but comparing, adding or printing it builds a
// number with a billion digits: minutes of CPU and gigabytes of memory. So
// every decoder checks Bounded before any arithmetic. The limits are far
// beyond any real figure (10^20 yuan, 20 decimal places; a plan file's
// shares carry 16) and low enough that every sum and product stays small.
const (
	// MaxIntDigits is the most digits before the decimal point.
	MaxIntDigits = 20
	// MaxPlaces is the most digits after the decimal point.
	MaxPlaces = 20
	// BoundsWant says what Bounded accepts, for error messages.
	BoundsWant = "a number between -10^20 and 10^20 with at most 20 digits after the decimal point"
)

// maxCoefBits bounds the coefficient: 10^40 < 2^133.
const maxCoefBits = 133

var boundLimit = decimal.New(1, MaxIntDigits)

// Bounded reports whether d is within the decoding bounds: |d| < 10^20 and at
// most 20 places after the decimal point. It does no arithmetic on d until
// the exponent and the coefficient's size are known to be small.
func Bounded(d decimal.Decimal) bool {
	exp := d.Exponent()
	if exp < -MaxPlaces || exp > MaxIntDigits {
		return false
	}
	if d.Coefficient().BitLen() > maxCoefBits {
		return false
	}
	return d.Abs().LessThan(boundLimit)
}

// Short writes d for an error message without expanding a huge exponent:
// an in-bounds value as String writes it, anything else as its coefficient
// (cut to 20 digits with "…") and exponent, e.g. "1e1000000000".
func Short(d decimal.Decimal) string {
	if Bounded(d) {
		return d.String()
	}
	c := d.Coefficient()
	s := c.String()
	if c.BitLen() > 4*maxCoefBits {
		// String of a huge coefficient is itself slow: show its size only.
		s = fmt.Sprintf("(%d-bit number)", c.BitLen())
	} else if len(s) > 20 {
		s = s[:20] + "…"
	}
	return fmt.Sprintf("%se%d", s, d.Exponent())
}
