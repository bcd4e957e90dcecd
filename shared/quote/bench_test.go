package quote_test

import (
	"fmt"
	"testing"

	"github.com/gpuplan/gpuplan/shared/quote"
)

// BenchmarkCompare prices 20 split quotes, the most an input may hold.
func BenchmarkCompare(b *testing.B) {
	in := quote.Input{Need: need()}
	for i := range 20 {
		in.Quotes = append(in.Quotes, split(fmt.Sprint("v", i), fmt.Sprint(1200+10*i)))
	}
	for b.Loop() {
		if _, err := quote.Compare(in); err != nil {
			b.Fatal(err)
		}
	}
}
