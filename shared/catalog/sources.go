package catalog

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// repoPath matches a citation of a file of this repository or of the
// project's working notes (seeds/…, research/…, fixtures/…, or a note by
// its bare file name): names that mean nothing to a reader of the site or
// the CLI, who can open only a web address or a named publication.
var repoPath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[\s(;,])(seeds|research|fixtures|docs|shared|wasm|verifier|testdata|deploy)/` +
		`|\b(sizing|tco|verifier|goapp-build|aesthetics|RULES|DESIGN)\.md\b` +
		`|\b\d{3}_[0-9a-f]{16}\.txt\b`)
})

// openable are the kinds of citation a reader can follow without a link:
// one of the three articles (by title, Article000–002), gpuplan's own
// derivation or estimate (the note shows the arithmetic), a labelled
// assumption, named press reports, or a law by its name and article.
var openable = []string{"article ", "gpuplan ", "assumption: ", "press reports ", "law "}

// CheckSource reports why a price's or a spec's source cannot be opened by
// a reader: it names a repository file, or it has neither a web address
// (https://…) nor one of the citation kinds above. Every source in the
// catalogue, the default prices, the model presets and the SLA presets
// passes it (TestSourcesCanBeOpened and its siblings).
func CheckSource(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("empty source")
	}
	if m := repoPath().FindString(s); m != "" {
		return fmt.Errorf("source %q names a repository file (%q), which a reader cannot open", clip(s), strings.TrimSpace(m))
	}
	if strings.Contains(s, "https://") {
		return nil
	}
	for _, k := range openable {
		if strings.HasPrefix(s, k) || strings.Contains(s, "; "+k) || strings.Contains(s, ", "+k) {
			return nil
		}
	}
	return fmt.Errorf("source %q has no web address (https://…) and is not an article, a gpuplan derivation, an assumption, a press report or a law", clip(s))
}

// clip shortens a source for an error message.
func clip(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}
