package main

import (
	"errors"
	"strings"
	"testing"
)

// TestFieldParse checks the hours field against its range, 0 to 24 hours a
// day (rule B1 reasons in hours per day).
func TestFieldParse(t *testing.T) {
	hours, _ := fieldByKey("hours")
	tests := []struct {
		in        string
		want      string // parsed value; "" when refused
		notNumber bool
	}{
		{"8", "8", false},
		{" 12 ", "12", false},
		{"0", "0", false},
		{"24", "24", false},
		{"9.5", "9.5", false},
		{"24.01", "", false},
		{"-1", "", false},
		{"abc", "", true},
		{"", "", true},
		{"1e1", "", true}, // decimal would read 10; nobody types that
		{"12,5", "", true},
		{strings.Repeat("1", 40), "", true},
		{"NaN", "", true},
	}
	for _, tt := range tests {
		d, err := hours.Parse(tt.in)
		if tt.want != "" {
			if err != nil || d.String() != tt.want {
				t.Errorf("Parse(%q) = %v, %v; want %s", tt.in, d, err, tt.want)
			}
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("Parse(%q) error = %v, want *FieldError", tt.in, err)
			continue
		}
		if fe.NotNumber != tt.notNumber || fe.Key != "hours" || fe.Rule != "B1" || fe.Min != "0" || fe.Max != "24" {
			t.Errorf("Parse(%q) = %+v", tt.in, fe)
		}
		if len(fe.Value) > maxFieldLen+len("…") {
			t.Errorf("Parse(%q): error echoes %d bytes", tt.in, len(fe.Value))
		}
	}
}

// TestFieldErrorMessage checks that the message names the field, the value,
// the range and the rule in both languages.
func TestFieldErrorMessage(t *testing.T) {
	hours, _ := fieldByKey("hours")
	_, err := hours.Parse("30")
	fe := err.(*FieldError)
	en := fe.Message(En.M(), hours.Label(En.M()))
	if want := "Hours of use per day: 30 is outside 0 to 24 (rule B1)."; en != want {
		t.Errorf("en = %q, want %q", en, want)
	}
	zh := fe.Message(Zh.M(), hours.Label(Zh.M()))
	if want := "每天使用小时数：30 超出 0 到 24 的范围（规则 B1）。"; zh != want {
		t.Errorf("zh = %q, want %q", zh, want)
	}
	_, err = hours.Parse("abc")
	if got, want := err.Error(), `hours: "abc" is not a number; enter 0 to 24 (rule B1).`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// FuzzFieldParse: Parse never panics, and what it accepts is inside the range
// and parses again to the same value.
func FuzzFieldParse(f *testing.F) {
	for _, s := range []string{"8", "24", "0.5", "-0", "abc", "1e3", " 9 ", "24.0000001", "٣"} {
		f.Add(s)
	}
	hours, _ := fieldByKey("hours")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := hours.Parse(s)
		if err != nil {
			return
		}
		if d.LessThan(hours.Min) || d.GreaterThan(hours.Max) {
			t.Fatalf("Parse(%q) = %s, outside the range", s, d)
		}
		again, err := hours.Parse(d.String())
		if err != nil || !again.Equal(d) {
			t.Fatalf("Parse(%q) = %s, which parses again to %v, %v", s, d, again, err)
		}
	})
}
