// Package digits writes the figures of shared/ the one way both money and
// the message catalogue (msg) show them.
package digits

import "strings"

// Group inserts comma thousands separators into the integer part of a plain
// decimal string: "-58200.00" → "-58,200.00", "1234567" → "1,234,567".
func Group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(whole[i])
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}
