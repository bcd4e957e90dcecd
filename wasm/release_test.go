//go:build !wasm

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
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

// TestDecodeRelease: the manifests release-json.sh writes are read; any
// field it never writes, or a value it never writes, is refused with the
// field's name.
func TestDecodeRelease(t *testing.T) {
	good := readManifest(t, "release.json")
	r, err := DecodeRelease(good)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Published() || *r.Tag != "v0.3.0" || len(r.Files) != 6 || r.Files[0].Size != 2162910 {
		t.Errorf("release.json read as %+v", r)
	}
	snap, err := DecodeRelease(readManifest(t, "release-snapshot.json"))
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
		if _, err := DecodeRelease(bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one naming %s", c.name, err, c.want)
		}
	}
}

// TestReleaseBlock: the acceptance page's download list for a published
// release, and the line for a build without one, in both languages.
func TestReleaseBlock(t *testing.T) {
	r, err := DecodeRelease(readManifest(t, "release.json"))
	if err != nil {
		t.Fatal(err)
	}
	html := app.HTMLString(releaseBlock(En, r))
	for _, f := range r.Files {
		for _, w := range []string{`<a href="` + r.BaseURL + f.Name + `">` + f.Name + `</a>`,
			`<code class="sha">` + f.SHA256 + `</code>`, `data-file="` + f.Name + `"`} {
			if !strings.Contains(html, w) {
				t.Errorf("the list lacks %s", w)
			}
		}
	}
	for _, w := range []string{"Download gpuverify", "release v0.3.0 (commit 9c4e07b0197a", "linux/arm64", ">2.16 MB<",
		"sha256sum -c checksums.txt --ignore-missing"} {
		if !strings.Contains(html, w) {
			t.Errorf("the block lacks %s", w)
		}
	}
	if !hasElement(html, "a", map[string]string{"id": "release-checksums", "href": r.BaseURL + "checksums.txt"}) {
		t.Error("no link to checksums.txt")
	}
	for _, c := range []struct {
		l    Lang
		r    *Release
		want []string
	}{
		{En, nil, []string{"No published release for this build."}},
		{Zh, nil, []string{"本次构建没有已发布的版本。"}},
		{En, &Release{Version: "0.0.1-snapshot+9c4e07b", Snapshot: true}, []string{"No published release for this build.", "0.0.1-snapshot+9c4e07b, which is not published"}},
		{Zh, &Release{Version: "0.3.0", Tag: new(string), Files: r.Files}, []string{"本次构建没有已发布的版本。"}}, // no base_url
		{En, &Release{Version: "0.3.0", BaseURL: r.BaseURL}, []string{"No published release"}},        // no files
	} {
		html := app.HTMLString(releaseBlock(c.l, c.r))
		for _, w := range c.want {
			if !strings.Contains(html, w) || !strings.Contains(html, `id="release-none"`) || strings.Contains(html, "sha256sum") {
				t.Errorf("%s %+v: lacks %q or lists files:\n%s", c.l, c.r, w, html)
			}
		}
	}
}

// TestAcceptancePageRelease: the acceptance page shows the manifest the
// generator put in go-app's environment, and nothing when there is none.
func TestAcceptancePageRelease(t *testing.T) {
	useStore(t, memStore{})
	t.Setenv(releaseEnv, "") // go-app sets it from Handler.Env; restore it afterwards
	html := prerenderRelease(t, "/acceptance?lang=en", readManifest(t, "release.json"))
	if !strings.Contains(html, `id="release-files"`) || !strings.Contains(html, "gpuverify_0.3.0_linux_arm64.tar.gz") {
		t.Error("the page does not list the release")
	}
	if html := prerender(t, "/acceptance?lang=en"); !strings.Contains(html, "No published release for this build.") {
		t.Error("the page does not say there is no release")
	}
}

// FuzzDecodeRelease: DecodeRelease never panics, and what it accepts is
// valid.
func FuzzDecodeRelease(f *testing.F) {
	for _, name := range []string{"release.json", "release-snapshot.json"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"schema":"gpuplan.release/v1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeRelease(data)
		if err != nil {
			return
		}
		if err := r.validate(); err != nil {
			t.Fatalf("accepted an invalid manifest: %v", err)
		}
	})
}
