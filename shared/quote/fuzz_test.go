package quote_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/quote"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Compare accepts too, and that an accepted input survives a JSON round trip.
func FuzzDecode(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.json",
		`{}`, // missing everything
		`{"need":{"cards":1,"egress_tb":"1e999999999","term_months":1},"quotes":[{"vendor":"a","gpu_per_card":"1"}]}`,         // a huge exponent
		`{"need":{"cards":1,"egress_tb":"1e-999999999","term_months":1},"quotes":[{"vendor":"a","gpu_per_card":"1"}]}`,        // a tiny exponent
		`{"need":{"cards":1,"egress_tb":2,"term_months":1},"quotes":[{"vendor":"a","bundled":9}]}`,                            // bare numbers are accepted
		`{"need":{"cards":1,"term_months":1},"quotes":[{"vendor":"a","gpu_per_card":"1"},{"vendor":"a","gpu_per_card":"2"}]}`, // duplicate vendor
		`{"need":{"cards":1.5}}`, // not an integer
		`{"nope":1}`,             // unknown field
		`{} []`,                  // trailing data
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := quote.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		r, err := quote.Compare(in)
		if err != nil {
			t.Fatalf("Decode accepted what Compare refuses: %v", err)
		}
		var buf bytes.Buffer
		if err := r.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		testkit.RoundTrip(t, in, quote.Decode)
	})
}
