package report

// Helpers the tests use that neither binary reaches.

// Canonical returns the canonical form of r: its indented JSON with the
// digest field empty, plus a newline. r is not changed.
func Canonical(r *Report) ([]byte, error) {
	return canonical(r)
}
