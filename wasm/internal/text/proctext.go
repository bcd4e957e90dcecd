package text

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// SentenceGap separates consecutive sentences: a space in English, none
// in Chinese.
func SentenceGap(l Lang) string {
	if l == Zh {
		return ""
	}
	return " "
}

// labelKey turns a label key into the tail of its catalogue id: "[]"
// (a list's rows) becomes "+", ":" becomes "/".
var labelKey = strings.NewReplacer("[]", "+", ":", "/")

// labelID is the catalogue id of key's label in family ("proc" for the
// quotes, vendors and contract pages, "journey" for the POC, operations,
// renewal and checklists pages): site.label.<family>.<key>.
func labelID(family, key string) string { return "site.label." + family + "." + labelKey.Replace(key) }

// label is the label of id in l, and whether the catalogue has one.
func (l Lang) label(id string) (string, bool) {
	if !msg.Known(id) {
		return "", false
	}
	return l.Msg().Text(id), true
}

// Label returns the label of a section field or choice in language l: the
// procurement pages' label of key, else the journey pages', else key.
func (l Lang) Label(key string) string {
	if s, ok := l.label(labelID("proc", key)); ok {
		return s
	}
	if s, ok := l.label(labelID("journey", key)); ok {
		return s
	}
	return key
}

// HasProcLabel reports whether key has a label of the procurement pages in
// both languages (the form tests check every field against it).
func HasProcLabel(key string) bool { return msg.Known(labelID("proc", key)) }
