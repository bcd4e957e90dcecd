// Package msgjson writes and reads the sentences a result's JSON carries
// twice: under one key its English text, for scripts that read the file,
// and under another its message, which renders in either language. A type whose sentences are msg.M fields tagged
// `json:"-"` writes its other fields as encoding/json does and the
// sentences after them:
//
//	func (c Check) MarshalJSON() ([]byte, error) {
//		type plain Check
//		return msgjson.Marshal(plain(c), msgjson.One("reason", "reason_message", &c.Reason))
//	}
//
// Decoding is strict (shared/internal/strictjson): an unknown or repeated
// key is refused, the sentences' keys included, and a sentence with only
// its English reads as that text (msg.FromFile). The package is apart
// from msg because strictjson reaches msg through fielderr.
package msgjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Sentence is one sentence of a value, or one list of them, and the two
// keys the JSON writes it under. Make it with One or List.
type Sentence struct {
	key, messageKey string
	one             *msg.M
	list            *[]msg.M
	omitEmpty       bool
}

// One is the sentence *m, written as key, its English, and messageKey,
// the message (left out when zero). The keys are plain JSON names.
func One(key, messageKey string, m *msg.M) Sentence {
	return Sentence{key: key, messageKey: messageKey, one: m}
}

// List is the sentences *ms, written as key, their English (null when
// there are none), and messageKey, the messages (left out when there are
// none). The keys are plain JSON names.
func List(key, messageKey string, ms *[]msg.M) Sentence {
	return Sentence{key: key, messageKey: messageKey, list: ms}
}

// OmitEmpty is s with its English left out when it is empty, as
// encoding/json's omitempty does.
func (s Sentence) OmitEmpty() Sentence {
	s.omitEmpty = true
	return s
}

// english is the English the JSON writes and whether it is written.
func (s Sentence) english() (any, bool) {
	if s.list != nil {
		if len(*s.list) == 0 {
			return []string(nil), !s.omitEmpty
		}
		return msg.Strings(msg.En, *s.list), true
	}
	text := s.one.String()
	return text, text != "" || !s.omitEmpty
}

// message is the message or messages the JSON writes and whether they
// are written.
func (s Sentence) message() (any, bool) {
	if s.list != nil {
		return *s.list, len(*s.list) > 0
	}
	return *s.one, !s.one.IsZero()
}

// Marshal is the JSON object of v, a struct, with each sentence written
// after v's fields: its English, then its message.
func Marshal(v any, ss ...Sentence) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(b) < 2 || b[0] != '{' {
		return nil, errors.New("msgjson: " + string(b) + " is not a JSON object")
	}
	out := b[:len(b)-1]
	add := func(key string, value any) error {
		text, err := json.Marshal(value)
		if err != nil {
			return err
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(append(out, '"'), key...), `":`...), text...)
		return nil
	}
	for _, s := range ss {
		if english, ok := s.english(); ok {
			if err := add(s.key, english); err != nil {
				return nil, err
			}
		}
		if m, ok := s.message(); ok {
			if err := add(s.messageKey, m); err != nil {
				return nil, err
			}
		}
	}
	return append(out, '}'), nil
}

// Unmarshal reads what Marshal writes: the sentences' keys into the
// sentences, the other keys strictly into v (a pointer to a struct whose
// sentence fields are tagged `json:"-"`). An error names the field as
// strictjson does.
func Unmarshal(b []byte, v any, ss ...Sentence) error {
	rest, found, err := split(b, ss)
	if errors.Is(err, errNotObject) {
		return strictjson.DecodeBytes(b, v) // strictjson says why, or reads null as nothing
	}
	if err != nil {
		return err
	}
	if err := strictjson.DecodeBytes(rest, v); err != nil {
		return err
	}
	for _, s := range ss {
		if err := s.decode(found); err != nil {
			return err
		}
	}
	return nil
}

// errNotObject is split's answer for a document that is not one JSON
// object.
var errNotObject = errors.New("msgjson: not a JSON object")

// split takes the values of the sentences' keys out of the object b, each
// key's values in the order written (a key written twice is refused when
// it is decoded), and returns the object of the other keys as written. It
// refuses a key that differs from a sentence's only by case.
func split(b []byte, ss []Sentence) ([]byte, map[string][]json.RawMessage, error) {
	var ours []string
	for _, s := range ss {
		ours = append(ours, s.key, s.messageKey)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, errNotObject
	}
	found := map[string][]json.RawMessage{}
	rest := []byte{'{'}
	for dec.More() {
		tok, err := dec.Token()
		key, _ := tok.(string)
		var value json.RawMessage
		if err != nil || dec.Decode(&value) != nil {
			return nil, nil, errNotObject
		}
		if k, ok := match(ours, key); ok && k == key {
			found[key] = append(found[key], value)
			continue
		} else if ok {
			return nil, nil, strictjson.Miscased(key, k)
		}
		if len(rest) > 1 {
			rest = append(rest, ',')
		}
		name, _ := json.Marshal(key)
		rest = append(append(append(rest, name...), ':'), value...)
	}
	if _, err := dec.Token(); err != nil { // '}'
		return nil, nil, errNotObject
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, errNotObject // data after the object
	}
	return append(rest, '}'), found, nil
}

// match is the key of keys that key spells, in any case.
func match(keys []string, key string) (string, bool) {
	for _, k := range keys {
		if strings.EqualFold(k, key) {
			return k, true
		}
	}
	return "", false
}

// decode sets the sentence from the values found for its keys.
func (s Sentence) decode(found map[string][]json.RawMessage) error {
	if s.list != nil {
		var english []string
		var ms []msg.M
		if err := value(found, s.key, &english); err != nil {
			return err
		}
		if err := value(found, s.messageKey, &ms); err != nil {
			return err
		}
		*s.list = msg.ListFromFile(english, ms)
		return nil
	}
	var english string
	var m msg.M
	if err := value(found, s.key, &english); err != nil {
		return err
	}
	if err := value(found, s.messageKey, &m); err != nil {
		return err
	}
	*s.one = msg.FromFile(english, m)
	return nil
}

// value decodes strictly into *v the values found for key, refusing a key
// given twice; it leaves *v alone when there are none. The values are
// decoded as those of the key "v" of an object, so an error's field path
// starts at the value, and is then renamed to start at key.
func value[T any](found map[string][]json.RawMessage, key string, v *T) error {
	values := found[key]
	if len(values) == 0 {
		return nil
	}
	doc := []byte{'{'}
	for i, raw := range values {
		if i > 0 {
			doc = append(doc, ',')
		}
		doc = append(append(doc, `"v":`...), raw...)
	}
	var w struct {
		V T `json:"v"`
	}
	if err := strictjson.DecodeBytes(append(doc, '}'), &w); err != nil {
		return rename(err, key)
	}
	*v = w.V
	return nil
}

// rename makes a field error's path, which starts at the key "v", start at
// key instead.
func rename(err error, key string) error {
	var fe *fielderr.Error
	if !errors.As(err, &fe) {
		return err
	}
	rest, ok := strings.CutPrefix(fe.Field, "v")
	if !ok || rest != "" && rest[0] != '.' && rest[0] != '[' {
		return err
	}
	out := *fe
	out.Field = key + rest
	return &out
}
