package msg

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/shopspring/decimal"
)

// TestCatalogueComplete fails when a message lacks either language, when
// the two formats use different arguments, or when a format has a broken
// placeholder: every sentence exists in zh-CN and en.
func TestCatalogueComplete(t *testing.T) {
	if len(IDs()) == 0 {
		t.Fatal("empty catalogue")
	}
	for _, id := range IDs() {
		e, _ := Lookup(id)
		if strings.TrimSpace(e.En) == "" || strings.TrimSpace(e.Zh) == "" {
			t.Errorf("%s: missing a language: en %q, zh %q", id, e.En, e.Zh)
			continue
		}
		if a, b := argSet(e.En), argSet(e.Zh); a != b {
			t.Errorf("%s: en uses arguments %s, zh %s", id, a, b)
		}
		for _, f := range []string{e.En, e.Zh} {
			if err := wellFormed(f); err != "" {
				t.Errorf("%s: %q: %s", id, f, err)
			}
		}
		if hasLetters(stripPlaceholders(e.En)) && !hasCJK(e.Zh) && !technical[id] {
			t.Errorf("%s: zh %q has no Chinese: not translated?", id, e.Zh)
		}
	}
}

// technical are entries that read the same in both languages: names of
// number formats, the product's name, a file name and the unit "token",
// which Chinese writes in Latin letters.
var technical = map[string]bool{"enum.precision.int4": true, "enum.precision.int8": true,
	"site.page.site_name": true, "site.page.signers_label": true, "site.page.u_tokens": true}

// argSet writes the set of argument indexes a format uses, e.g. "0,2".
func argSet(f string) string {
	seen := map[int]bool{}
	for _, i := range placeholders(f) {
		seen[i] = true
	}
	var b strings.Builder
	for i := range 100 {
		if seen[i] {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i))
		}
	}
	return "{" + b.String() + "}"
}

// wellFormed finds a "{" followed by a digit that is not a placeholder.
func wellFormed(f string) string {
	for i := 0; i < len(f)-1; i++ {
		if f[i] == '{' && f[i+1] >= '0' && f[i+1] <= '9' {
			if _, n := parsePlaceholder(f[i:]); n == 0 {
				return "broken placeholder at byte " + strconv.Itoa(i)
			}
		}
	}
	return ""
}

func stripPlaceholders(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] == '{' {
			if _, n := parsePlaceholder(f[i:]); n > 0 {
				i += n - 1
				continue
			}
		}
		b.WriteByte(f[i])
	}
	return b.String()
}

// hasLetters reports an English word in s: three or more ASCII letters,
// all lower case after the first (units such as "GB" and names such as
// "RoCE" or "PCIe" stay as they are in Chinese).
func hasLetters(s string) bool { return len(testkit.EnglishWords(s)) > 0 }

