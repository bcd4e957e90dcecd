package catalog

import (
	"errors"
	"fmt"
	"strings"
)

// repoDirs are the folders of this repository and of the project's working
// notes; repoNotes are the notes cited by their bare file name, "sizing.md".
var (
	repoDirs  = []string{"seeds", "research", "fixtures", "docs", "shared", "wasm", "verifier", "testdata", "deploy"}
	repoNotes = []string{"sizing", "tco", "verifier", "goapp-build", "aesthetics", "RULES", "DESIGN"}
)

// repoPath returns the first citation in s of a file of this repository or
// of the project's working notes, or "" when there is none: names that mean
// nothing to a reader of the site or the CLI, who can open only a web
// address or a named publication. A citation is one of repoDirs and "/" at
// the start of s or after white space, "(", ";" or "," (then it begins
// with that byte); one of repoNotes and ".md" as a whole word; or a seed's
// file name as a whole word, "042_0123456789abcdef.txt".
func repoPath(s string) string {
	for i := range len(s) {
		if m := repoPathAt(s, i); m != "" {
			return m
		}
	}
	return ""
}

// repoPathAt returns the citation that begins at s[i], or "".
func repoPathAt(s string, i int) string {
	if n := dirLen(s[i:]); i == 0 && n > 0 {
		return s[:n]
	}
	if n := dirLen(s[i+1:]); strings.IndexByte("\t\n\f\r (;,", s[i]) >= 0 && n > 0 {
		return s[i : i+1+n]
	}
	if i > 0 && isWordByte(s[i-1]) {
		return ""
	}
	rest := s[i:]
	for _, w := range repoNotes {
		if n := len(w) + len(".md"); strings.HasPrefix(rest, w+".md") && wordEnds(rest, n) {
			return rest[:n]
		}
	}
	if n := len("042_0123456789abcdef.txt"); isSeedName(rest) && wordEnds(rest, n) {
		return rest[:n]
	}
	return ""
}

// dirLen returns the length of the folder of repoDirs and "/" that s
// begins with, or 0.
func dirLen(s string) int {
	for _, d := range repoDirs {
		if len(s) > len(d) && s[len(d)] == '/' && strings.HasPrefix(s, d) {
			return len(d) + 1
		}
	}
	return 0
}

// isSeedName reports whether s begins with a seed's file name: three
// digits, "_", sixteen lower-case hex digits and ".txt".
func isSeedName(s string) bool {
	if len(s) < len("042_0123456789abcdef.txt") || s[3] != '_' || s[20:24] != ".txt" {
		return false
	}
	for i, c := range []byte(s[:20]) {
		hex := i > 3 && 'a' <= c && c <= 'f'
		if i != 3 && !('0' <= c && c <= '9') && !hex {
			return false
		}
	}
	return true
}

// wordEnds reports whether a word of s ends at s[n]: s ends there or s[n]
// is not an ASCII letter, digit or "_".
func wordEnds(s string, n int) bool { return n == len(s) || !isWordByte(s[n]) }

// isWordByte reports whether c is an ASCII letter, digit or "_", a word
// byte as regexp's \b means it.
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

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
	if m := repoPath(s); m != "" {
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
