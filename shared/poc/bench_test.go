package poc_test

import (
	"os"
	"testing"

	"github.com/gpuplan/gpuplan/shared/poc"
)

// BenchmarkCompareFacts compares the 8-GPU H100 facts of shared/facts'
// fixture with itself: the whole document is walked.
func BenchmarkCompareFacts(b *testing.B) {
	data, err := os.ReadFile("../facts/testdata/gpud__nvidia-smi-query.535.183.01.out.0.valid.facts.json")
	if err != nil {
		b.Skip("fixture not present:", err)
	}
	for b.Loop() {
		if _, err := poc.CompareFacts(data, data); err != nil {
			b.Fatal(err)
		}
	}
}
