package text

import (
	"reflect"
	"strings"
	"testing"
)

// TestMessagesComplete checks that both languages fill every message and
// that each format takes the same verbs in both, so a translation can never
// print "%!s(MISSING)".
func TestMessagesComplete(t *testing.T) {
	en := reflect.ValueOf(enMessages)
	zh := reflect.ValueOf(zhMessages)
	typ := en.Type()
	for i := range typ.NumField() {
		name := typ.Field(i).Name
		e, z := en.Field(i).String(), zh.Field(i).String()
		if e == "" || z == "" {
			t.Errorf("%s: en=%q zh=%q, want both non-empty", name, e, z)
		}
		if strings.HasSuffix(name, "F") {
			if ve, vz := verbs(e), verbs(z); ve != vz {
				t.Errorf("%s: en verbs %q, zh verbs %q", name, ve, vz)
			}
		} else if strings.Contains(e, "%") || strings.Contains(z, "%") {
			t.Errorf("%s holds a %% but is not a format (name must end in F)", name)
		}
	}
}

// verbs lists the fmt verbs of a format in order, e.g. "%s%q".
func verbs(f string) string {
	var b strings.Builder
	for i := 0; i < len(f)-1; i++ {
		if f[i] == '%' {
			b.WriteString(f[i : i+2])
			i++
		}
	}
	return b.String()
}

func TestLangFromBrowser(t *testing.T) {
	tests := []struct {
		tag  string
		want Lang
	}{
		{"zh-CN", Zh},
		{"zh", Zh},
		{"zh-TW", Zh}, // traditional readers get simplified text: the only Chinese we have
		{"ZH-cn", Zh},
		{"en-US", En},
		{"de-DE", En},
		{"", En},
	}
	for _, tt := range tests {
		if got := LangFromBrowser(tt.tag); got != tt.want {
			t.Errorf("LangFromBrowser(%q) = %q, want %q", tt.tag, got, tt.want)
		}
	}
}

// TestParseLang: ?lang= takes BCP 47 tags (RFC 5646), by their primary
// subtag; the site speaks Simplified Chinese for every zh tag.
func TestParseLang(t *testing.T) {
	for s, want := range map[string]Lang{"zh": Zh, "zh-CN": Zh, "zh-Hans": Zh, "zh-Hans-CN": Zh, "zh-TW": Zh,
		"ZH-cn": Zh, "zh_CN": Zh, "en": En, "en-US": En, "en-GB": En, "EN": En, " en ": En} {
		if l, ok := ParseLang(s); !ok || l != want {
			t.Errorf("ParseLang(%q) = %q, %v; want %q", s, l, ok, want)
		}
	}
	for _, s := range []string{"", "fr", "fr-CA", "zhx", "eng", "-en", "<script>"} {
		if l, ok := ParseLang(s); ok {
			t.Errorf("ParseLang(%q) = %q, true; want refused", s, l)
		}
	}
}

func TestLangHelpers(t *testing.T) {
	if Zh.Other() != En || En.Other() != Zh {
		t.Error("Other does not swap zh and en")
	}
	if Zh.HTMLLang() != "zh-CN" || En.HTMLLang() != "en" {
		t.Errorf("HTMLLang: zh=%q en=%q", Zh.HTMLLang(), En.HTMLLang())
	}
	if Lang("").M() != &enMessages {
		t.Error("an unknown language must fall back to English")
	}
}

// FuzzParseLang: any tag gives a site language or a refusal, never a
// panic, and what it accepts is a zh or en tag.
func FuzzParseLang(f *testing.F) {
	for _, s := range []string{"zh-CN", "en-US", "zh_Hans", "", "-", "fr"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := ParseLang(s)
		if ok && l != Zh && l != En {
			t.Fatalf("ParseLang(%q) = %q", s, l)
		}
	})
}
