package exit_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Schedule accepts too, and that an accepted input survives a JSON round trip.
func FuzzDecode(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.json",
		`{}`, // missing everything
		`{"contract_end":"2099-12-31","deletion_working_days":60}`, // the last allowed date
		`{"contract_end":"2026-09-30","workdays":["2026-10-10"],"holidays":["2026-10-01"]}`,
		`{"contract_end":"2026-02-29"}`, // not a date
		`{"contract_end":20261231}`,     // not a string
		`{"nope":1}`,                    // unknown field
		`{} []`,                         // trailing data
	)
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
		if err := r.WriteICS(&buf, stamp, msg.En); err != nil {
			t.Fatal(err)
		}
		testkit.RoundTrip(t, in, exit.Decode)
	})
}
