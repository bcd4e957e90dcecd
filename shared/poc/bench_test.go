package poc_test

import (
	"os"
	"testing"

	"github.com/gpuplan/gpuplan/shared/poc"
)

// BenchmarkCompareFacts compares the 8-GPU H100 facts of shared/facts'
// fixture with itself, the whole document walked every time: the two
// pairs taken in turn differ by a trailing space, so the remembered
// comparison is never used.
func BenchmarkCompareFacts(b *testing.B) {
	data, err := os.ReadFile("../facts/testdata/gpud__nvidia-smi-query.535.183.01.out.0.valid.facts.json")
	if err != nil {
		b.Skip("fixture not present:", err)
	}
	other := append(append([]byte{}, data...), ' ')
	i := 0
	for b.Loop() {
		i++
		second := data
		if i%2 == 0 {
			second = other
		}
		if _, err := poc.CompareFacts(data, second); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompareFactsAgain is the comparison the site repeats on every
// keystroke: the same two documents, answered from memory.
func BenchmarkCompareFactsAgain(b *testing.B) {
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
