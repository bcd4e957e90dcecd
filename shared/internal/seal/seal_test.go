package seal

import "testing"

func TestDigest(t *testing.T) {
	// SHA-256 of the empty input (FIPS 180-4 test vector).
	if got := Digest(nil); got != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Errorf("Digest(nil) = %s", got)
	}
	for s, want := range map[string]bool{Digest([]byte("x")): true, "E3B0": false, Digest(nil)[:63] + "G": false} {
		if IsDigest(s) != want {
			t.Errorf("IsDigest(%q) = %v", s, !want)
		}
	}
	b, _ := Marshal(map[string]int{"a": 1})
	if string(b) != "{\n  \"a\": 1\n}\n" {
		t.Errorf("Marshal = %q", b)
	}
}

// TestDecode checks that a sealed document refuses an unknown field and
// trailing data, and reads a clean one.
func TestDecode(t *testing.T) {
	type doc struct {
		A int `json:"a"`
	}
	var d doc
	if err := Decode([]byte(`{"a": 1}`), &d); err != nil || d.A != 1 {
		t.Fatalf("clean: %v, %+v", err, d)
	}
	for in, want := range map[string]string{
		`{"a": 1, "b": 2}`: `json: unknown field "b"`,
		`{"a": 1} {}`:      "unexpected data after the JSON document",
		`{"a": 1}]`:        "unexpected data after the JSON document",
	} {
		if err := Decode([]byte(in), &doc{}); err == nil || err.Error() != want {
			t.Errorf("Decode(%s) = %v, want %q", in, err, want)
		}
	}
}
