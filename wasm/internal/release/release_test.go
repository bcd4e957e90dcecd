package release

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The manifests in testdata: release-snapshot.json is what
// verifier/release/release.sh snapshot wrote on 2026-11-29 (base_url empty,
// tag null); release.json is the same files as release-json.sh writes them
// for the tag v0.3.0.

func readManifest(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecode: the manifests release-json.sh writes are read; any
// field it never writes, or a value it never writes, is refused with the
// field's name.
func TestDecode(t *testing.T) {
	good := readManifest(t, "release.json")
	r, err := Decode(good)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Published() || *r.Tag != "v0.3.0" || len(r.Files) != 6 || r.Files[0].Size != 2162910 {
		t.Errorf("release.json read as %+v", r)
	}
	snap, err := Decode(readManifest(t, "release-snapshot.json"))
	if err != nil || snap.Published() || snap.Tag != nil || !snap.Snapshot {
		t.Errorf("snapshot: %+v, %v", snap, err)
	}
	sha := "38656cec0d2f3ec8e22e6c3bf66f52808ae11c4d9ad3bd572004a97b4910d316"
	for _, c := range []struct{ name, from, to, want string }{
		{"unknown field", `"snapshot": false,`, `"snapshot": false, "signed": true,`, "signed"},
		{"other schema", `gpuplan.release/v1`, `gpuplan.release/v2`, "schema"},
		{"no version", `"version": "0.3.0"`, `"version": ""`, "version"},
		{"a tag on a snapshot", `"snapshot": false`, `"snapshot": true`, "tag"},
		{"base_url without slash", `download/v0.3.0/"`, `download/v0.3.0"`, "base_url"},
		{"base_url of another scheme", `"https://github.com`, `"javascript://github.com`, "base_url"},
		{"checksums with a path", `"checksums": "checksums.txt"`, `"checksums": "../checksums.txt"`, "checksums"},
		{"file name with a slash", `"gpuverify_0.3.0_linux_amd64.tar.gz"`, `"x/gpuverify.tar.gz"`, "files[0].name"},
		{"file name with a space", `"gpuverify_0.3.0_linux_amd64.tar.gz"`, `"gpuverify 0.3.0.tar.gz"`, "files[0].name"},
		{"unknown kind", `"kind": "deb"`, `"kind": "msi"`, "files[1].kind"},
		{"zero size", `"size": 2162910`, `"size": 0`, "files[0].size"},
		{"short sha256", sha, sha[:63], "files[0].sha256"},
		{"upper-case sha256", sha, strings.ToUpper(sha), "files[0].sha256"},
		{"trailing data", "", "{}", "data after the JSON document"},
		{"a stray brace", "", "}", "data after the JSON document"},
	} {
		bad := bytes.Replace(good, []byte(c.from), []byte(c.to), 1)
		if c.from == "" { // appended after the document
			bad = append(bytes.Clone(good), c.to...)
		}
		if bytes.Equal(bad, good) {
			t.Fatalf("%s: %q not found", c.name, c.from)
		}
		if _, err := Decode(bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one naming %s", c.name, err, c.want)
		}
	}
}

// FuzzDecode: Decode never panics, and what it accepts is
// valid.
func FuzzDecode(f *testing.F) {
	for _, name := range []string{"release.json", "release-snapshot.json"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"schema":"gpuplan.release/v1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		if err := r.validate(); err != nil {
			t.Fatalf("accepted an invalid manifest: %v", err)
		}
	})
}
