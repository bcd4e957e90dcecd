package poc_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/poc"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Judge accepts too, and that an accepted input survives a JSON round trip.
func FuzzDecode(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.json",
		`{}`, // missing everything
		`{"cards":2,"throughput":{"single":"1e999999999","multi":"1"}}`,  // a huge exponent
		`{"cards":2,"throughput":{"single":"1e-999999999","multi":"1"}}`, // a tiny exponent
		`{"cards":2,"throughput":{"single":1,"multi":2}}`,                // bare numbers are accepted
		`{"cards":1,"poc_facts":{"a":[1,{"b":null}]},"delivered_facts":{"a":[1e999999999,{"b":true}],"facts":3}}`,
		`{"cards":1,"poc_facts":[1],"delivered_facts":{}}`, // facts not an object
		`{"cards":1.5}`, // not an integer
		`{"nope":1}`,    // unknown field
		`{} []`,         // trailing data
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := poc.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		r, err := poc.Judge(in)
		if err != nil {
			t.Fatalf("Decode accepted what Judge refuses: %v", err)
		}
		var buf bytes.Buffer
		if err := r.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		testkit.RoundTrip(t, in, poc.Decode)
	})
}
