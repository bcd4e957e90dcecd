//go:build !wasm

package main

import (
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/release"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The manifests in testdata: release-snapshot.json is what
// verifier/release/release.sh snapshot wrote on 2026-11-29 (base_url empty,
// tag null); release.json is the same files as release-json.sh writes them
// for the tag v0.3.0.

func readManifest(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("internal/release/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReleaseBlock: the acceptance page's download list for a published
// release, and the line for a build without one, in both languages.
func TestReleaseBlock(t *testing.T) {
	r, err := release.Decode(readManifest(t, "release.json"))
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
		r    *release.Manifest
		want []string
	}{
		{En, nil, []string{"No published release for this build."}},
		{Zh, nil, []string{"本次构建没有已发布的版本。"}},
		{En, &release.Manifest{Version: "0.0.1-snapshot+9c4e07b", Snapshot: true}, []string{"No published release for this build.", "0.0.1-snapshot+9c4e07b, which is not published"}},
		{Zh, &release.Manifest{Version: "0.3.0", Tag: new(string), Files: r.Files}, []string{"本次构建没有已发布的版本。"}}, // no base_url
		{En, &release.Manifest{Version: "0.3.0", BaseURL: r.BaseURL}, []string{"No published release"}},        // no files
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
	t.Setenv(release.EnvVar, "") // go-app sets it from Handler.Env; restore it afterwards
	html := prerenderRelease(t, "/acceptance?lang=en", readManifest(t, "release.json"))
	if !strings.Contains(html, `id="release-files"`) || !strings.Contains(html, "gpuverify_0.3.0_linux_arm64.tar.gz") {
		t.Error("the page does not list the release")
	}
	if html := prerender(t, "/acceptance?lang=en"); !strings.Contains(html, "No published release for this build.") {
		t.Error("the page does not say there is no release")
	}
}
