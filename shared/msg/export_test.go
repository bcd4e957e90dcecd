package msg

import "sort"

// Helpers the tests use that neither binary reaches.

// NumRange is a low–high figure written with digits decimals; one figure
// when both ends print alike.
func NumRange(lo, hi float64, digits int) Arg {
	return Arg{Kind: KindNumRange, Num: lo, Hi: hi, Digits: digits}
}

// IDs lists the catalogue's ids in order, for tests and tools.
func IDs() []string {
	ids := make([]string, 0, len(catalogue))
	for id := range catalogue {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
