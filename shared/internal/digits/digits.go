// Package digits writes the figures of shared/ the one way both money and
// the message catalogue (msg) show them, and tells a run of digits from
// other text the one way money, pricebook and planfile read them.
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

// Only reports whether s holds nothing but the ASCII digits 0–9 (true for
// ""). Unlike strconv.Atoi, it refuses a sign and other Unicode digits.
func Only(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
