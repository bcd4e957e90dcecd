package acceptance

import "github.com/gpuplan/gpuplan/shared/planfile"

// compareVersions compares dotted versions part by part as numbers, so
// "535.104.05" > "535.54.03" (a string comparison gets this wrong). A
// missing part counts as 0: "535" == "535.0". ok is false when either
// version does not parse.
func compareVersions(a, b string) (cmp int, ok bool) {
	va, okA := planfile.ParseDriverVersion(a)
	vb, okB := planfile.ParseDriverVersion(b)
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
