package contract_test

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/contract"
)

// BenchmarkCheck grades a 36-month contract: 35 exit rows, six clauses.
func BenchmarkCheck(b *testing.B) {
	in := good()
	in.TermMonths = 36
	for b.Loop() {
		if _, err := contract.Check(in); err != nil {
			b.Fatal(err)
		}
	}
}
