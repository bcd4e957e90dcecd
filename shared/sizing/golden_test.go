package sizing

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

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
			golden := filepath.Join("testdata", "recommend", name+".golden.json")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from its golden file; run go test -run TestGolden -update and review the diff", name)
			}
		})
	}
}
