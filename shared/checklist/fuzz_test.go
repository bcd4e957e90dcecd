package checklist_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/gpuplan/gpuplan/shared/checklist"
)

// FuzzDecode checks that Decode never panics and that whatever it accepts
// is canonical and survives a JSON round trip unchanged.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"items":[]}`, // nothing done
		`{"items":[{"id":"002.7","status":"done"},{"id":"000.1","status":"na","note":"x"}]}`, // out of order
		`{"items":[{"id":"000.1","status":"open"}]}`,                                         // an open entry is dropped
		`{"items":[{"id":"000.1","status":"done","note":"\ud800"}]}`,                         // a lone surrogate
		`{"items":[{"id":"000.1","status":"done"},{"id":"000.1","status":"done"}]}`,          // duplicate
		`{"items":null}`, // null list
		`{"nope":1}`,     // unknown field
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := checklist.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("Decode returned a state Validate refuses: %v", err)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		again, err := checklist.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("round trip: %v\n%s", err, b)
		}
		if !reflect.DeepEqual(again, s) {
			t.Fatalf("round trip changed the state:\n%+v\n%+v", s, again)
		}
		var buf bytes.Buffer
		if err := s.WriteMarkdown(&buf); err != nil {
			t.Fatal(err)
		}
	})
}
