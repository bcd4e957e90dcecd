package msg

import (
	"strings"
	"sync"
)

// Want writes in l what a refused field accepts, the Want text of a
// fielderr.Error ("a number in (0, 24]", `one of "a" "b"`). Validators
// write it in English, since the CLI and scripts read it; Chinese readers
// get the common forms translated: a kind of value in a range, with or
// without an example, and a choice from a list, and any text a want.*
// catalogue entry writes in English. Any other text comes back as it is.
func (l Lang) Want(want string) string {
	if l != Zh {
		return want
	}
	if list, ok := strings.CutPrefix(want, "one of "); ok {
		return "以下之一：" + strings.Join(strings.Fields(list), "、")
	}
	if id, ok := wantTexts()[want]; ok {
		return New(id).In(l) // a whole Want text the catalogue writes (want.*)
	}
	rest, example, _ := strings.Cut(want, ", e.g. ")
	kind, interval, ok := cutRange(rest)
	if !ok {
		return want
	}
	noun, known := wantNouns[kind]
	if !known {
		return want
	}
	out := interval + " 之间的" + noun
	if example != "" {
		out += "，例如 " + example
	}
	return out
}

// cutRange splits "a number in (0, 24]" into "number" and "(0, 24]".
func cutRange(s string) (kind, interval string, ok bool) {
	for _, article := range []string{"a ", "an "} {
		if body, found := strings.CutPrefix(s, article); found {
			kind, interval, ok = strings.Cut(body, " in ")
			break
		}
	}
	if !ok || interval == "" || !strings.ContainsAny(interval[:1], "[(") ||
		!strings.ContainsAny(interval[len(interval)-1:], "])") {
		return "", "", false
	}
	return kind, interval, true
}

// wantNouns are the kinds of value validators name, in Chinese.
var wantNouns = map[string]string{
	"number":                  "数",
	"whole number":            "整数",
	"percentage":              "百分比",
	"whole percentage":        "整数百分比",
	"amount":                  "金额",
	"quantity":                "数量",
	"weight":                  "权重",
	"mark":                    "评分",
	"number of monthly fees":  "月租倍数",
	"GPU index":               "GPU 编号",
	"number of hours":         "小时数",
	"number of days":          "天数",
	"number of months":        "月数",
	"share":                   "比例",
	"price":                   "价格",
	"rate":                    "比率",
	"whole number of GPUs":    "GPU 整数个数",
	"whole number of months":  "整月数",
	"whole number of days":    "整天数",
	"whole number of minutes": "整分钟数",
}

// wantIDs are the want.* entries: whole Want texts validators write.
var wantIDs = []string{
	"want.bundled_extras", "want.bundled_gpu", "want.price", "want.vendor_name",
	"want.unique_quote", "want.decimal", "want.whole",
}

// wantTexts maps the English of each wantIDs entry to its id. A
// fielderr.Error carries its Want as English text, so this is the one
// place a message is still found by its English; it goes when Want
// becomes a message.
var wantTexts = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(wantIDs))
	for _, id := range wantIDs {
		m[New(id).String()] = id
	}
	return m
})
