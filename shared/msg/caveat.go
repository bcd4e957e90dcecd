package msg

import (
	"strings"
	"sync"
)

// The message ids of texts kept in English and found by that text: the
// cards' caveats and the notes on their figures (catalogue/catalog.txt,
// catalogue/notes.txt), and the parts of the reasons why a fact is
// unavailable (catalogue/facts.txt).
const (
	caveatPrefix = "catalog.caveat."
	notePrefix   = "catalog.note."
	reasonPrefix = "facts.reason."
	wantPrefix   = "want."
)

// byEnglish maps prefix + English text to the message id of those
// entries, built once.
var byEnglish = sync.OnceValue(func() map[string]string {
	ids := map[string]string{}
	for id, e := range catalogue {
		for _, prefix := range []string{caveatPrefix, notePrefix, reasonPrefix, wantPrefix} {
			if strings.HasPrefix(id, prefix) {
				ids[prefix+e.En] = id
			}
		}
	}
	return ids
})

// found is the message of the entry under prefix whose English is english,
// or english as written when there is none.
func found(prefix, english string) M {
	if id, ok := byEnglish()[prefix+english]; ok {
		return New(id)
	}
	return New("common.verbatim", Text(english))
}

// Caveat is the message for one of a catalogue card's Caveats (found by its
// English text), so it reads in either language; a caveat without a
// message is shown as written.
func Caveat(english string) M { return found(caveatPrefix, english) }

// Note is the message for the Note of a catalogue figure's source (found by
// its English text), so it reads in either language; a note without a
// message is shown as written.
func Note(english string) M { return found(notePrefix, english) }

// Reason is the message for one part of why a fact is unavailable (found
// by its English text, e.g. "not in the nvidia-smi -q output"), so it reads
// in either language; a part without a message (a driver's error text) is
// shown as written.
func Reason(english string) M { return found(reasonPrefix, english) }
