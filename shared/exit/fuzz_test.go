package exit_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpuplan/gpuplan/shared/exit"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Schedule accepts too, and that an accepted input survives a JSON round trip.
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
		`{"contract_end":"2099-12-31","deletion_working_days":60}`, // the last allowed date
		`{"contract_end":"2026-09-30","workdays":["2026-10-10"],"holidays":["2026-10-01"]}`,
		`{"contract_end":"2026-02-29"}`, // not a date
		`{"contract_end":20261231}`,     // not a string
		`{"nope":1}`,                    // unknown field
		`{} []`,                         // trailing data
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := exit.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		r, err := exit.Schedule(in)
		if err != nil {
			t.Fatalf("Decode accepted what Schedule refuses: %v", err)
		}
		var buf bytes.Buffer
		if err := r.WriteICS(&buf, stamp); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		again, err := exit.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("round trip: %v\n%s", err, b)
		}
		b2, _ := json.Marshal(again)
		if !bytes.Equal(b, b2) {
			t.Fatalf("round trip changed the input:\n%s\n%s", b, b2)
		}
	})
}
