package msg

// Said is a sentence a result carries both ways: Text in English, for
// scripts that read the JSON, and Message, which renders in either
// language. Embedded in a result type, its fields sit at the top of the
// type's JSON ("text", "message").
type Said struct {
	// Text is the sentence in English.
	Text string `json:"text"`
	// Message is the same sentence as a message; zero in files written
	// before messages existed.
	Message M `json:"message,omitzero"`
}

// Say makes the Said of a catalogue message, with its English text.
func Say(m M) Said { return Said{Text: m.String(), Message: m} }

// In renders the sentence in l: the message, or the English text when
// there is none.
func (s Said) In(l Lang) string {
	if s.Message.IsZero() {
		return s.Text
	}
	return s.Message.In(l)
}
