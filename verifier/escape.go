package main

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// escaper writes to w with every control character but newline and tab
// written as \u00XX: the C0 controls, DEL and the C1 controls (U+0080 to
// U+009F). A capture or a report can hold any of them, and a terminal
// obeys them: ESC [2K erases a line, such as "does NOT verify", and a
// carriage return writes over it. JSON output goes around it (raw).
type escaper struct{ w io.Writer }

// Write escapes p and writes it; it reports len(p) written on success.
func (e escaper) Write(p []byte) (int, error) {
	if clean(p) {
		return e.w.Write(p)
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		if isControl(r) && !(r == utf8.RuneError && n == 1) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, p[i:i+n]...)
		}
		i += n
	}
	if _, err := e.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// raw is the writer under an escaper: JSON output is written byte for
// byte, so that it stays the file whose digest it carries.
func raw(w io.Writer) io.Writer {
	if e, ok := w.(escaper); ok {
		return e.w
	}
	return w
}

// clean reports whether p holds no character escaper changes.
func clean(p []byte) bool {
	for _, b := range p {
		if b < 0x20 && b != '\n' && b != '\t' || b == 0x7f || b == 0xc2 {
			return false
		}
	}
	return true
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f
}
