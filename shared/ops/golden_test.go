package ops_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/ops"
)

// TestGolden renders every testdata/*.json input as text and Markdown and
// compares them with the golden files beside it, in English and in
// Chinese (checkZh).
func TestGolden(t *testing.T) {
	testkit.Each(t, "testdata/*.json", func(t *testing.T, stem string, input []byte) {
		in, err := ops.Decode(bytes.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		r, err := ops.Review(in)
		if err != nil {
			t.Fatal(err)
		}
		testkit.Rendered(t, stem, r)
		checkZh(t, stem, in, r)
	})
}
