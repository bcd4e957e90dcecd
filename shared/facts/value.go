package facts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// NotCollected is the reason a zero Value gives: nobody filled the field.
var NotCollected = msg.New("facts.reason.not_collected")

// noReason replaces an empty reason given to Unavailable.
var noReason = msg.New("facts.reason.none")

// Value holds one fact: either a value that was read, or the reason it could
// not be read, as a message. It never holds a silent zero: the zero Value is
// unavailable with the reason NotCollected.
//
// In JSON a known Value is the plain value (81559, "NVIDIA H100 80GB HBM3",
// ["idle"]) and an unavailable one is an object with the reason in English,
// for scripts, and the reason's message:
//
//	{"unavailable": "link inactive", "unavailable_message": {"id": "facts.reason.link_inactive"}}
//
// A reason that is verbatim text (a tool's own words, a driver's error) has
// no message key, and an object with only the English reads back as that
// text, so a file written before reasons had messages reads and re-encodes
// byte for byte:
//
//	{"unavailable": "NVML ERROR_NOT_SUPPORTED"}
//
// An object whose keys are exactly {unavailable} or {unavailable,
// unavailable_message} is unavailable, so a T whose JSON is such an object
// cannot be written (MarshalJSON refuses it); an object with any other key
// is a value. A Value holds a message, so == does not compare Values.
type Value[T any] struct {
	v      T
	ok     bool
	reason msg.M
}

// Known returns a Value that holds v.
func Known[T any](v T) Value[T] {
	return Value[T]{v: v, ok: true}
}

// Unavailable returns a Value that holds no value, only the reason why, a
// catalogue message. An empty reason is replaced by "no reason given".
func Unavailable[T any](reason msg.M) Value[T] {
	if reason.IsZero() {
		reason = noReason
	}
	return Value[T]{reason: reason}
}

// UnavailableText returns a Value unavailable for a reason that has no
// catalogue entry and reads the same in every language: a tool's own
// words or a driver's error text, as given.
func UnavailableText[T any](text string) Value[T] {
	if text == "" {
		return Unavailable[T](msg.M{})
	}
	return Unavailable[T](msg.Verbatim(text))
}

// Get returns the value and true, or the zero T and false when unavailable.
func (x Value[T]) Get() (T, bool) {
	return x.v, x.ok
}

// OK reports whether the value is known.
func (x Value[T]) OK() bool {
	return x.ok
}

// Reason returns why the value is unavailable, or the zero message when it
// is known.
func (x Value[T]) Reason() msg.M {
	if x.ok {
		return msg.M{}
	}
	if x.reason.IsZero() {
		return NotCollected
	}
	return x.reason
}

// Or returns the value when known and def otherwise.
func (x Value[T]) Or(def T) T {
	if x.ok {
		return x.v
	}
	return def
}

// String formats the value with %v, or "unavailable (reason)" with the
// reason in English.
func (x Value[T]) String() string {
	if x.ok {
		return fmt.Sprint(x.v)
	}
	return "unavailable (" + x.Reason().String() + ")"
}

// unavailableJSON is the JSON of an unavailable Value.
type unavailableJSON struct {
	Unavailable        string `json:"unavailable"`
	UnavailableMessage msg.M  `json:"unavailable_message,omitzero"`
}

// errLooksUnavailable is MarshalJSON's error for a known value that would
// read back as unavailable.
var errLooksUnavailable = errors.New("facts: a known value whose JSON is an object with only the key \"unavailable\" (and \"unavailable_message\") would read back as unavailable")

// MarshalJSON writes the plain value, or {"unavailable": English,
// "unavailable_message": message}, without the message for verbatim text.
func (x Value[T]) MarshalJSON() ([]byte, error) {
	if x.ok {
		data, err := json.Marshal(x.v)
		if _, looks := unavailableFields(data); err == nil && looks {
			return nil, errLooksUnavailable
		}
		return data, err
	}
	r := x.Reason()
	j := unavailableJSON{Unavailable: r.String()}
	if !msg.IsVerbatim(r) {
		j.UnavailableMessage = r
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes. JSON null reads as a zero
// (not collected) Value. An object with only the English reads as that
// text (msg.FromFile); one with a message reads as the message.
func (x *Value[T]) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("null")) {
		*x = Value[T]{}
		return nil
	}
	if fields, ok := unavailableFields(data); ok {
		reason, err := decodeReason(fields)
		if err != nil {
			return err
		}
		*x = Unavailable[T](reason)
		return nil
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*x = Known(v)
	return nil
}

// unavailableFields returns the fields of data and true when data is an
// object whose keys are exactly {unavailable} or {unavailable,
// unavailable_message}.
func unavailableFields(data []byte) (map[string]json.RawMessage, bool) {
	if len(data) == 0 || data[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return nil, false
	}
	_, english := m["unavailable"]
	_, message := m["unavailable_message"]
	ok := english && (len(m) == 1 || len(m) == 2 && message)
	return m, ok
}

// decodeReason reads the reason from the fields unavailableFields accepts:
// unavailable must be a string and unavailable_message, when present, a
// reason message (checkReason) with no unknown field. The English is not
// compared with the message's: the message is the reason, and a report's
// digest, taken over the English MarshalJSON writes from it, shows an
// English edited apart from its message.
func decodeReason(m map[string]json.RawMessage) (msg.M, error) {
	var english string
	if err := json.Unmarshal(m["unavailable"], &english); err != nil {
		return msg.M{}, fmt.Errorf("facts: \"unavailable\" must be a string: %w", err)
	}
	raw, ok := m["unavailable_message"]
	if !ok {
		return msg.FromFile(english, msg.M{}), nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var message msg.M
	if err := dec.Decode(&message); err != nil {
		return msg.M{}, fmt.Errorf("facts: \"unavailable_message\": %w", err)
	}
	if msg.IsVerbatim(message) {
		return msg.M{}, errors.New("facts: \"unavailable_message\" must name a catalogue message (verbatim text has only \"unavailable\")")
	}
	if err := checkReason(message, 0); err != nil {
		return msg.M{}, fmt.Errorf("facts: \"unavailable_message\": %w", err)
	}
	return message, nil
}

// maxReasonDepth bounds how deeply a reason nests parts
// (facts.reason.and of facts.reason.and ...).
const maxReasonDepth = 8

// checkReason refuses a message the readers never write as a reason: an
// id outside facts.reason (verbatim text only inside one), arguments
// other than text and nested messages (a figure or an amount has no
// place in a reason, and a hostile one could be costly to write), the
// wrong number of arguments, or nesting past maxReasonDepth.
func checkReason(m msg.M, depth int) error {
	if depth > maxReasonDepth {
		return fmt.Errorf("nested deeper than %d messages", maxReasonDepth)
	}
	if !strings.HasPrefix(m.ID, "facts.reason.") && !(depth > 0 && msg.IsVerbatim(m)) {
		return fmt.Errorf("%q is not a facts.reason message", m.ID)
	}
	if err := msg.Check(m); err != nil {
		return err
	}
	for _, a := range m.Args {
		switch a.Kind {
		case msg.KindText:
		case msg.KindMsg:
			if err := checkReason(*a.Msg, depth+1); err != nil {
				return err
			}
		default:
			return fmt.Errorf("message %q: an argument of kind %q", m.ID, a.Kind)
		}
	}
	return nil
}
