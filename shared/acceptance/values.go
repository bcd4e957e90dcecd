package acceptance

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// unknown returns r skipped because a value the check needs is
// unavailable for reason: Measured says so ("unavailable (reason)", as
// facts.Value.String writes it) and m says what was not checked.
func (r Result) unknown(reason, m msg.M) Result {
	r.Measure(unavailable(reason))
	r.Say(Skip, m)
	return r
}

// unavailable is a value that could not be read, with the collector's
// reason in the reader's language.
func unavailable(reason msg.M) msg.M {
	return msg.New("report.unavailable", msg.Sub(reason))
}

// word is a driver's reading ("enabled") in the reader's language when
// the catalogue has it ("facts.word.<reading>"), else as the driver gave it.
func word(reading string) msg.Arg {
	if msg.Known("facts.word." + reading) {
		return msg.Label("facts.word." + reading)
	}
	return msg.Text(reading)
}

// val is a fact for an expected or measured value: its value as
// facts.Value.String writes it (a bool as a word), or "unavailable
// (reason)".
func val[T any](v facts.Value[T]) msg.Arg {
	x, ok := v.Get()
	if !ok {
		return msg.Sub(unavailable(v.Reason()))
	}
	if b, isBool := any(x).(bool); isBool {
		return word(fmt.Sprint(b))
	}
	return msg.Text(fmt.Sprint(x))
}
