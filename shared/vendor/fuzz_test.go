package vendor_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpuplan/gpuplan/shared/vendor"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Rank accepts too, and that an accepted input survives a JSON round trip.
func FuzzDecode(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/*.json")
	for _, p := range inputs {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		`{}`, // missing everything
		`{"weights":{"sla":"1e999999999"},"vendors":[{"name":"a","scores":{"gpu_coverage":1,"sla":1,"data_security":1,"price_transparency":1,"network":1}}]}`,  // a huge exponent
		`{"weights":{"sla":"1e-999999999"},"vendors":[{"name":"a","scores":{"gpu_coverage":1,"sla":1,"data_security":1,"price_transparency":1,"network":1}}]}`, // a tiny exponent
		`{"vendors":[{"name":"a","b11_licence":false,"scores":{"gpu_coverage":5,"sla":5,"data_security":5,"price_transparency":5,"network":5}}],"cards":7}`,
		`{"vendors":[{"name":"a","scores":{"gpu_coverage":1.5}}]}`, // not an integer
		`{"nope":1}`, // unknown field
		`{} []`,      // trailing data
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := vendor.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		r, err := vendor.Rank(in)
		if err != nil {
			t.Fatalf("Decode accepted what Rank refuses: %v", err)
		}
		var buf bytes.Buffer
		if err := r.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		again, err := vendor.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("round trip: %v\n%s", err, b)
		}
		b2, _ := json.Marshal(again)
		if !bytes.Equal(b, b2) {
			t.Fatalf("round trip changed the input:\n%s\n%s", b, b2)
		}
	})
}
