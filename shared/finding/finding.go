// Package finding holds what the procurement checks report: a level (red,
// amber, green, info) and a flag, one finding with the rule behind it and
// its sentence. quote, ops and contract grade with it, so the site and the
// JSON see one vocabulary of levels.
package finding

import (
	"encoding/json"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Level grades a finding.
type Level string

// The levels.
const (
	Red   Level = "red"   // breaks a rule or falls below its minimum
	Amber Level = "amber" // unclear or weaker than the rule: ask before signing
	Green Level = "green" // meets the rule
	Info  Level = "info"  // worth knowing
)

// In names the level in l (the catalogue's proc.level.<level>); a level
// the catalogue does not know, as it is.
func (v Level) In(l msg.Lang) string {
	if !msg.Known("proc.level." + string(v)) {
		return string(v)
	}
	return l.Text("proc.level." + string(v))
}

// Flag is one finding, with the rule behind it.
type Flag struct {
	Rule  string `json:"rule"`
	Level Level  `json:"level"`
	// Said is the flag's sentence; the JSON writes it as "text" (English)
	// and "message".
	msg.Said
}

// flagJSON is a Flag's JSON form: rule, level, text and message.
type flagJSON struct {
	Rule  string `json:"rule"`
	Level Level  `json:"level"`
	msg.SaidJSON
}

// MarshalJSON writes the flag with its English text.
func (f Flag) MarshalJSON() ([]byte, error) {
	return json.Marshal(flagJSON{Rule: f.Rule, Level: f.Level, SaidJSON: f.Said.JSON()})
}

// UnmarshalJSON reads what MarshalJSON writes; a flag with only its text
// reads as that text.
func (f *Flag) UnmarshalJSON(b []byte) error {
	var j flagJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*f = Flag{Rule: j.Rule, Level: j.Level, Said: j.SaidJSON.Said()}
	return nil
}

// New makes a flag from the catalogue message id with args.
func New(rule string, l Level, id string, args ...msg.Arg) Flag {
	return Flag{Rule: rule, Level: l, Said: msg.Say(msg.New(id, args...))}
}
