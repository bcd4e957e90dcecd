package testkit

import (
	"slices"
	"testing"
)

// TestNoEnglish: a line with an English word fails once, naming the word
// and the line; the data passed in are taken out first; units and names
// in capitals pass.
func TestNoEnglish(t *testing.T) {
	for _, tt := range []struct {
		text string
		data []string
		want []string
	}{
		{"可用性 99.9%\n每卡 80 GB，PCIe", nil, nil},
		{"供应商 Big Cloud 报价\n合计 12 units", []string{"Big Cloud"}, []string{`English ["units"] left in "合计 12 units"`}},
		{"供应商 Big Cloud 报价", nil, []string{`English ["Big" "Cloud"] left in "供应商 Big Cloud 报价"`}},
		{"来源 nvidia-smi", []string{"", "nvidia-smi"}, nil},
	} {
		r := &recorder{TB: t}
		NoEnglish(r, tt.text, tt.data...)
		if !slices.Equal(r.failures, tt.want) {
			t.Errorf("NoEnglish(%q, %q) failed with %q, want %q", tt.text, tt.data, r.failures, tt.want)
		}
	}
}

// TestEnglishPhrase: two English words in a row are found in a Chinese
// sentence, the refusal seen on the site ("应为 absent when …"); quoted
// values, single words and rule ids are not.
func TestEnglishPhrase(t *testing.T) {
	cases := map[string]string{
		"应为 absent when egress, storage or ips are priced": "absent when",
		`填的是“x”，应为 "not a number" 之外的值`:                    "",
		"应在 0 到 24 之间（规则 B1），填的是 25":                       "",
		"model.params_b 应为 JSON 数字":                        "",
		"Ok 单词 then two words":                             "then two",
	}
	for in, want := range cases {
		if got := EnglishPhrase(in); got != want {
			t.Errorf("EnglishPhrase(%q) = %q, want %q", in, got, want)
		}
	}
}
