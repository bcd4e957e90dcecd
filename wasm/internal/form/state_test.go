package form

import (
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

func mustQuery(t *testing.T, s string) url.Values {
	t.Helper()
	q, err := url.ParseQuery(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// in builds an Input from key/value pairs.
func in(kv ...string) Input {
	x := DefaultInput()
	for i := 0; i+1 < len(kv); i += 2 {
		x = x.With(kv[i], kv[i+1])
	}
	return x
}

// TestLoadState covers where each part of the state comes from: URL over
// storage over defaults, and the fallback with a Problem for what is refused.
func TestLoadState(t *testing.T) {
	good := `{"v":2,"lang":"en","input":{"hours_per_day":"14"}}`
	tests := []struct {
		name     string
		query    string
		stored   string
		browser  string
		lang     msg.Lang
		input    Input
		problems []Problem
	}{
		{"first visit, Chinese browser", "", "", "zh-CN", msg.Zh, in(), nil},
		{"first visit, English browser", "", "", "en-GB", msg.En, in(), nil},
		{"prerender has no browser: Chinese", "", "", "", msg.Zh, in(), nil},
		{"storage restores input and language", "", good, "zh-CN", msg.En, in("hours_per_day", "14"), nil},
		{"link wins over storage", "hours_per_day=3&lang=zh", good, "en-US", msg.Zh, in("hours_per_day", "3"), nil},
		{"link language alone keeps stored input", "lang=zh", good, "en-US", msg.Zh, in("hours_per_day", "14"), nil},
		{"campaign tags and go-app's switch are ignored", "utm_source=x&wasm=false", "", "en", msg.En, in(), nil},
		{"bad language in link falls through", "lang=fr", "", "zh", msg.Zh, in(), nil},
		{"a link of several fields", "model.preset=qwen2.5-7b&cost.items.egress=2000&lang=en", "", "", msg.En,
			in("model.preset", "qwen2.5-7b", "cost.items.egress", "2000"), nil},
		{"bad value in link: default and a notice", "hours_per_day=abc&lang=en", good, "", msg.En, in(),
			[]Problem{{Source: FromURL, Key: "hours_per_day", Value: "abc"}}},
		{"out of range in link: the plan names it", "hours_per_day=25&concurrency=8", "", "en", msg.En, in("concurrency", "8"),
			[]Problem{{Source: FromURL, Key: "hours_per_day", Value: "25", Reason: msg.New("plan.err.between_rule", msg.Text("0"), msg.Text("24"), msg.Text("B1"), msg.Text("25"))}}},
		{"unknown choice in link", "workload=mining", "", "en", msg.En, in(),
			[]Problem{{Source: FromURL, Key: "workload", Value: "mining", Default: "inference"}}},
		{"outdated link (placeholder planner)", "hours=12", "", "en", msg.En, in(),
			[]Problem{{Source: FromURL, Unknown: true, Key: "hours"}}},
		{"corrupt storage", "", "{not json", "en", msg.En, in(),
			[]Problem{{Source: FromStorage, Corrupt: true}}},
		{"storage from the placeholder planner", "", `{"v":1,"input":{"hours":"3"}}`, "en", msg.En, in(),
			[]Problem{{Source: FromStorage, Outdated: true}}},
		{"bad field in storage", "", `{"v":2,"input":{"extra_ips":"-5"}}`, "en", msg.En, in(),
			[]Problem{{Source: FromStorage, Key: "extra_ips", Value: "-5", Default: "2", Reason: msg.New("plan.err.between", msg.Text("0"), msg.Text("1000"), msg.Text("-5"))}}},
		{"corrupt storage is reported even when the link wins", "hours_per_day=2", "[]", "en", msg.En, in("hours_per_day", "2"),
			[]Problem{{Source: FromStorage, Corrupt: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := LoadState(mustQuery(t, tt.query), tt.stored, tt.browser)
			if got.Lang != tt.lang || !got.Input.Equal(tt.input) {
				t.Errorf("state = %s %v, want %s %v", got.Lang, got.Input.v, tt.lang, tt.input.v)
			}
			if !reflect.DeepEqual(problems, tt.problems) {
				t.Errorf("problems = %+v, want %+v", problems, tt.problems)
			}
		})
	}
}

// TestStateRoundTrip: the URL and the saved JSON each reproduce the state on
// their own (share link, reload), and the URL holds only what differs from
// the defaults.
func TestStateRoundTrip(t *testing.T) {
	for _, s := range []State{
		{Lang: msg.Zh, Input: in()},
		{Lang: msg.En, Input: in("hours_per_day", "12.5")},
		{Lang: msg.En, Input: in("model.preset", "", "model.params_b", "13", "cost.prices.h100-80g-sxm.monthly", "52000", "domestic_only", "true")},
	} {
		fromURL, p := LoadState(s.Query(), "", "")
		if fromURL.Lang != s.Lang || !fromURL.Input.Equal(s.Input) || p != nil {
			t.Errorf("via URL %q: %+v %v", s.Query().Encode(), fromURL, p)
		}
		fromStorage, p := LoadState(url.Values{}, s.Saved(), "")
		if fromStorage.Lang != s.Lang || !fromStorage.Input.Equal(s.Input) || p != nil {
			t.Errorf("via storage %s: %+v %v", s.Saved(), fromStorage, p)
		}
	}
	if got := (State{Lang: msg.En, Input: in("hours_per_day", "12")}).Query().Encode(); got != "hours_per_day=12&lang=en" {
		t.Errorf("Query = %q", got)
	}
	if got := (State{Lang: msg.En, Input: in("workload", "inference")}).Query().Encode(); got != "lang=en" {
		t.Errorf("a default value is written to the URL: %q", got)
	}
}

func TestProblemMessage(t *testing.T) {
	p := Problem{Source: FromURL, Key: "hours_per_day", Value: "abc"}
	want := `Hours of use per day from the link was "abc", which is not valid; the automatic value is used instead.`
	if got := p.Message(msg.En); got != want {
		t.Errorf("en = %q, want %q", got, want)
	}
	if got := p.Message(msg.Zh); !strings.Contains(got, "每天使用小时数") || !strings.Contains(got, "链接") {
		t.Errorf("zh = %q", got)
	}
	r := Problem{Source: FromStorage, Key: "extra_ips", Value: "-5", Default: "2", Reason: msg.Verbatim("must be between 0 and 1000, got -5")}
	if got := r.Message(msg.En); !strings.HasSuffix(got, "2 is used instead (must be between 0 and 1000, got -5).") {
		t.Errorf("with reason = %q", got)
	}
	for _, c := range []struct {
		p    Problem
		want string
	}{
		{Problem{Source: FromStorage, Corrupt: true}, msg.En.Text("site.page.notice_storage_corrupt")},
		{Problem{Source: FromStorage, Outdated: true}, msg.En.Text("site.page.notice_storage_outdated")},
		{Problem{Source: FromURL, Unknown: true, Key: "hours"}, `"hours" in the link is not a planner field and was ignored.`},
	} {
		if got := c.p.Message(msg.En); got != c.want {
			t.Errorf("%+v = %q, want %q", c.p, got, c.want)
		}
	}
}

func TestInputWith(t *testing.T) {
	x := DefaultInput().With("hours_per_day", "3").With("nope", "x")
	if x.Get("hours_per_day") != "3" || x.Get("nope") != "" || x.Get("workload") != "inference" {
		t.Errorf("With/Get: %+v", x.v)
	}
	if y := x.With("hours_per_day", ""); len(y.Changed()) != 0 || len(x.Changed()) != 1 {
		t.Errorf("With must copy and drop defaults: %v %v", x.v, y.v)
	}
}

// FuzzLoadState: any query and any stored text give a state whose every
// field is accepted and whose language is supported, without panicking.
func FuzzLoadState(f *testing.F) {
	f.Add("hours_per_day=12&lang=en", `{"v":2,"input":{"concurrency":"3"}}`, "zh-CN")
	f.Add("hours_per_day=%ZZ", "{", "")
	f.Add("lang=zh&model.preset=&model.params_b=1e9", `{"v":2,"lang":"xx","input":null}`, "en")
	f.Add("cost.self_build.pue=0.2&extra_ips=99999", `{"v":2,"input":{"workload":"hpc"}}`, "")
	f.Add("", `{"v":2,"input":{},"procurement":{"exit":{"contract_end":"2026-09-30","vendor":"x"}}}`, "")
	f.Add("", `{"v":2,"input":{},"procurement":{"quotes":null,"poc":{}}}`, "")
	f.Fuzz(func(t *testing.T, rawQuery, stored, browser string) {
		q, _ := url.ParseQuery(rawQuery)
		s, _ := LoadState(q, stored, browser)
		_, errs := ToRequirements(s.Input)
		if len(errs) > 0 {
			t.Fatalf("LoadState(%q, %q) kept a refused field: %v", rawQuery, stored, errs[0])
		}
		if _, ok := msg.ParseLang(string(s.Lang)); !ok {
			t.Fatalf("LoadState gave language %q", s.Lang)
		}
		if s.Proc != nil {
			if _, err := NewProcurement(s.Proc.Sections); err != nil {
				t.Fatalf("LoadState kept procurement sections plan.Build refuses: %v", err)
			}
		}
	})
}
