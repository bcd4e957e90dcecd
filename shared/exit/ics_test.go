package exit

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscapeText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{`a,b;c\d`, `a\,b\;c\\d`},
		{"two\nlines", `two\nlines`},
		{"crlf\r\nand\rcr", `crlf\nand\ncr`},
		{"bell\x07tab\t", "belltab\t"},
		{"bad \xff utf8", "bad \uFFFD utf8"},
		{"退租,数据;销毁", `退租\,数据\;销毁`},
	}
	for _, tt := range tests {
		if got := EscapeText(tt.in); got != tt.want {
			t.Errorf("EscapeText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFold(t *testing.T) {
	// 74 + 1 octets fit on one line; 76 need a fold.
	if got := fold(strings.Repeat("a", 75)); got != strings.Repeat("a", 75)+"\r\n" {
		t.Errorf("75 octets folded: %q", got)
	}
	if got := fold(strings.Repeat("a", 76)); got != strings.Repeat("a", 75)+"\r\n a\r\n" {
		t.Errorf("76 octets: %q", got)
	}
	// "长" is 3 octets: 25 of them are 75 octets, the 26th moves whole.
	got := fold(strings.Repeat("长", 26))
	if got != strings.Repeat("长", 25)+"\r\n 长\r\n" {
		t.Errorf("CJK: %q", got)
	}
	// "x" + 25 × "长" = 76 octets: the cut at 75 falls inside a character.
	got = fold("x" + strings.Repeat("长", 25))
	if got != "x"+strings.Repeat("长", 24)+"\r\n 长\r\n" {
		t.Errorf("cut inside a character: %q", got)
	}
}

// FuzzEscapeFold checks, for any text, that an escaped and folded content
// line keeps every physical line within 75 octets, never splits a UTF-8
// character, and unfolds and unescapes to the normalised text.
func FuzzEscapeFold(f *testing.F) {
	for _, s := range []string{
		"",                              // empty value
		"a,b;c\\d\n",                    // every escaped character
		strings.Repeat("长", 40),         // multi-byte characters across folds
		"\r\n\r\x00\x7f\xff",            // line breaks, controls, invalid UTF-8
		strings.Repeat("\\", 80),        // escapes that double the length
		strings.Repeat("a", 63) + "长长长", // a character at the 75-octet cut
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		folded := fold("DESCRIPTION:" + EscapeText(s))
		if !strings.HasSuffix(folded, "\r\n") {
			t.Fatal("no final CRLF")
		}
		for i, l := range strings.Split(strings.TrimSuffix(folded, "\r\n"), "\r\n") {
			if len(l) > maxOctets {
				t.Fatalf("line of %d octets", len(l))
			}
			if i > 0 && !strings.HasPrefix(l, " ") {
				t.Fatalf("continuation line without a space: %q", l)
			}
			if !utf8.ValidString(l) {
				t.Fatalf("line splits a character: %q", l)
			}
			if strings.ContainsAny(l, "\r\n") {
				t.Fatalf("bare line break in %q", l)
			}
		}
		lines := Unfold(folded)
		if len(lines) != 1 {
			t.Fatalf("unfolded to %d lines", len(lines))
		}
		value, ok := strings.CutPrefix(lines[0], "DESCRIPTION:")
		if !ok {
			t.Fatalf("lost the name: %q", lines[0])
		}
		if got, want := UnescapeText(value), NormalizeText(s); got != want {
			t.Fatalf("round trip: got %q, want %q", got, want)
		}
	})
}
