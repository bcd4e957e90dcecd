package text

import "github.com/gpuplan/gpuplan/shared/msg"

// FieldLabel is the label of field key (row indexes left out) of section
// sec: the journey pages' label of "<sec>:<key>", since the same path
// means different things in different sections ("cards"), else Label's.
func (l Lang) FieldLabel(sec, key string) string {
	if s, ok := l.label(labelID("journey", sec+":"+key)); ok {
		return s
	}
	return l.Label(key)
}

// HasJourneyLabel reports whether key has a label of the POC, operations,
// renewal or checklists pages.
func HasJourneyLabel(key string) bool { return msg.Known(labelID("journey", key)) }
