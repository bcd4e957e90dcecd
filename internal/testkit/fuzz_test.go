package testkit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestRead checks that the seeds are the matching files in name order,
// then the documents, and that a pattern matching nothing is an error.
func TestRead(t *testing.T) {
	seeds, err := read("testdata/*.json", []string{`{}`, `{"c":3}`})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range seeds {
		got = append(got, strings.TrimSpace(string(s)))
	}
	want := `{"a":1} {"b":2} {} {"c":3}`
	if strings.Join(got, " ") != want {
		t.Errorf("read = %q, want %s", got, want)
	}
	if _, err := read("testdata/*.none", nil); err == nil || !strings.Contains(err.Error(), "testdata/*.none") {
		t.Errorf("read of a pattern matching nothing = %v, want an error naming it", err)
	}
	if _, err := read("[", nil); err == nil {
		t.Error("read of a malformed pattern succeeded")
	}
}

// fatalRecorder is a testing.TB that keeps the first fatal failure instead of
// failing the test that runs it, and stops its goroutine as t.Fatal does.
type fatalRecorder struct {
	testing.TB
	failure string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatal(args ...any) {
	r.failure = fmt.Sprint(args...)
	runtime.Goexit()
}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.failure = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// failure runs fn with a recorder on its own goroutine and returns what it
// reported, "" for nothing.
func failure(t *testing.T, fn func(tb testing.TB)) string {
	r := &fatalRecorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(r)
	}()
	<-done
	return r.failure
}

type point struct {
	X int `json:"x"`
	Y int `json:"y,omitempty"`
}

func decodePoint(r io.Reader) (point, error) {
	var p point
	err := json.NewDecoder(r).Decode(&p)
	return p, err
}

// TestRoundTrip checks that RoundTrip passes a faithful decoder and names
// the two ways a decoder can break the round trip.
func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		decode func(io.Reader) (point, error)
		want   string // part of the failure; "" for none
	}{
		{"faithful", decodePoint, ""},
		{"refuses its own output", func(io.Reader) (point, error) {
			return point{}, errors.New("y: want a number in [1, 9]")
		}, "round trip: y: want a number in [1, 9]\n{\"x\":1,\"y\":2}"},
		{"drops a field", func(r io.Reader) (point, error) {
			p, err := decodePoint(r)
			p.Y = 0
			return p, err
		}, "round trip changed the input:\n{\"x\":1,\"y\":2}\n{\"x\":1}"},
	}
	for _, tt := range tests {
		got := failure(t, func(tb testing.TB) { RoundTrip(tb, point{X: 1, Y: 2}, tt.decode) })
		if got != tt.want {
			t.Errorf("%s: RoundTrip reported %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestDecodeFile: a file decode accepts comes back decoded; a missing file
// and a decode error fail the test, naming the file.
func TestDecodeFile(t *testing.T) {
	type doc struct {
		A int `json:"a"`
	}
	decode := func(r io.Reader) (doc, error) {
		var d doc
		err := json.NewDecoder(r).Decode(&d)
		return d, err
	}
	if got := DecodeFile(t, "testdata/a.json", decode); got.A != 1 {
		t.Errorf("decoded %+v, want a=1", got)
	}
	if f := failure(t, func(tb testing.TB) { DecodeFile(tb, "testdata/none.json", decode) }); !strings.Contains(f, "none.json") {
		t.Errorf("a missing file failed with %q", f)
	}
	refuse := func(io.Reader) (doc, error) { return doc{}, errors.New("a: want a number in [2, 9]") }
	if f := failure(t, func(tb testing.TB) { DecodeFile(tb, "testdata/a.json", refuse) }); f != "testdata/a.json: a: want a number in [2, 9]" {
		t.Errorf("a refused file failed with %q", f)
	}
}
