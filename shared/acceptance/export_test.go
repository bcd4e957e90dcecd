package acceptance

// Helpers the tests use that neither binary reaches.

// ServerWide returns the results that check the whole server (or fleet),
// not one GPU, in order.
func ServerWide(rs []Result) []Result {
	var out []Result
	for _, r := range rs {
		if _, ok := GPUOf(r.ID); !ok {
			out = append(out, r)
		}
	}
	return out
}

// Failed reports whether any result failed.
func Failed(results []Result) bool {
	for _, r := range results {
		if r.Status == Fail {
			return true
		}
	}
	return false
}
