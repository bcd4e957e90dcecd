package sizing

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// goldenCase is one testdata/recommend/NAME.in.json file.
type goldenCase struct {
	Input Input `json:"input"`
	Prefs Prefs `json:"prefs"`
}

// goldenResult is what NAME.golden.json holds.
type goldenResult struct {
	Recommendation Recommendation `json:"recommendation"`
	Error          string         `json:"error,omitempty"`
}

// TestGolden runs Recommend over the fixture cards for every input in
// testdata/recommend and compares the whole answer with its golden file.
// Run with -update to rewrite the goldens after an intended change.
func TestGolden(t *testing.T) {
	ins, err := filepath.Glob("testdata/recommend/*.in.json")
	if err != nil || len(ins) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, path := range ins {
		name := strings.TrimSuffix(filepath.Base(path), ".in.json")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var c goldenCase
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&c); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			var res goldenResult
			res.Recommendation, err = Recommend(c.Input, fixtureCards(), c.Prefs)
			if err != nil {
				res.Error = err.Error()
			}
			ms := messages(res.Recommendation)
			for _, m := range ms {
				if err := msg.Check(m); err != nil {
					t.Error(err)
				}
			}
			testkit.Golden(t, filepath.Join("testdata", "recommend", name+".messages.txt"), renderBoth(ms))
			got, err := json.MarshalIndent(res, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			testkit.Golden(t, filepath.Join("testdata", "recommend", name+".golden.json"), got)
		})
	}
}

// messages lists every message of rec: notes, reasons, the assumed shape.
func messages(rec Recommendation) []msg.M {
	ms := append(append(append([]msg.M{}, rec.Notes...), rec.Memory.Notes...), rec.Estimates.Notes...)
	ms = append(ms, rec.Pick.Reason)
	for _, o := range rec.Alternatives {
		ms = append(ms, o.Reason)
	}
	ms = append(ms, rec.Memory.Model.Assumed)
	out := ms[:0]
	for _, m := range ms {
		if !m.IsZero() {
			out = append(out, m)
		}
	}
	return out
}

// renderBoth writes each message in English and in Chinese, for review.
func renderBoth(ms []msg.M) []byte {
	var b bytes.Buffer
	for _, m := range ms {
		b.WriteString(m.ID + "\n  en: " + m.In(msg.En) + "\n  zh: " + m.In(msg.Zh) + "\n")
	}
	return b.Bytes()
}
