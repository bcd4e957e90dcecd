package facts

import "slices"

// Helpers the tests use that neither binary reaches.

// QueryFields returns the nvidia-smi --query-gpu field names that ParseCSV
// reads. Older drivers may refuse one of them ("is not a valid field to
// query"); nvidia-smi -q -x then gives the same facts.
func QueryFields() []string {
	return slices.Clone(queryFields)
}
