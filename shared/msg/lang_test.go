package msg

import (
	"errors"
	"fmt"
	"testing"
)

// The site reads ?lang= and the browser's language as BCP 47 tags
// (RFC 5646); gpuverify's --lang takes the same.
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

func TestFromTag(t *testing.T) {
	tests := []struct {
		tag  string
		want Lang
	}{
		{"zh-CN", Zh},
		{"zh", Zh},
		{"zh-TW", Zh}, // traditional readers get simplified text: the only Chinese there is
		{"ZH-cn", Zh},
		{"en-US", En},
		{"de-DE", En},
		{"", En},
	}
	for _, tt := range tests {
		if got := FromTag(tt.tag); got != tt.want {
			t.Errorf("FromTag(%q) = %q, want %q", tt.tag, got, tt.want)
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
	if got := Zh.JoinList([]string{"上下文长度", "并发数", "项目周期"}); got != "上下文长度、并发数、项目周期" {
		t.Errorf("zh list %q", got)
	}
	if got := En.JoinList([]string{"a", "b"}); got != "a, b" {
		t.Errorf("en list %q", got)
	}
	if Zh.Gap() != "" || En.Gap() != " " {
		t.Errorf("Gap: zh=%q en=%q", Zh.Gap(), En.Gap())
	}
}

// msgErr is an error carrying a message, as the form's errors do.
type msgErr struct{ m M }

func (e msgErr) Error() string { return e.m.String() }
func (e msgErr) Message() M    { return e.m }

func TestErr(t *testing.T) {
	wrapped := fmt.Errorf("saving: %w", msgErr{New("want.one_of", Text("zh, en"))})
	if got, want := Zh.Err(wrapped), New("want.one_of", Text("zh, en")).In(Zh); got != want || got == En.Err(wrapped) {
		t.Errorf("Zh.Err = %q, want %q (and unlike the English)", got, want)
	}
	if got := Zh.Err(errors.New("disk full")); got != "disk full" {
		t.Errorf("a plain error = %q, want its text", got)
	}
}

func FuzzParseLang(f *testing.F) {
	for _, s := range []string{"zh-CN", "en-US", "zh_Hans", "", "-", "fr"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := ParseLang(s)
		if ok != (l != "") || (ok && l != Zh && l != En) {
			t.Fatalf("ParseLang(%q) = %q, %v", s, l, ok)
		}
	})
}

// TestParams: a parameter count reads as each language writes it:
// billions in English, 亿 in Chinese ("70.55 十亿参数" was neither).
func TestParams(t *testing.T) {
	for _, c := range []struct {
		b      float64
		en, zh string
	}{{70.554, "70.55", "705.5"}, {8.03, "8.03", "80.3"}, {405.85, "405.85", "4058.5"}, {7, "7", "70"}, {671.026, "671.03", "6710.3"}} {
		if got := En.Params(c.b); got != c.en {
			t.Errorf("en %v = %q, want %q", c.b, got, c.en)
		}
		if got := Zh.Params(c.b); got != c.zh {
			t.Errorf("zh %v = %q, want %q", c.b, got, c.zh)
		}
	}
}
