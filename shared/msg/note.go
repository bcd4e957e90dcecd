package msg

import (
	"strings"
	"sync"
)

// notePrefix starts the message ids of the notes on the catalogue's figures
// (cat_notes.go).
const notePrefix = "catalog.note."

// noteIDs maps a note's English text to its message id, built once.
var noteIDs = sync.OnceValue(func() map[string]string {
	ids := map[string]string{}
	for id, e := range catalogue {
		if strings.HasPrefix(id, notePrefix) {
			ids[e.En] = id
		}
	}
	return ids
})

// Note is the message for the Note of a catalogue figure's source (found by
// its English text), so it reads in either language; a note without a
// message is shown as written.
func Note(english string) M {
	if id, ok := noteIDs()[english]; ok {
		return New(id)
	}
	return New("common.verbatim", Text(english))
}