func hasCJK(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// TestMoney checks the one money rule of both languages (万 from
// 10,000 up, a range in the unit of its larger end).
func TestMoney(t *testing.T) {
	cases := []struct {
		in     string
		en, zh string
	}{
		{"58200", "¥58,200", "5.82万元"},
		{"60000", "¥60,000", "6万元"},
		{"9999.6", "¥10,000", "1万元"},
		{"2500", "¥2,500", "2,500元"},
		{"1200.50", "¥1,201", "1,201元"},
		{"12.5", "¥12.50", "12.50元"},
		{"12", "¥12", "12元"},
		{"0", "¥0", "0元"},
		{"-5", "-¥5", "-5元"},
		{"123456789", "¥123,456,789", "1.23亿元"},
		{"99999999", "¥99,999,999", "1亿元"},
		{"276364200", "¥276,364,200", "2.76亿元"},
	}
	for _, c := range cases {
		if got := En.Money(d(c.in)); got != c.en {
			t.Errorf("En.Money(%s) = %q, want %q", c.in, got, c.en)
		}
		if got := Zh.Money(d(c.in)); got != c.zh {
			t.Errorf("Zh.Money(%s) = %q, want %q", c.in, got, c.zh)
		}
	}
}

func TestMoneyRange(t *testing.T) {
	cases := []struct {
		lo, hi string
		en, zh string
	}{
		{"14723", "38833", "¥14,723–38,833", "1.47万–3.88万元"},
		{"2500", "4000", "¥2,500–4,000", "2,500–4,000元"},
		{"9600", "14400", "¥9,600–14,400", "0.96万–1.44万元"},
		{"20000", "60000", "¥20,000–60,000", "2万–6万元"},
		{"33600", "33600.4", "¥33,600", "3.36万元"},
		{"5", "5", "¥5", "5元"},
		{"0.3", "1", "¥0.30–1.00", "0.30–1.00元"},
		{"-5", "5", "-¥5–5", "-5–5元"},
		{"33623000", "276364200", "¥33,623,000–276,364,200", "0.34亿–2.76亿元"},
	}
	for _, c := range cases {
		if got := En.MoneyRange(d(c.lo), d(c.hi)); got != c.en {
			t.Errorf("En.MoneyRange(%s, %s) = %q, want %q", c.lo, c.hi, got, c.en)
		}
		if got := Zh.MoneyRange(d(c.lo), d(c.hi)); got != c.zh {
			t.Errorf("Zh.MoneyRange(%s, %s) = %q, want %q", c.lo, c.hi, got, c.zh)
		}
	}
}

// TestNumbers checks figures, collapsing ranges ("33.6 tokens/s",
// not "33.6–33.6"), percentages, decimals and dates.
func TestNumbers(t *testing.T) {
	cases := []struct{ got, want string }{
		{En.Int(1234567), "1,234,567"},
		{En.Int(-1000), "-1,000"},
		{En.Num(33.64, 1), "33.6"},
		{En.Num(-0.01, 1), "0.0"},
		{En.Num(math.Inf(1), 1), "?"},
		{En.NumRange(33.61, 33.64, 1), "33.6"},
		{New("common.verbatim", Fig(2.5)).String(), "2.5"},
		{New("common.verbatim", Fig(16384)).String(), "16,384"},
		{En.NumRange(30.2, 36.9, 1), "30.2–36.9"},
		{En.Percent(d("0.155")), "15.5%"},
		{En.Percent(d("0.1")), "10%"},
		{En.Percent(d("0.0549")), "5.5%"},
		{En.Dec(d("7.50")), "7.5"},
		{En.Dec(d("12000")), "12,000"},
		{En.Date("2026"), "2026"},
		{En.Date("2026-06"), "June 2026"},
		{En.Date("2026-06-01"), "1 June 2026"},
		{Zh.Date("2026-06"), "2026年6月"},
		{Zh.Date("2026-06-01"), "2026年6月1日"},
		{En.Date("2026-13"), "2026-13"},
		{En.Date("entered"), "entered"},
		{Zh.Date(""), ""},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: got %q, want %q", i, c.got, c.want)
		}
	}
}

