package form

import (
	"errors"
	"strconv"

	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// TestFieldParse checks the form of each kind of field; ranges are the
// plan's (TestComputeFieldErrors).
func TestFieldParse(t *testing.T) {
	tests := []struct {
		key, in string
		want    string // the parsed value as text; "" when absent or refused
		reason  errReason
		refused bool
	}{
		{"hours_per_day", "9.5", "9.5", 0, false},
		{"hours_per_day", " 12 ", "12", 0, false},
		{"hours_per_day", "", "", 0, false}, // optional: the plan's default
		{"hours_per_day", "abc", "", errNotNumber, true},
		{"hours_per_day", "1e1", "", errNotNumber, true}, // decimal would read 10
		{"hours_per_day", "12,5", "", errNotNumber, true},
		{"hours_per_day", strings.Repeat("1", 40), "", errTooLong, true},
		{"context_tokens", "4,096", "4096", 0, false},
		{"context_tokens", "4096.0", "", errNotWhole, true},
		{"context_tokens", "", "", errEmpty, true},
		{"cost.items.egress", "5.5万", "55000", 0, false},
		{"cost.items.egress", "¥2,000", "2000", 0, false},
		{"cost.items.egress", "-3", "", errNotAmount, true},
		{"workload", "inference", "inference", 0, false},
		{"workload", "mining", "", errNotChoice, true},
		{"precision", "", "", 0, false}, // automatic
		{"model.preset", "qwen2.5-7b", "qwen2.5-7b", 0, false},
		{"domestic_only", "true", "true", 0, false},
		{"domestic_only", "maybe", "", errNotChoice, true},
	}
	for _, tt := range tests {
		f, ok := ByKey(tt.key)
		if !ok {
			t.Fatalf("no field %s", tt.key)
		}
		v, present, err := f.Parse(tt.in)
		if tt.refused {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Reason != tt.reason || fe.Key != tt.key {
				t.Errorf("%s Parse(%q) = %v, want reason %d", tt.key, tt.in, err, tt.reason)
			} else if len(fe.Value) > maxFieldLen+len("…") {
				t.Errorf("%s Parse(%q): error echoes %d bytes", tt.key, tt.in, len(fe.Value))
			}
			continue
		}
		if err != nil {
			t.Errorf("%s Parse(%q): %v", tt.key, tt.in, err)
			continue
		}
		got := ""
		switch {
		case !present:
		case f.Kind == KindInt:
			got = strconv.Itoa(int(v.Int))
		case f.Kind == KindChoice:
			got = v.Str
		case f.Kind == KindBool:
			got = map[bool]string{true: "true", false: "false"}[v.Bool]
		default:
			got = v.Dec.String()
		}
		if got != tt.want {
			t.Errorf("%s Parse(%q) = %q, want %q", tt.key, tt.in, got, tt.want)
		}
	}
}

// TestFieldErrorMessage: a form error names the field, the value, the range
// and the rule in both languages; a plan error keeps the plan's message.
func TestFieldErrorMessage(t *testing.T) {
	hours, _ := ByKey("hours_per_day")
	_, _, err := hours.Parse("abc")
	fe := err.(*FieldError)
	if got, want := fe.Message(msg.En, hours.Label(msg.En)), `Hours of use per day: "abc" is not a number; enter 0–24 (rule B1).`; got != want {
		t.Errorf("en = %q, want %q", got, want)
	}
	if got, want := fe.Message(msg.Zh, hours.Label(msg.Zh)), `每天使用小时数："abc" 不是数字；请输入 0–24（规则 B1）。`; got != want {
		t.Errorf("zh = %q, want %q", got, want)
	}
	o := Compute(DefaultInput().With("hours_per_day", "25"))
	if len(o.Errors) != 1 || o.Errors[0].Key != "hours_per_day" {
		t.Fatalf("25 hours a day: errors %v, want one at hours_per_day", o.Errors)
	}
	pe := o.Errors[0]
	if got, want := pe.Message(msg.Zh, hours.Label(msg.Zh)), "每天使用小时数：应在 0 到 24 之间（规则 B1），实际为 25"; got != want {
		t.Errorf("plan error = %q, want %q", got, want)
	}
	if got, want := pe.Message(msg.En, hours.Label(msg.En)), "Hours of use per day: must be between 0 and 24 (rule B1), got 25"; got != want {
		t.Errorf("plan error = %q, want %q", got, want)
	}
}

// TestFieldTable: keys are unique, every field has a label in both
// languages, element ids are CSS-safe, and defaults parse.
func TestFieldTable(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range InputFields {
		if seen[f.Key] {
			t.Errorf("duplicate key %s", f.Key)
		}
		seen[f.Key] = true
		if f.Label(msg.En) == "" || f.Label(msg.Zh) == "" {
			t.Errorf("%s has no label", f.Key)
		}
		if strings.ContainsAny(f.ID(), ". #") {
			t.Errorf("%s: id %q needs CSS escaping", f.Key, f.ID())
		}
		if _, _, err := f.Parse(f.Default); err != nil {
			t.Errorf("%s: default %q refused: %v", f.Key, f.Default, err)
		}
		if f.put == nil || f.take == nil {
			t.Errorf("%s has no accessor", f.Key)
		}
	}
	if n := len(priceFields); n != 2*len(catalog.IDs()) {
		t.Errorf("%d price fields, want a monthly and an hourly quote for each of %d cards", n, len(catalog.IDs()))
	}
}

// FuzzFieldParse: Parse never panics, and what it accepts, written back by
// the field's accessor, parses again to the same text.
func FuzzFieldParse(f *testing.F) {
	for _, s := range []string{"8", "24", "0.5", "-0", "abc", "1e3", " 9 ", "5.5万", "¥1,000", "true", "٣", "99999999999999999999"} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		fs := InputFields[int(which)%len(InputFields)]
		v, ok, err := fs.Parse(s)
		if err != nil || !ok {
			return
		}
		var req plan.Requirements
		fs.put(&req, v)
		text := fs.take(req)
		if text == "" {
			return // zero reads back as absent
		}
		if _, _, err := fs.Parse(text); err != nil {
			t.Fatalf("%s: Parse(%q) accepted, but its stored form %q is refused: %v", fs.Key, s, text, err)
		}
	})
}

