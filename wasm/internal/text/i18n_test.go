package text

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

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
	if Lang("").Msg() != msg.En {
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
