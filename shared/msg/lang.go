package msg

import (
	"errors"
	"strings"
)

// Lang is a language messages render in; its value is what the site's
// ?lang= and gpuverify's --lang carry.
type Lang string

// The two languages of the catalogue.
const (
	Zh Lang = "zh" // Simplified Chinese (zh-CN)
	En Lang = "en" // English
)

// ParseLang reads a BCP 47 language tag (RFC 5646) and reports whether
// it names one of the two languages: its primary subtag decides, in any
// case, so "zh", "zh-CN", "zh-Hans", "zh-TW" and "ZH_cn" give Zh, and
// "en", "en-US" and "en-GB" give En (Traditional Chinese readers get the
// Simplified text, the only Chinese there is). Anything else is refused.
func ParseLang(s string) (Lang, bool) {
	primary, _, _ := strings.Cut(strings.TrimSpace(s), "-")
	primary, _, _ = strings.Cut(primary, "_")
	switch strings.ToLower(primary) {
	case "zh":
		return Zh, true
	case "en":
		return En, true
	}
	return "", false
}

// FromTag is the language for a browser's language tag
// (navigator.language): Zh for any Chinese tag, En for every other.
func FromTag(tag string) Lang {
	if l, ok := ParseLang(tag); ok {
		return l
	}
	return En
}

// FromEnv picks the language from the locale variables, in POSIX order of
// precedence: LC_ALL, then LC_MESSAGES, then LANG; the first one set
// decides. A value starting "zh" gives Zh, any other (or none) En.
func FromEnv(getenv func(string) string) Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "zh") {
				return Zh
			}
			return En
		}
	}
	return En
}

// HTMLLang is the tag for the lang attribute of a page in l: "zh-CN" or
// "en".
func (l Lang) HTMLLang() string {
	if l == Zh {
		return "zh-CN"
	}
	return "en"
}

// Other is the other language: the one a language switch offers.
func (l Lang) Other() Lang {
	if l == Zh {
		return En
	}
	return Zh
}

// JoinList joins items as a list reads in l: "上下文长度、并发数" in
// Chinese, "a, b" in English.
func (l Lang) JoinList(items []string) string {
	if l == Zh {
		return strings.Join(items, "、")
	}
	return strings.Join(items, ", ")
}

// Gap is what separates two sentences in l: nothing after a Chinese full
// stop, one space in English.
func (l Lang) Gap() string {
	if l == Zh {
		return ""
	}
	return " "
}

// messager is an error that carries its message (money.FieldError and
// the form's errors do).
type messager interface{ Message() M }

// Err renders err in l: its message when it carries one, else its text.
func (l Lang) Err(err error) string {
	var m messager
	if errors.As(err, &m) {
		return m.Message().In(l)
	}
	return err.Error()
}
