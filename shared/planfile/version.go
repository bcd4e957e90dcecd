package planfile

import (
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/digits"
)

// ParseDriverVersion splits a dotted driver version ("535.104.05") into numbers.
// Each part must be 1 to 9 decimal digits; there must be 1 to 4 parts.
func ParseDriverVersion(s string) ([]int, bool) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) > 4 {
		return nil, false
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		if p == "" || len(p) > 9 || !digits.Only(p) {
			return nil, false
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}
