package msg

import (
	"strings"

	"github.com/shopspring/decimal"
)

// Kind says how an argument is written.
type Kind string

// The argument kinds (see the package doc).
const (
	KindInt        Kind = "int"
	KindNum        Kind = "num"
	KindNumRange   Kind = "num_range"
	KindMoney      Kind = "money"
	KindMoneyRange Kind = "money_range"
	KindPrice      Kind = "price"
	KindPercent    Kind = "percent"
	KindDec        Kind = "dec"
	KindDate       Kind = "date"
	KindText       Kind = "text"
	KindLabel      Kind = "label"
	KindMsg        Kind = "msg"
)

// Arg is one typed argument of a message. Build it with Int, Num, NumRange,
// Money, MoneyRange, Percent, Dec, Date, Text, Label or Sub; the fields are
// exported only so that it serialises.
type Arg struct {
	// noCompare makes Arg incomparable: a comparable type makes the
	// compiler write an equality function for every array of it that a
	// variadic call allocates, about 25 KB of app.wasm ([N]Arg for each
	// N). Nothing compares Args with ==.
	_ [0]func()

	Kind Kind `json:"kind"`
	// Int is a count (KindInt).
	Int int `json:"int,omitempty"`
	// Num and Hi are a figure or a range of figures (KindNum, KindNumRange),
	// written with Digits decimals.
	Num    float64 `json:"num,omitempty"`
	Hi     float64 `json:"hi,omitempty"`
	Digits int     `json:"digits,omitempty"`
	// Dec and DecHi are an amount or a range of amounts (KindMoney,
	// KindMoneyRange, KindPercent, KindDec).
	Dec   *decimal.Decimal `json:"dec,omitempty"`
	DecHi *decimal.Decimal `json:"dec_hi,omitempty"`
	// Text is a verbatim text, a date or a label id (KindText, KindDate,
	// KindLabel).
	Text string `json:"text,omitempty"`
	// Msg is a nested message (KindMsg).
	Msg *M `json:"msg,omitempty"`
}

// Int is a count, written with thousands separators; it chooses plurals.
func Int(n int) Arg { return Arg{Kind: KindInt, Int: n} }

// Num is a measured figure written with digits decimals (0 to 6).
func Num(v float64, digits int) Arg { return Arg{Kind: KindNum, Num: v, Digits: digits} }

// Fig is a figure written in the fewest digits that give it back, as %g
// would but never in exponent form: 16, 2.5, 0.125.
func Fig(v float64) Arg { return Arg{Kind: KindNum, Num: v, Digits: -1} }

// Money is a CNY amount.
func Money(d decimal.Decimal) Arg { return Arg{Kind: KindMoney, Dec: &d} }

// MoneyRange is a low–high CNY range; one amount when both ends print alike.
func MoneyRange(lo, hi decimal.Decimal) Arg {
	return Arg{Kind: KindMoneyRange, Dec: &lo, DecHi: &hi}
}

// Price is a CNY unit price (an hour, a card-month): as Money, but written
// in full when it has more than two decimals, so 0.834988 never reads 0.83.
func Price(d decimal.Decimal) Arg { return Arg{Kind: KindPrice, Dec: &d} }

// Percent is a fraction written as a percentage: 0.155 → "15.5%".
func Percent(frac decimal.Decimal) Arg { return Arg{Kind: KindPercent, Dec: &frac} }

// Dec is a plain decimal quantity: hours, days, terabytes.
func Dec(d decimal.Decimal) Arg { return Arg{Kind: KindDec, Dec: &d} }

// Date is a date "2026", "2026-06" or "2026-06-01", written in the
// language's form.
func Date(s string) Arg { return Arg{Kind: KindDate, Text: s} }

// Text is written as given.
func Text(s string) Arg { return Arg{Kind: KindText, Text: s} }

// Label is the catalogue entry id (one without arguments) in the message's
// language.
func Label(id string) Arg { return Arg{Kind: KindLabel, Text: id} }

// Sub is a nested message in the message's language.
func Sub(m M) Arg { return Arg{Kind: KindMsg, Msg: &m} }

// dec is the amount, zero when absent (a hostile file).
func (a Arg) dec() decimal.Decimal {
	if a.Dec == nil {
		return decimal.Zero
	}
	return *a.Dec
}

// decHi is the high amount, zero when absent.
func (a Arg) decHi() decimal.Decimal {
	if a.DecHi == nil {
		return decimal.Zero
	}
	return *a.DecHi
}

// isOne reports whether the argument chooses the singular.
func (a Arg) isOne() bool {
	switch a.Kind {
	case KindInt:
		return a.Int == 1
	case KindNum:
		return formatNum(a.Num, a.Digits) == "1"
	case KindDec:
		return a.dec().Equal(decimal.NewFromInt(1))
	}
	return false
}

// write renders the argument in l.
func (a Arg) write(b *strings.Builder, l Lang, depth int) {
	switch a.Kind {
	case KindInt:
		b.WriteString(l.Int(a.Int))
	case KindNum:
		b.WriteString(l.Num(a.Num, a.Digits))
	case KindNumRange:
		b.WriteString(l.NumRange(a.Num, a.Hi, a.Digits))
	case KindMoney:
		b.WriteString(l.Money(a.dec()))
	case KindMoneyRange:
		b.WriteString(l.MoneyRange(a.dec(), a.decHi()))
	case KindPrice:
		b.WriteString(l.Price(a.dec()))
	case KindPercent:
		b.WriteString(l.Percent(a.dec()))
	case KindDec:
		b.WriteString(l.Dec(a.dec()))
	case KindDate:
		b.WriteString(l.Date(a.Text))
	case KindText:
		b.WriteString(a.Text)
	case KindLabel:
		M{ID: a.Text}.write(b, l, depth+1)
	case KindMsg:
		if a.Msg != nil {
			a.Msg.write(b, l, depth+1)
		}
	default:
		b.WriteByte('?')
	}
}

// check reports a label or nested message that does not match the catalogue.
func (a Arg) check() error {
	switch a.Kind {
	case KindLabel:
		return Check(M{ID: a.Text})
	case KindMsg:
		if a.Msg == nil {
			return &Error{Problem: "nested message missing"}
		}
		return Check(*a.Msg)
	case "":
		return &Error{Problem: "argument without a kind"}
	}
	return nil
}
