package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// maxNumberText bounds the text of a number, or of a string that looks like
// one, before it is parsed: decimal parses a long digit string in time
// quadratic in its length (a megabyte of digits takes seconds), and no
// bounded decimal needs more than 20 + 20 digits, a sign, a point and an
// exponent.
const maxNumberText = 64

// checkNumberText walks the tokens of data and refuses a number, or a
// string made only of number characters, longer than maxNumberText. It
// names the field by its JSON path. data is known to be valid JSON up to
// the first syntax error, which Decode reports itself.
func checkNumberText(data []byte) error {
	if !mayHoldLongNumber(data) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var p path
	for {
		tok, err := dec.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return nil // a syntax error: Decode reports it with its offset
		}
		var text string
		switch t := tok.(type) {
		case json.Delim:
			p.delim(t)
			continue
		case string:
			if p.wantKey() {
				p.key(t)
				continue
			}
			text = t
		case json.Number:
			text = string(t)
		}
		if len(text) > maxNumberText && numberLike(text) {
			return &fielderr.Error{Field: p.String(), Msg: msg.New("json.err.number_text", msg.Text(strconv.Itoa(len(text))))}
		}
		p.value()
	}
}

// mayHoldLongNumber reports whether data may hold a token that
// checkNumberText refuses. Without an escape (a backslash) a token's text
// is a run of data's bytes, so such a token needs a run of more than
// maxNumberText number characters; documents without one, almost all of
// them, skip the token walk, which is most of the check's time.
func mayHoldLongNumber(data []byte) bool {
	if bytes.IndexByte(data, '\\') >= 0 {
		return true
	}
	run := 0
	for _, c := range data {
		if !numberChar(c) {
			run = 0
			continue
		}
		if run++; run > maxNumberText {
			return true
		}
	}
	return false
}

// numberLike reports whether s has only the characters of a decimal number.
func numberLike(s string) bool {
	for i := 0; i < len(s); i++ {
		if !numberChar(s[i]) {
			return false
		}
	}
	return true
}

// path tracks where a token stream is: a stack of objects and arrays.
type path struct {
	frames []frame
}

type frame struct {
	object  bool
	key     string
	index   int
	haveKey bool
}

func (p *path) delim(d json.Delim) {
	switch d {
	case '{':
		p.frames = append(p.frames, frame{object: true})
	case '[':
		p.frames = append(p.frames, frame{index: 0})
	default:
		if len(p.frames) > 0 {
			p.frames = p.frames[:len(p.frames)-1]
		}
		p.value()
	}
}

// wantKey reports whether the next string is an object key.
func (p *path) wantKey() bool {
	n := len(p.frames)
	return n > 0 && p.frames[n-1].object && !p.frames[n-1].haveKey
}

func (p *path) key(k string) {
	f := &p.frames[len(p.frames)-1]
	f.key, f.haveKey = k, true
}

// value records that the current key's or index's value is complete.
func (p *path) value() {
	n := len(p.frames)
	if n == 0 {
		return
	}
	f := &p.frames[n-1]
	if f.object {
		f.haveKey = false
	} else {
		f.index++
	}
}

// String writes the path as "a.b[2].c", or "input" at the top.
func (p *path) String() string {
	var b strings.Builder
	for _, f := range p.frames {
		switch {
		case f.object && f.haveKey:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		case !f.object:
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
		}
	}
	if b.Len() == 0 {
		return "input"
	}
	return b.String()
}

var decimalType = reflect.TypeFor[decimal.Decimal]()

// CheckDecimals walks a decoded value and refuses the first decimal outside
// money.Bounded, naming it by its JSON path, e.g. "cost.monthly.low". Every
// decoder calls it before the value is used: comparing or printing
// "1e1000000000" builds a number with a billion digits.
func CheckDecimals(v any) error {
	return walkDecimals(reflect.ValueOf(v), "")
}

func walkDecimals(v reflect.Value, at string) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return walkDecimals(v.Elem(), at)
	case reflect.Struct:
		if v.Type() == decimalType {
			d := v.Interface().(decimal.Decimal)
			if !money.Bounded(d) {
				return &fielderr.Error{Field: name(at), Msg: msg.New("json.err.decimal", msg.Text(money.Short(d)))}
			}
			return nil
		}
		return walkStruct(v, at)
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // bytes, e.g. json.RawMessage: decoded on their own
		}
		for i := 0; i < v.Len(); i++ {
			if err := walkDecimals(v.Index(i), at+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if err := walkDecimals(iter.Value(), join(at, fmt.Sprint(iter.Key().Interface()))); err != nil {
				return err
			}
		}
	}
	return nil
}

func walkStruct(v reflect.Value, at string) error {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "-" {
			continue
		}
		child := join(at, tag)
		switch {
		case tag == "" && f.Anonymous:
			child = at // an embedded struct's fields are the parent's
		case tag == "":
			child = join(at, f.Name)
		}
		if err := walkDecimals(v.Field(i), child); err != nil {
			return err
		}
	}
	return nil
}

func join(at, k string) string {
	if at == "" {
		return k
	}
	return at + "." + k
}

func name(at string) string {
	if at == "" {
		return "input"
	}
	return at
}

// numberChar reports whether c is one of the characters of a decimal number.
func numberChar(c byte) bool {
	return '0' <= c && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'
}
