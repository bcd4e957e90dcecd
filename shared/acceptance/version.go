package acceptance

import (
	"strconv"
	"strings"
)

// parseVersion splits a dotted driver version ("535.104.05") into numbers.
// Each part must be 1 to 9 decimal digits; there must be 1 to 4 parts.
func parseVersion(s string) ([]int, bool) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) > 4 {
		return nil, false
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		if p == "" || len(p) > 9 {
			return nil, false
		}
		for _, c := range p {
			if c < '0' || c > '9' {
				return nil, false
			}
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// compareVersions compares dotted versions part by part as numbers, so
// "535.104.05" > "535.54.03" (a string comparison gets this wrong). A
// missing part counts as 0: "535" == "535.0". ok is false when either
// version does not parse.
func compareVersions(a, b string) (cmp int, ok bool) {
	va, okA := parseVersion(a)
	vb, okB := parseVersion(b)
	if !okA || !okB {
		return 0, false
	}
	for i := 0; i < len(va) || i < len(vb); i++ {
		x, y := at(va, i), at(vb, i)
		if x != y {
			if x < y {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}

func at(v []int, i int) int {
	if i < len(v) {
		return v[i]
	}
	return 0
}
