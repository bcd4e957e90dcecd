package text

import (
	"errors"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Lang is a user-interface language. The site speaks Simplified Chinese and
// English; the value is what ?lang= carries in the URL.
type Lang string

// The two supported languages.
const (
	Zh Lang = "zh"
	En Lang = "en"
)

// ParseLang reads a BCP 47 language tag (RFC 5646) and reports whether
// the site speaks it: any tag whose primary subtag is zh ("zh", "zh-CN",
// "zh-Hans", "zh-TW", "zh_CN") gives Zh, the site's Simplified Chinese;
// any en tag ("en", "en-US", "en-GB") gives En. Case does not matter.
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

// LangFromBrowser maps a navigator.language tag ("zh-CN", "en-US", ...) to a
// site language: any zh* tag gives Zh, everything else En.
func LangFromBrowser(tag string) Lang {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(tag)), "zh") {
		return Zh
	}
	return En
}

// HTMLLang is the value for <html lang>.
func (l Lang) HTMLLang() string {
	if l == Zh {
		return "zh-CN"
	}
	return "en"
}

// Other is the language the switch offers.
func (l Lang) Other() Lang {
	if l == Zh {
		return En
	}
	return Zh
}

// Msg is l as a shared/msg language, for rendering the core's messages.
func (l Lang) Msg() msg.Lang {
	if l == Zh {
		return msg.Zh
	}
	return msg.En
}

// T renders a core message in l.
func (l Lang) T(m msg.M) string { return m.In(l.Msg()) }

// Ts renders core messages in l.
func (l Lang) Ts(ms []msg.M) []string { return msg.Strings(l.Msg(), ms) }

// messager is an error that carries its text as a message
// (sizing.NoCardError).
type messager interface{ Message() msg.M }

// ErrText is err's text in l: its message when it carries one, else its
// English text.
func (l Lang) ErrText(err error) string {
	var m messager
	if errors.As(err, &m) {
		return l.T(m.Message())
	}
	return err.Error()
}
