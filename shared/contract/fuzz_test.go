package contract_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/contract"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Check accepts too, and that an accepted input survives a JSON round trip.
func FuzzDecode(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.json",
		`{}`,                                  // missing everything
		`{"availability_pct":"1e999999999"}`,  // a huge exponent
		`{"availability_pct":"1e-999999999"}`, // a tiny exponent
		`{"availability_pct":99.9,"monthly_fee":"1","term_months":1}`, // a bare number is accepted
		`{"credits":{"tiers":[{"below_pct":"99","credit_pct":"10"}]},"availability_pct":"99","monthly_fee":"1","term_months":2}`,
		`{"term_months":1.5}`, // not an integer
		`{"nope":1}`,          // unknown field
		`{} []`,               // trailing data
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := contract.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		r, err := contract.Check(in)
		if err != nil {
			t.Fatalf("Decode accepted what Check refuses: %v", err)
		}
		var buf bytes.Buffer
		if err := r.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		testkit.RoundTrip(t, in, contract.Decode)
	})
}
