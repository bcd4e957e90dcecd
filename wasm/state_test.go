package main

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func mustQuery(t *testing.T, s string) url.Values {
	t.Helper()
	q, err := url.ParseQuery(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestLoadState covers where each part of the state comes from: URL over
// storage over defaults, and the fallback with a Problem for what is refused.
func TestLoadState(t *testing.T) {
	good := `{"v":1,"lang":"en","input":{"hours":"14"}}`
	tests := []struct {
		name     string
		query    string
		stored   string
		browser  string
		want     State
		problems []Problem
	}{
		{"first visit, Chinese browser", "", "", "zh-CN",
			State{Zh, Input{"8"}}, nil},
		{"first visit, English browser", "", "", "en-GB",
			State{En, Input{"8"}}, nil},
		{"prerender has no browser: Chinese", "", "", "",
			State{Zh, Input{"8"}}, nil},
		{"storage restores input and language", "", good, "zh-CN",
			State{En, Input{"14"}}, nil},
		{"link wins over storage", "hours=3&lang=zh", good, "en-US",
			State{Zh, Input{"3"}}, nil},
		{"link language alone keeps stored input", "lang=zh", good, "en-US",
			State{Zh, Input{"14"}}, nil},
		{"unknown parameters are ignored", "utm_source=x&wasm=false", "", "en",
			State{En, Input{"8"}}, nil},
		{"bad language in link falls through", "lang=fr", "", "zh",
			State{Zh, Input{"8"}}, nil},
		{"bad value in link: default and a notice", "hours=abc&lang=en", good, "",
			State{En, Input{"8"}},
			[]Problem{{Source: FromURL, Key: "hours", Value: "abc", Default: "8"}}},
		{"out of range in link", "hours=25", "", "en",
			State{En, Input{"8"}},
			[]Problem{{Source: FromURL, Key: "hours", Value: "25", Default: "8"}}},
		{"empty value in link", "hours=", "", "en",
			State{En, Input{"8"}},
			[]Problem{{Source: FromURL, Key: "hours", Value: "", Default: "8"}}},
		{"corrupt storage", "", "{not json", "en",
			State{En, Input{"8"}},
			[]Problem{{Source: FromStorage, Corrupt: true}}},
		{"storage from a future version", "", `{"v":2,"input":{"hours":"3"}}`, "en",
			State{En, Input{"8"}},
			[]Problem{{Source: FromStorage, Corrupt: true}}},
		{"bad field in storage", "", `{"v":1,"input":{"hours":"-5"}}`, "en",
			State{En, Input{"8"}},
			[]Problem{{Source: FromStorage, Key: "hours", Value: "-5", Default: "8"}}},
		{"corrupt storage is reported even when the link wins", "hours=2", "[]", "en",
			State{En, Input{"2"}},
			[]Problem{{Source: FromStorage, Corrupt: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := LoadState(mustQuery(t, tt.query), tt.stored, tt.browser)
			if got != tt.want {
				t.Errorf("state = %+v, want %+v", got, tt.want)
			}
			if !reflect.DeepEqual(problems, tt.problems) {
				t.Errorf("problems = %+v, want %+v", problems, tt.problems)
			}
		})
	}
}

// TestStateRoundTrip: the URL and the saved JSON each reproduce the state on
// their own (share link, reload).
func TestStateRoundTrip(t *testing.T) {
	for _, s := range []State{{Zh, Input{"8"}}, {En, Input{"12.5"}}, {En, Input{"0"}}} {
		fromURL, p := LoadState(s.Query(), "", "")
		if fromURL != s || p != nil {
			t.Errorf("via URL %q: %+v %v, want %+v", s.Query().Encode(), fromURL, p, s)
		}
		fromStorage, p := LoadState(url.Values{}, s.Saved(), "")
		if fromStorage != s || p != nil {
			t.Errorf("via storage %s: %+v %v, want %+v", s.Saved(), fromStorage, p, s)
		}
	}
	if got := (State{En, Input{"12"}}).Query().Encode(); got != "hours=12&lang=en" {
		t.Errorf("Query = %q", got)
	}
}

func TestProblemMessage(t *testing.T) {
	p := Problem{Source: FromURL, Key: "hours", Value: "abc", Default: "8"}
	want := `Hours of use per day from the link was "abc", which is not valid; the default 8 is used instead.`
	if got := p.Message(En.M()); got != want {
		t.Errorf("en = %q, want %q", got, want)
	}
	if got := p.Message(Zh.M()); !strings.Contains(got, "每天使用小时数") || !strings.Contains(got, "链接") {
		t.Errorf("zh = %q", got)
	}
	c := Problem{Source: FromStorage, Corrupt: true}
	if got := c.Message(En.M()); got != En.M().NoticeStorageCorrupt {
		t.Errorf("corrupt = %q", got)
	}
}

func TestInputWith(t *testing.T) {
	in := DefaultInput().With("hours", "3").With("nope", "x")
	if in.Get("hours") != "3" || in.Get("nope") != "" {
		t.Errorf("With/Get: %+v", in)
	}
}

// FuzzLoadState: any query and any stored text give a state whose input is
// valid and whose language is supported, without panicking.
func FuzzLoadState(f *testing.F) {
	f.Add("hours=12&lang=en", `{"v":1,"input":{"hours":"3"}}`, "zh-CN")
	f.Add("hours=%ZZ", "{", "")
	f.Add("lang=zh&hours=1e9", `{"v":1,"lang":"xx","input":null}`, "en")
	f.Fuzz(func(t *testing.T, rawQuery, stored, browser string) {
		q, _ := url.ParseQuery(rawQuery)
		s, _ := LoadState(q, stored, browser)
		if errs := s.Input.Errors(); len(errs) > 0 {
			t.Fatalf("LoadState(%q, %q) kept invalid input: %v", rawQuery, stored, errs[0])
		}
		if _, ok := ParseLang(string(s.Lang)); !ok {
			t.Fatalf("LoadState gave language %q", s.Lang)
		}
	})
}