// TestRender checks plurals, labels, nested messages and hostile input.
func TestRender(t *testing.T) {
	cases := []struct {
		m      M
		en, zh string
	}{
		{New("common.problems", Int(1)), "1 problem", "1 个问题"},
		{New("common.problems", Int(2)), "2 problems", "2 个问题"},
		{New("common.problems", Int(0)), "0 problems", "0 个问题"},
		{New("common.seq", Label("mode.hourly"), Text("x")), "hourly x", "按小时计费x"},
		{New("common.list2", Sub(New("common.problems", Int(1))), Text("x")), "1 problem and x", "1 个问题和x"},
		{New("common.seq", NumRange(33.6, 33.6, 1), Text("t")), "33.6 t", "33.6t"},
		// "needs 2 nodes, the pick 1" read oddly: the wording names both counts.
		{New("sizing.loss.nodes", Int(2), Int(1)), "needs 2 nodes, the pick has 1", "需要 2 个节点，所选方案只需 1 个"},
		{New("tco.qty.ips", Dec(d("1"))), "1 IP", "1 个 IP"},
		{New("no.such.id"), "no.such.id", "no.such.id"},
		{New("common.list2", Text("a")), "a and ?", "a和?"},
		{New("common.list2", Arg{Kind: "bogus"}, Arg{Kind: KindMsg}), "? and ", "?和"},
	}
	for _, c := range cases {
		if got := c.m.In(En); got != c.en {
			t.Errorf("%v in en = %q, want %q", c.m, got, c.en)
		}
		if got := c.m.In(Zh); got != c.zh {
			t.Errorf("%v in zh = %q, want %q", c.m, got, c.zh)
		}
	}
	if got := Seq(New("common.problems", Int(1)), New("common.problems", Int(2))).In(Zh); got != "1 个问题2 个问题" {
		t.Errorf("Seq in zh = %q", got)
	}
	if got := Seq(New("common.problems", Int(1)), New("common.problems", Int(2))).String(); got != "1 problem 2 problems" {
		t.Errorf("Seq in en = %q", got)
	}
	if got := En.Price(d("0.834988")) + " " + Zh.Price(d("1.98")) + " " + En.Price(d("4368.4")); got != "¥0.834988 1.98元 ¥4,368" {
		t.Errorf("Price = %q", got)
	}
	var many []M
	for i := range 40 {
		many = append(many, New("common.problems", Int(i)))
	}
	if got := List(many...).In(Zh); !strings.HasPrefix(got, "0 个问题；1 个问题；") || !strings.HasSuffix(got, "；39 个问题") {
		t.Errorf("List of 40 in zh = %q", got)
	}
	if New("common.problems", Int(3)).String() != "3 problems" {
		t.Error("String is not English")
	}
}

func TestCheck(t *testing.T) {
	if err := Check(New("common.problems", Int(1))); err != nil {
		t.Error(err)
	}
	for _, m := range []M{
		New("no.such.id"),
		New("common.problems"),
		New("common.problems", Int(1), Int(2)),
		New("common.list2", Label("no.such"), Text("x")),
		New("common.list2", Arg{}, Text("x")),
	} {
		if Check(m) == nil {
			t.Errorf("Check(%v) = nil, want an error", m)
		}
	}
}

func TestFromEnv(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want Lang
	}{
		{map[string]string{}, En},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, Zh},
		{map[string]string{"LANG": "en_US.UTF-8"}, En},
		{map[string]string{"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}, En},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_TW"}, Zh},
	}
	for _, c := range cases {
		if got := FromEnv(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("FromEnv(%v) = %s, want %s", c.env, got, c.want)
		}
	}
}

// TestJSONRoundTrip checks that a message survives the plan file.
func TestJSONRoundTrip(t *testing.T) {
	m := New("common.list2", Sub(New("common.seq", Label("mode.annual"), Text("x"))), MoneyRange(d("9600"), d("14400")))
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back M
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.In(Zh) != m.In(Zh) || back.String() != "annual x and ¥9,600–14,400" {
		t.Errorf("round trip: %s → %q", b, back.String())
	}
}

// FuzzRender renders hostile decoded messages: never a panic.
func FuzzRender(f *testing.F) {
	f.Add(`{"id":"common.list2","args":[{"kind":"msg","msg":{"id":"common.problems","args":[{"kind":"int","int":1}]}},{"kind":"money_range"}]}`)
	f.Add(`{"id":"common.problems","args":[{"kind":"num","num":1,"digits":-9}]}`)
	f.Add(`{"id":"common.problems","args":[{"kind":"label","text":"common.problems"}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		var m M
		if json.Unmarshal([]byte(s), &m) != nil {
			return
		}
		_ = m.In(Zh) + m.In(En)
		_ = Check(m)
	})
}

// TestAddMap: addMap keys entries by id.
func TestAddMap(t *testing.T) {
	addMap(map[string]Entry{"test.add_map": {En: "added {0}", Zh: "已添加 {0}"}})
	if got := New("test.add_map", Int(2)).In(Zh); got != "已添加 2" {
		t.Errorf("map entry = %q", got)
	}
	if e, _ := Lookup("test.add_map"); e.ID != "test.add_map" {
		t.Errorf("entry id = %q", e.ID)
	}
}
