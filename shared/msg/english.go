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

// FromFile is the message a decoded file gives for a sentence it writes as
// english and m: m, or english as written when the file has no message (a
// file written before messages existed, or by a script).
func FromFile(english string, m M) M {
	if m.IsZero() && english != "" {
		return Verbatim(english)
	}
	return m
}

// ListFromFile is the messages a decoded file gives for sentences it
// writes as english and ms: ms, or each of english as written when the
// file has no messages.
func ListFromFile(english []string, ms []M) []M {
	if len(ms) > 0 || len(english) == 0 {
		return ms
	}
	out := make([]M, len(english))
	for i, s := range english {
		out[i] = Verbatim(s)
	}
	return out
}

// IsVerbatim reports whether m is a Verbatim message: text with no
// catalogue entry, which a file writes as its English alone.
func IsVerbatim(m M) bool { return m.ID == "common.verbatim" }
