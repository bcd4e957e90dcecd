// Package finding holds what the procurement checks report: a level (red,
// amber, green, info) and a flag, one finding with the rule behind it and
// its sentence. quote, ops and contract grade with it, so the site and the
// JSON see one vocabulary of levels.
package finding

import "github.com/gpuplan/gpuplan/shared/msg"

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
	// Said is the flag in English (text) and as a message.
	msg.Said
}

// New makes a flag from the catalogue message id with args, with its
// English text.
func New(rule string, l Level, id string, args ...msg.Arg) Flag {
	return Flag{Rule: rule, Level: l, Said: msg.Say(msg.New(id, args...))}
}
