// Package strictjson decodes one JSON document into a Go value, refusing
// unknown fields, duplicate keys, keys that differ from the documented ones
// only by case, and trailing data, and reports problems by field name so
// users see which input to fix.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// MaxInput bounds what Decode reads: the documents are a few KiB.
const MaxInput = 1 << 20

// Decode reads one JSON value from r into v.
func Decode(r io.Reader, v any) error {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return err
	}
	if len(data) > MaxInput {
		return tooLarge()
	}
	return DecodeBytes(data, v)
}

// DecodeBytes is Decode of a document already read (at most MaxInput
// bytes). Numbers are bounded before they are parsed (checkNumberText) and
// every decimal after (CheckDecimals), so no value reaches arithmetic with a
// huge exponent or digit count.
func DecodeBytes(data []byte, v any) error {
	if len(data) > MaxInput {
		return tooLarge()
	}
	if err := checkNumberText(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return Explain(err)
	}
	if err := CheckKeys(data, v); err != nil {
		return err
	}
	// Token, unlike More, also reports a stray ']' or '}' after the value.
	if _, err := dec.Token(); err != io.EOF {
		return &DocError{Msg: msg.New("json.err.trailing")}
	}
	return CheckDecimals(v)
}

// DecodeValid reads one JSON value of type T from r as Decode does, then
// checks it with T's Validate method. On any problem it returns the zero T
// and the error: a *fielderr.Error for an unknown field or a value of the
// wrong JSON type, otherwise whatever Validate reports.
func DecodeValid[T interface{ Validate() error }](r io.Reader) (T, error) {
	var v, zero T
	if err := Decode(r, &v); err != nil {
		return zero, err
	}
	if err := v.Validate(); err != nil {
		return zero, err
	}
	return v, nil
}

// Explain turns an error of encoding/json into one a person can act on: a
// value of the wrong type or an unknown field as a *fielderr.Error naming
// the field, broken JSON with the byte where it broke.
func Explain(err error) error {
	var fieldErr *fielderr.Error
	if errors.As(err, &fieldErr) {
		return err // already explained, by a type that decodes itself with this package
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "input"
		}
		return &fielderr.Error{Field: field, Msg: TypeMsg(typeErr)}
	case errors.As(err, &syntaxErr):
		return &DocError{Msg: msg.New("json.err.syntax", msg.Text(strconv.FormatInt(syntaxErr.Offset, 10)), msg.Sub(msg.Verbatim(err.Error())))}
	case errors.Is(err, io.EOF):
		return &DocError{Msg: msg.New("json.err.empty")}
	}
	text := err.Error()
	if name, ok := strings.CutPrefix(text, "json: unknown field "); ok {
		return &fielderr.Error{Field: strings.Trim(name, `"`), Msg: msg.New("json.err.unknown_field")}
	}
	if strings.Contains(text, "decimal") {
		return &DocError{Msg: msg.New("json.err.decimal_text", msg.Sub(msg.Verbatim(err.Error())))}
	}
	return &DocError{Msg: msg.Verbatim(err.Error())}
}

// DocError refuses a whole document rather than one field of it: too
// large, empty, not JSON. Error reads "input: " and the message in
// English; Message gives it with that prefix in any language.
type DocError struct {
	// Msg is the problem, a catalogue message; where it quotes
	// encoding/json, those words are its own and stay as written.
	Msg msg.M
}

// Error implements error: "input: larger than 1048576 bytes".
func (e *DocError) Error() string { return e.Message().String() }

// Message is the error as a message, "input: " included.
func (e *DocError) Message() msg.M { return msg.New("json.err.input", msg.Sub(e.Msg)) }

// tooLarge refuses a document over MaxInput bytes.
func tooLarge() error {
	return &DocError{Msg: msg.New("json.err.too_large", msg.Text(strconv.Itoa(MaxInput)))}
}

// TypeMsg says what a field must be when the JSON value has the wrong type
// or does not fit: "must be a JSON string, got number", "must be a whole
// number from 0 to 255, got 1e400". Every decoder words it so. The bounds
// are written in plain digits, as Go and the value's documentation write
// them.
func TypeMsg(e *json.UnmarshalTypeError) msg.M {
	got, isNumber := strings.CutPrefix(e.Value, "number ")
	want := typeWord(kind(e.Type.Kind().String()))
	if !isNumber {
		return msg.New("json.err.type", want, typeWord(e.Value))
	}
	switch k := e.Type.Kind(); {
	case k >= reflect.Int && k <= reflect.Int64:
		bits := e.Type.Bits()
		lo, hi := -(int64(1) << (bits - 1)), int64(uint64(1)<<(bits-1)-1)
		return msg.New("json.err.whole", msg.Text(strconv.FormatInt(lo, 10)), msg.Text(strconv.FormatInt(hi, 10)), msg.Text(got))
	case k >= reflect.Uint && k <= reflect.Uintptr:
		hi := uint64(1)<<e.Type.Bits() - 1
		return msg.New("json.err.whole", msg.Text("0"), msg.Text(strconv.FormatUint(hi, 10)), msg.Text(got))
	case k == reflect.Float32 || k == reflect.Float64:
		return msg.New("json.err.float", msg.Text(strconv.FormatFloat(maxFloat(e.Type.Bits()), 'g', -1, 64)), msg.Text(got))
	}
	return msg.New("json.err.type_number", want, msg.Text(got))
}

// typeWord is a JSON type's name, as kind and encoding/json write it, in
// the reader's language; a name it does not know is written as given.
func typeWord(w string) msg.Arg {
	if id := "json.type." + w; msg.Known(id) {
		return msg.Label(id)
	}
	return msg.Text(w)
}

func maxFloat(bits int) float64 {
	if bits == 32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

func kind(k string) string {
	switch k {
	case "int", "int64", "float64":
		return "number"
	case "struct", "map":
		return "object"
	case "slice":
		return "array"
	case "bool":
		return "boolean"
	}
	return k
}
