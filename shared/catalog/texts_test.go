package catalog

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestCaveatsTranslated fails when a card's caveat has no message, so it
// would read in English on the Chinese page (issue 15).
func TestCaveatsTranslated(t *testing.T) {
	for _, c := range All() {
		for _, cv := range c.Caveats {
			m := msg.Caveat(cv)
			if m.ID == "common.verbatim" {
				t.Errorf("%s: caveat %q has no message in shared/msg/cat_catalog.go", c.ID, cv)
			}
			if m.String() != cv {
				t.Errorf("%s: English %q differs from the caveat %q", c.ID, m.String(), cv)
			}
		}
	}
	if got := msg.Caveat("something new").In(msg.Zh); got != "something new" {
		t.Errorf("unknown caveat in zh = %q, want it as written", got)
	}
}
