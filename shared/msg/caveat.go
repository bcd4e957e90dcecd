package msg

import (
	"strings"
	"sync"
)

// caveatPrefix starts the message ids of the catalogue cards' caveats
// (cat_catalog.go).
const caveatPrefix = "catalog.caveat."

// caveatIDs maps a caveat's English text to its message id, built once.
var caveatIDs = sync.OnceValue(func() map[string]string {
	ids := map[string]string{}
	for id, e := range catalogue {
		if strings.HasPrefix(id, caveatPrefix) {
			ids[e.En] = id
		}
	}
	return ids
})

// Caveat is the message for one of a catalogue card's Caveats (found by its
// English text), so it reads in either language; a caveat without a
// message is shown as written.
func Caveat(english string) M {
	if id, ok := caveatIDs()[english]; ok {
		return New(id)
	}
	return New("common.verbatim", Text(english))
}
