package msg

// Said is a sentence a result carries: its message, which renders in
// either language. A result's JSON writes it as two keys, "text" (the
// English, for scripts that read the file) and "message"; a type that
// embeds Said writes them with SaidJSON at encoding time, since Said itself
// has no JSON form.
type Said struct {
	// Message is the sentence.
	Message M `json:"-"`
}

// Say makes the Said of a catalogue message.
func Say(m M) Said { return Said{Message: m} }

// In renders the sentence in l.
func (s Said) In(l Lang) string { return s.Message.In(l) }

// SaidJSON is the JSON form of a Said, which a type that embeds Said
// embeds in its encoding in the Said's place: "text", the English, and
// "message", the message.
type SaidJSON struct {
	Text    string `json:"text"`
	Message M      `json:"message,omitzero"`
}

// JSON is the JSON form of s, its English written now.
func (s Said) JSON() SaidJSON { return SaidJSON{Text: s.Message.String(), Message: s.Message} }

// Said is the sentence a decoded SaidJSON holds: its message, or its text
// as written when the file has no message (a file written before messages
// existed).
func (j SaidJSON) Said() Said { return Said{Message: FromFile(j.Text, j.Message)} }
