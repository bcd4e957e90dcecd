package facts

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// NotCollected is the reason a zero Value gives: nobody filled the field.
const NotCollected = "not collected"

// Value holds one fact: either a value that was read, or the reason it could
// not be read. It never holds a silent zero: the zero Value is unavailable
// with the reason NotCollected.
//
// In JSON a known Value is the plain value (81559, "NVIDIA H100 80GB HBM3",
// ["idle"]) and an unavailable one is an object with one key:
//
//	{"unavailable": "nvidia-smi says \"N/A\""}
//
// T should be a scalar or a slice: a struct T that itself marshals to an
// object with the single key "unavailable" would read back as unavailable.
type Value[T any] struct {
	v      T
	ok     bool
	reason string
}

// Known returns a Value that holds v.
func Known[T any](v T) Value[T] {
	return Value[T]{v: v, ok: true}
}

// Unavailable returns a Value that holds no value, only the reason why. An
// empty reason is replaced by "no reason given".
func Unavailable[T any](reason string) Value[T] {
	if reason == "" {
		reason = "no reason given"
	}
	return Value[T]{reason: reason}
}

// Get returns the value and true, or the zero T and false when unavailable.
func (x Value[T]) Get() (T, bool) {
	return x.v, x.ok
}

// OK reports whether the value is known.
func (x Value[T]) OK() bool {
	return x.ok
}

// Reason returns why the value is unavailable, or "" when it is known.
func (x Value[T]) Reason() string {
	if x.ok {
		return ""
	}
	if x.reason == "" {
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

// String formats the value with %v, or "unavailable (reason)".
func (x Value[T]) String() string {
	if x.ok {
		return fmt.Sprint(x.v)
	}
	return "unavailable (" + x.Reason() + ")"
}

type unavailableJSON struct {
	Unavailable string `json:"unavailable"`
}

// MarshalJSON writes the plain value, or {"unavailable": reason}.
func (x Value[T]) MarshalJSON() ([]byte, error) {
	if x.ok {
		return json.Marshal(x.v)
	}
	return json.Marshal(unavailableJSON{x.Reason()})
}

// UnmarshalJSON reads what MarshalJSON writes. JSON null reads as a zero
// (not collected) Value.
func (x *Value[T]) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("null")) {
		*x = Value[T]{}
		return nil
	}
	if reason, ok := unavailableReason(data); ok {
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

// unavailableReason reports whether data is {"unavailable": "..."} and no
// other key.
func unavailableReason(data []byte) (string, bool) {
	if len(data) == 0 || data[0] != '{' {
		return "", false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil || len(m) != 1 {
		return "", false
	}
	raw, ok := m["unavailable"]
	if !ok {
		return "", false
	}
	var reason string
	if json.Unmarshal(raw, &reason) != nil {
		return "", false
	}
	return reason, true
}
