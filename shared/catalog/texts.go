package catalog

import (
	"strings"
	"sync"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// caveatPrefix starts the message ids of the cards' caveats.
const caveatPrefix = "catalog.caveat."

// caveatIDs maps a caveat's English text to its message id, built once.
var caveatIDs = sync.OnceValue(func() map[string]string {
	ids := map[string]string{}
	for _, id := range msg.IDs() {
		if strings.HasPrefix(id, caveatPrefix) {
			t, _ := msg.Lookup(id)
			ids[t.En] = id
		}
	}
	return ids
})

// CaveatText is the message for one of a card's Caveats, so it reads in
// either language; a caveat without a message is shown as written.
func CaveatText(caveat string) msg.M {
	if id, ok := caveatIDs()[caveat]; ok {
		return msg.New(id)
	}
	return msg.New("common.verbatim", msg.Text(caveat))
}
