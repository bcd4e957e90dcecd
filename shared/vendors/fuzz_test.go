package vendors_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/vendors"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Rank accepts too, and that an accepted input survives a JSON round trip.
func FuzzDecode(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.json",
		`{}`, // missing everything
		`{"weights":{"sla":"1e999999999"},"vendors":[{"name":"a","scores":{"gpu_coverage":1,"sla":1,"data_security":1,"price_transparency":1,"network":1}}]}`,  // a huge exponent
		`{"weights":{"sla":"1e-999999999"},"vendors":[{"name":"a","scores":{"gpu_coverage":1,"sla":1,"data_security":1,"price_transparency":1,"network":1}}]}`, // a tiny exponent
		`{"vendors":[{"name":"a","b11_licence":false,"scores":{"gpu_coverage":5,"sla":5,"data_security":5,"price_transparency":5,"network":5}}],"cards":7}`,
		`{"vendors":[{"name":"a","scores":{"gpu_coverage":1.5}}]}`, // not an integer
		`{"nope":1}`, // unknown field
		`{} []`,      // trailing data
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := vendors.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		r, err := vendors.Rank(in)
		if err != nil {
			t.Fatalf("Decode accepted what Rank refuses: %v", err)
		}
		var buf bytes.Buffer
		if err := r.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		testkit.RoundTrip(t, in, vendors.Decode)
	})
}
