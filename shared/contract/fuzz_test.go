package contract_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpuplan/gpuplan/shared/contract"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Check accepts too, and that an accepted input survives a JSON round trip.
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
		`{}`,                                  // missing everything
		`{"availability_pct":"1e999999999"}`,  // a huge exponent
		`{"availability_pct":"1e-999999999"}`, // a tiny exponent
		`{"availability_pct":99.9,"monthly_fee":"1","term_months":1}`, // a bare number is accepted
		`{"credits":{"tiers":[{"below_pct":"99","credit_pct":"10"}]},"availability_pct":"99","monthly_fee":"1","term_months":2}`,
		`{"term_months":1.5}`, // not an integer
		`{"nope":1}`,          // unknown field
		`{} []`,               // trailing data
	} {
		f.Add([]byte(s))
	}
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
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		again, err := contract.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("round trip: %v\n%s", err, b)
		}
		b2, _ := json.Marshal(again)
		if !bytes.Equal(b, b2) {
			t.Fatalf("round trip changed the input:\n%s\n%s", b, b2)
		}
	})
}
