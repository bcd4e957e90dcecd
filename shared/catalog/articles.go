package catalog

import "github.com/gpuplan/gpuplan/shared/msg"

// The three Chinese articles (August 2026) that docs/rules.md numbers 000,
// 001 and 002, cited as a reader can find them: by title where the article
// has one, by its opening words where it has none, and by publisher where
// the article names one. The copies the project worked from carry no web
// address, so none is given; a price or spec from any other source links
// to it (TestSourcesCanBeOpened). Each citation is the English text of a
// catalogue entry (catalog.source.*), which quotes the Chinese title.
var (
	// Article000 has no title line: it is cited by its stages' heading and
	// its opening words.
	Article000 = msg.New("catalog.source.article000").String()
	// Article001 is titled in the article itself.
	Article001 = msg.New("catalog.source.article001").String()
	// Article002 has no title line: it is cited by its third section's
	// heading, and it names its publisher (jygpu.com).
	Article002 = msg.New("catalog.source.article002").String()
)
