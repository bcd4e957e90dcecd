package catalog

import "slices"

// Helpers the tests use that neither binary reaches.

// BenchProfiles returns every bench profile, in a stable order.
func BenchProfiles() []BenchProfile { return slices.Clone(benchProfiles) }
