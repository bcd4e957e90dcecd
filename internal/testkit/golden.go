package testkit

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update is the one -update flag of every test binary that imports the kit:
// go test ./pkg -update rewrites that package's golden files.
var update = flag.Bool("update", false, "rewrite golden files in testdata")

// Updating reports whether the test run rewrites golden files.
func Updating() bool { return *update }

// Golden compares got with the golden file at path, or writes it under
// -update.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file at %s; rerun with -update and review the diff\n--- got ---\n%s", path, firstDiff(got, want), got)
	}
}

// firstDiff names the first line where got and want differ, with both
// versions of it.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n  got:  %s\n  want: %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("the end: got %d lines, want %d", len(g), len(w))
}

// Section checks the part of the document at path between the markers
// begin and end, such as an example a doc quotes from testdata, against
// body; under -update it rewrites that part and leaves the rest as it is.
// begin and end stay in the document (HTML comments keep them out of
// rendered Markdown).
func Section(t testing.TB, path, begin, end, body string) {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok1 := strings.Cut(string(doc), begin)
	_, tail, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the markers %q and %q", path, begin, end)
	}
	want := head + begin + body + end + tail
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(doc) != want {
		t.Errorf("%s: the part after %q differs at %s; rerun with -update and review the diff", path, strings.TrimSpace(begin), firstDiff([]byte(want), doc))
	}
}

// Each runs fn as a subtest for every file matching pattern, a
// filepath.Glob pattern such as "testdata/*.json". fn gets the file's
// contents and its path without the extension, the stem that the golden
// files beside it share ("testdata/good" for "testdata/good.json"); the
// subtest is named by the stem's base name. Each fails the test when no
// file matches, so a moved testdata folder cannot pass silently.
func Each(t *testing.T, pattern string, fn func(t *testing.T, stem string, input []byte)) {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no files match %s", pattern)
	}
	for _, path := range paths {
		stem := strings.TrimSuffix(path, filepath.Ext(path))
		t.Run(filepath.Base(stem), func(t *testing.T) {
			input, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fn(t, stem, input)
		})
	}
}

// Renderer is a result that writes itself as text and as Markdown.
type Renderer interface {
	WriteText(w io.Writer) error
	WriteMarkdown(w io.Writer) error
}

// Rendered checks r's text and Markdown against stem.txt and stem.md.
func Rendered(t testing.TB, stem string, r Renderer) {
	t.Helper()
	var text, md bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	Golden(t, stem+".txt", text.Bytes())
	Golden(t, stem+".md", md.Bytes())
}
