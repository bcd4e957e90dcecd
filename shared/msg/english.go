package msg

import "encoding/json"

// Verbatim is the message that writes s as given in every language: a text
// that has no catalogue entry, such as a driver's error or a sentence read
// back from a file that carries only its English.
func Verbatim(s string) M { return New("common.verbatim", Text(s)) }

// English is a message that a file format writes as its English text, a
// JSON string, for scripts that read the file; the message itself renders
// in either language. Decoded from a file, the string comes back as
// Verbatim text, since a file that carries only English names no message.
type English struct {
	M
}

// EnglishOf is m, written in files as its English text.
func EnglishOf(m M) English { return English{M: m} }

// MarshalJSON writes the English text.
func (e English) MarshalJSON() ([]byte, error) { return json.Marshal(e.String()) }

// UnmarshalJSON reads an English text as Verbatim; "" is the zero message.
func (e *English) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	e.M = M{}
	if s != "" {
		e.M = Verbatim(s)
	}
	return nil
}
