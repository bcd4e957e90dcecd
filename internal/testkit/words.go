package testkit

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// EnglishWords lists the English words in s, for tests that a Chinese
// rendering has none left: runs of three or more ASCII letters, all lower
// case after the first, so units ("GB") and names ("RoCE", "PCIe") stay
// as they are in Chinese text.
func EnglishWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r >= 128 || !unicode.IsLetter(r) }) {
		if len(w) >= 3 && strings.ToLower(w[1:]) == w[1:] {
			out = append(out, w)
		}
	}
	return out
}

// NoEnglish fails t once for every line of text, a Chinese rendering, that
// holds an English word (EnglishWords) once each of data is taken out: the
// names, units and readings the text quotes as they were given.
func NoEnglish(t testing.TB, text string, data ...string) {
	t.Helper()
	for _, d := range data {
		if d != "" {
			text = strings.ReplaceAll(text, d, "")
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if w := EnglishWords(line); len(w) > 0 {
			t.Errorf("English %q left in %q", w, line)
		}
	}
}

// englishPhrase is two English words in a row; quotedValue a quoted value.
var (
	englishPhrase = regexp.MustCompile(`[A-Za-z]{2,} [A-Za-z]{2,}`)
	quotedValue   = regexp.MustCompile(`"[^"]*"`)
)

// EnglishPhrase returns the first two English words in a row in s, a
// Chinese sentence, once its quoted values (written as the input had
// them) are taken out; "" when there is none. A Chinese refusal may hold
// field names, ids, numbers, rule ids and quoted values, never an English
// phrase.
func EnglishPhrase(s string) string {
	return englishPhrase.FindString(quotedValue.ReplaceAllString(s, `""`))
}
