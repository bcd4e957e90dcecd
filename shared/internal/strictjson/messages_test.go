package strictjson

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestMessagesAreCatalogued: every refusal of a document is a catalogue
// message, checked by msg.Check, and reads as Chinese on a Chinese page.
func TestMessagesAreCatalogued(t *testing.T) {
	var m struct {
		Extra map[string]int `json:"extra"`
	}
	deep := strings.Repeat("[", maxDepth+5) + strings.Repeat("]", maxDepth+5)
	errs := map[string]error{
		"unknown":  Decode(strings.NewReader(`{"nope":1}`), &doc{}),
		"type":     Decode(strings.NewReader(`{"count":true}`), &doc{}),
		"whole":    Decode(strings.NewReader(`{"count":1.5}`), &doc{}),
		"float":    Decode(strings.NewReader(`{"ratio":1e400}`), &doc{}),
		"string":   Decode(strings.NewReader(`{"name":5}`), &doc{}),
		"array":    Decode(strings.NewReader(`{"items":{}}`), &doc{}),
		"object":   Decode(strings.NewReader(`[]`), &doc{}),
		"uint":     Decode(strings.NewReader(`{"n":300}`), &struct{ N uint8 }{}),
		"number":   Decode(strings.NewReader(`{"s":1}`), &struct{ S []int }{}),
		"dup":      Decode(strings.NewReader(`{"count":1,"count":2}`), &doc{}),
		"case":     Decode(strings.NewReader(`{"Count":1}`), &doc{}),
		"deep":     CheckKeys([]byte(deep), &m),
		"long":     Decode(strings.NewReader(`{"ptr":`+strings.Repeat("9", 1000)+`}`), &embedded{}),
		"decimal":  Decode(strings.NewReader(`{"ptr":"1e1000000000"}`), &embedded{}),
		"entries":  CheckLengths([]byte(`{"checks": [1, 2, 3, 4]}`), map[string]int{"checks": 3}),
		"deep arr": CheckLengths([]byte(deep), nil),
	}
	for name, err := range errs {
		var fe *fielderr.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: %v is not a field error", name, err)
			continue
		}
		if msg.IsVerbatim(fe.Msg) || msg.Check(fe.Msg) != nil {
			t.Errorf("%s: %q is not a catalogue message (%v)", name, fe.Msg.String(), msg.Check(fe.Msg))
		}
		if w := testkit.EnglishPhrase(fe.Msg.In(msg.Zh)); w != "" {
			t.Errorf("%s: the Chinese %q has English words %q", name, fe.Msg.In(msg.Zh), w)
		}
	}
}

// TestMessagesInChinese: the common refusals as a Chinese reader sees them.
func TestMessagesInChinese(t *testing.T) {
	for in, want := range map[string]string{
		`{"name":5}`:    "应为 JSON 字符串，实际为数字",
		`{"count":1.5}`: "应为 -9223372036854775808 到 9223372036854775807 之间的整数，实际为 1.5",
		`{"nope":1}`:    "未知字段",
		`{"Count":1}`:   `应写作 "count"：与文档中的键只差大小写的键一律拒绝`,
	} {
		var fe *fielderr.Error
		if err := Decode(strings.NewReader(in), &doc{}); !errors.As(err, &fe) || fe.Msg.In(msg.Zh) != want {
			t.Errorf("%s: %v, want the Chinese %q", in, err, want)
		}
	}
}

// TestDocErrors: a refused document reads "input: …" in English as
// before, and in Chinese from the catalogue; only encoding/json's own
// words stay as written.
func TestDocErrors(t *testing.T) {
	for _, c := range []struct{ in, en, zh string }{
		{"", "input: empty, expected a JSON object", "输入：内容为空，应为一个 JSON 对象"},
		{`{} {}`, "input: unexpected data after the JSON document", "输入：JSON 文档之后还有多余的内容"},
		{`{"count":}`, "input: not valid JSON at byte 10: invalid character '}' looking for beginning of value", "输入：第 10 字节处不是有效的 JSON：invalid character '}' looking for beginning of value"},
		{strings.Repeat(" ", MaxInput+1), "input: larger than 1048576 bytes", "输入：超过 1048576 字节"},
	} {
		err := Decode(strings.NewReader(c.in), &doc{})
		var de *DocError
		if !errors.As(err, &de) {
			t.Errorf("%.20q: %v is not a DocError", c.in, err)
			continue
		}
		if err.Error() != c.en || de.Message().In(msg.Zh) != c.zh {
			t.Errorf("%.20q: %q / %q, want %q / %q", c.in, err.Error(), de.Message().In(msg.Zh), c.en, c.zh)
		}
		if err := msg.Check(de.Message()); err != nil {
			t.Errorf("%.20q: %v", c.in, err)
		}
	}
}
