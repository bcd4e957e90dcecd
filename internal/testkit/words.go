package testkit

import (
	"strings"
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
