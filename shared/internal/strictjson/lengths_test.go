package strictjson

import (
	"strings"
	"testing"
)

func TestCheckLengths(t *testing.T) {
	limits := map[string]int{"facts.gpus": 2, "nodes[].ids": 1, "checks": 3}
	for _, c := range []struct{ in, err string }{
		{`{"facts": {"gpus": [{}, {}]}, "checks": [1, 2, 3]}`, ""},
		{`{"facts": {"gpus": [{}, {"a": [1, 2, 3, 4]}, {}]}}`, "facts.gpus: more than 2 entries"},
		{`{"checks": [[], [], [], []]}`, "checks: more than 3 entries"},
		{`{"nodes": [{"ids": ["a"]}, {"ids": ["a", "b"]}]}`, "nodes[…].ids: more than 1 entries"},
		{`{"other": {"gpus": [1, 2, 3]}, "facts": {"x": [1, 2, 3], "gpus": []}}`, ""},
		{`{"facts": {"gpus": [`, ""}, // malformed: the decoder's to report
		{`[1, 2, 3]`, ""},
	} {
		err := CheckLengths([]byte(c.in), limits)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want %q", c.in, err, c.err)
		}
	}
}

func FuzzCheckLengths(f *testing.F) {
	f.Add([]byte(`{"facts": {"gpus": [{}, {"a": [1]}]}, "nodes": [{"ids": []}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = CheckLengths(data, map[string]int{"facts.gpus": 1, "nodes[].ids": 0})
	})
}