// TestWantErrorInEnglish: a refusal of one value against a range
// (fielderr.New: a Want and a Value, no sentence) reads in both languages
// once it is mapped onto its field; the English page once showed the
// label and nothing after it.
func TestWantErrorInEnglish(t *testing.T) {
	err := fielderr.New("hours_per_day", "25", msg.New("want.in", msg.Label("want.noun.number"), msg.Text("(0, 24]")))
	fe := fieldErrorOf(err, DefaultInput().With("hours_per_day", "25"))
	if fe == nil {
		t.Fatal("the error is not mapped onto hours_per_day")
	}
	for l, want := range map[msg.Lang]string{msg.En: "want a number in (0, 24], got 25", msg.Zh: "应为 (0, 24] 之间的数，填写的是 25"} {
		if got := fe.Message(l, "L"); !strings.HasSuffix(got, want) {
			t.Errorf("%s: %q, want it to end %q", l, got, want)
		}
	}
}

// TestPlanErrorInChinese: a range the plan refuses reads in Chinese on the
// Chinese page, in English on the English one.
func TestPlanErrorInChinese(t *testing.T) {
	e := &FieldError{Key: "hours_per_day", Value: "25", Reason: errPlan,
		Msg: msg.New("want.got", msg.Sub(msg.New("want.in", msg.Label("want.noun.number"), msg.Text("(0, 24]"))), msg.Text("25"))}
	if got := e.Message(msg.Zh, "每天小时数"); !strings.Contains(got, "应为 (0, 24] 之间的数，填写的是 25") {
		t.Errorf("zh: %q", got)
	}
	if got := e.Message(msg.En, "hours a day"); !strings.Contains(got, "want a number in (0, 24], got 25") {
		t.Errorf("en: %q", got)
	}
}

// TestSectionPathRefusals: a draft path the section does not have is
// refused with a catalogue sentence, which reads as Chinese.
func TestSectionPathRefusals(t *testing.T) {
	for _, c := range []struct{ section, path, id, zh string }{
		{"quotes", "nope", "plan.err.not_section_field", "不是该部分的字段"},
		{"quotes", "need[0].cards", "plan.err.not_list", "不是列表"},
		{"quotes", "quotes", "plan.err.not_editable", "不是页面可以编辑的字段"},
		{"nope", "x", "plan.err.unknown_section", "未知的部分：应为以下之一："},
	} {
		_, err := BuildSection(c.section, Draft{}.With(c.path, "1"))
		fe := ErrAsField(c.section, err)
		if fe == nil || fe.Msg.ID != c.id || !strings.HasPrefix(fe.ProblemIn(msg.Zh), c.zh) {
			t.Errorf("%s %s: %v, want %s (%s)", c.section, c.path, err, c.id, c.zh)
		}
	}
}
