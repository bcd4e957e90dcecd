package quote_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/quote"
)

// TestGolden renders every testdata/*.json input as text and Markdown and
// compares them with the golden files beside it.
func TestGolden(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		in, err := quote.Decode(bytes.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		r, err := quote.Compare(in)
		if err != nil {
			t.Fatal(err)
		}
		testkit.Rendered(t, stem, r)
	})
}
