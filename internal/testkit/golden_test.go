package testkit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the failures Golden reports instead
// of failing the test that runs it.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }

func (r *recorder) Fatal(args ...any) { r.failures = append(r.failures, fmt.Sprint(args...)) }

// expect fails t unless the recorder holds no failure (want "") or one
// containing want.
func (r *recorder) expect(t *testing.T, name, want string) {
	t.Helper()
	got := strings.Join(r.failures, "\n")
	if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
		t.Errorf("%s: reported %q, want %q", name, got, want)
	}
}

// TestGolden checks that Golden passes equal bytes and reports a difference
// or a missing file, naming the file.
func TestGolden(t *testing.T) {
	if Updating() {
		t.Skip("-update rewrites files; Golden is tested without it")
	}
	path := filepath.Join(t.TempDir(), "want.txt")
	if err := os.WriteFile(path, []byte("a\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, got, want string
	}{
		{"equal", path, "a\nb\n", ""},
		{"different", path, "a\nc\n", "want.txt differs from the golden file"},
		{"no trailing newline", path, "a\nb", "want.txt differs from the golden file"},
		{"missing", path + ".none", "a\nb\n", "run the test with -update to create it"},
	}
	for _, tt := range tests {
		r := &recorder{TB: t}
		Golden(r, tt.path, []byte(tt.got))
		r.expect(t, tt.name, tt.want)
	}
}

// TestSection checks that Section passes a document whose marked part is
// the body, and reports another body or missing markers.
func TestSection(t *testing.T) {
	if Updating() {
		t.Skip("-update rewrites files; Section is tested without it")
	}
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(path, []byte("# Doc\n<!-- begin -->\nold\n<!-- end -->\ntail\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, begin, body, want string
	}{
		{"equal", "<!-- begin -->\n", "old\n", ""},
		{"different", "<!-- begin -->\n", "new\n", "differs at line 3:\n  got:  new\n  want: old"},
		{"no markers", "<!-- other -->\n", "old\n", "lacks the markers"},
	}
	for _, tt := range tests {
		r := &recorder{TB: t}
		Section(r, path, tt.begin, "<!-- end -->", tt.body)
		r.expect(t, tt.name, tt.want)
	}
}

// TestEach checks that Each runs one subtest a matching file, in name
// order, with the file's contents and its stem.
func TestEach(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"b.json": "2", "a.json": "1", "c.txt": "3"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	Each(t, filepath.Join(dir, "*.json"), func(t *testing.T, stem string, input []byte) {
		got = append(got, fmt.Sprintf("%s %s=%s", t.Name(), strings.TrimPrefix(stem, dir), input))
	})
	want := "TestEach/a /a=1, TestEach/b /b=2"
	if s := strings.Join(got, ", "); s != want {
		t.Errorf("Each ran %q, want %q", s, want)
	}
}
