package testkit

// The two steps that the fuzz targets of the JSON decoders share: seeding
// the corpus with the testdata inputs and a few hand-written documents, and
// checking that an accepted input survives a JSON round trip. Each package
// keeps its own FuzzXxx target and its own checks of what the decoded input
// must satisfy.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// AddSeeds adds every file matching pattern, a filepath.Glob pattern such as
// "testdata/*.json", then each of docs as a seed of f. It fails when no file
// matches, so a moved testdata folder cannot shrink the corpus silently.
func AddSeeds(f *testing.F, pattern string, docs ...string) {
	f.Helper()
	seeds, err := read(pattern, docs)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
}

// read returns the contents of the files matching pattern, in name order,
// then docs.
func read(pattern string, docs []string) ([][]byte, error) {
	paths, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no files match %s", pattern)
	}
	var seeds [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		seeds = append(seeds, b)
	}
	for _, d := range docs {
		seeds = append(seeds, []byte(d))
	}
	return seeds, nil
}

// RoundTrip checks that in, a value decode accepted, marshals to JSON that
// decode accepts again, and that the value it gets back marshals to the
// same bytes.
func RoundTrip[T any](t testing.TB, in T, decode func(io.Reader) (T, error)) {
	t.Helper()
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	again, err := decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("round trip: %v\n%s", err, b)
	}
	b2, err := json.Marshal(again)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, b2) {
		t.Fatalf("round trip changed the input:\n%s\n%s", b, b2)
	}
}

// DecodeFile opens path and decodes it with decode, failing the test on
// either error: the one way tests read a golden input file.
func DecodeFile[T any](t testing.TB, path string, decode func(io.Reader) (T, error)) T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}
