package sizing

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
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
			got, err := json.MarshalIndent(res, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			testkit.Golden(t, filepath.Join("testdata", "recommend", name+".golden.json"), got)
		})
	}
}
