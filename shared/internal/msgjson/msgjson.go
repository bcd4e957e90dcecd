// Package msgjson writes and reads the sentences a result's JSON carries
// twice: under one key its English text, for scripts that read the file,
// and under another its message, which renders in either language. A type
// keeps each sentence as a msg.M field tagged `json:"-"`; its JSON methods
// name the sentence's two keys once each:
//
//	func (c Check) MarshalJSON() ([]byte, error) {
//		type plain Check
//		return msgjson.Marshal(plain(c), msgjson.One("reason", "reason_message", &c.Reason))
//	}
//
//	func (c *Check) UnmarshalJSON(b []byte) error {
//		type plain Check
//		var p plain
//		if err := msgjson.Unmarshal(b, &p, msgjson.One("reason", "reason_message", &p.Reason)); err != nil {
//			return err
//		}
//		*c = Check(p)
//		return nil
//	}
//
// Marshal writes the sentences after the type's other fields. Unmarshal is
// strict (shared/internal/strictjson): an unknown, repeated or miscased
// key is refused, the sentences' keys included, and a sentence with only
// its English reads as that text (msg.FromFile). The package is apart from
// msg because strictjson reaches msg through fielderr.
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
	for _, s := range ss {
		if english, ok := s.english(); ok {
			if out, err = appendKey(out, s.key, english); err != nil {
				return nil, err
			}
		}
		if m, ok := s.message(); ok {
			if out, err = appendKey(out, s.messageKey, m); err != nil {
				return nil, err
			}
		}
	}
	return append(out, '}'), nil
}

// appendKey appends the key and JSON value to out, an object left open.
func appendKey(out []byte, key string, value any) ([]byte, error) {
	text, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	if len(out) > 1 {
		out = append(out, ',')
	}
	return append(append(append(append(out, '"'), key...), `":`...), text...), nil
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
		switch k, ok := match(ours, key); {
		case ok && k == key:
			found[key] = append(found[key], value)
			continue
		case ok:
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

// decode sets the sentence from the values found for its keys, decoded
// strictly as the keys "e" (the English) and "m" (the message) of one
// object, a key found twice written twice so that it is refused; an
// error's field is then renamed to the sentence's key.
func (s Sentence) decode(found map[string][]json.RawMessage) error {
	doc := []byte{'{'}
	for _, k := range [2][2]string{{"e", s.key}, {"m", s.messageKey}} {
		for _, raw := range found[k[1]] {
			if len(doc) > 1 {
				doc = append(doc, ',')
			}
			doc = append(append(append(doc, '"'), k[0]...), `":`...)
			doc = append(doc, raw...)
		}
	}
	doc = append(doc, '}')
	if s.list != nil {
		var w struct {
			E []string `json:"e"`
			M []msg.M  `json:"m"`
		}
		if err := strictjson.DecodeBytes(doc, &w); err != nil {
			return s.rename(err)
		}
		*s.list = msg.ListFromFile(w.E, w.M)
		return nil
	}
	var w struct {
		E string `json:"e"`
		M msg.M  `json:"m"`
	}
	if err := strictjson.DecodeBytes(doc, &w); err != nil {
		return s.rename(err)
	}
	*s.one = msg.FromFile(w.E, w.M)
	return nil
}

// rename makes a field error's path, which starts at the key "e" or "m",
// start at the sentence's key or message key instead.
func (s Sentence) rename(err error) error {
	var fe *fielderr.Error
	if !errors.As(err, &fe) {
		return err
	}
	for _, k := range [2][2]string{{"e", s.key}, {"m", s.messageKey}} {
		if rest, ok := strings.CutPrefix(fe.Field, k[0]); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			out := *fe
			out.Field = k[1] + rest
			return &out
		}
	}
	return err
}
