package catalog

import (
	"regexp"
	"testing"
)

// repoPathRE is the regular expression repoPath replaced (so the site does
// not link Go's regexp compiler); repoPath must return what its FindString
// returns.
var repoPathRE = regexp.MustCompile(`(^|[\s(;,])(seeds|research|fixtures|docs|shared|wasm|verifier|testdata|deploy)/` +
	`|\b(sizing|tco|verifier|goapp-build|aesthetics|RULES|DESIGN)\.md\b` +
	`|\b\d{3}_[0-9a-f]{16}\.txt\b`)

// repoPathCases are edge cases of each kind of citation, found and not.
var repoPathCases = []string{
	"seeds/001.txt", " seeds/x", "x (research/tco.md)", "a;docs/b", "a,wasm/", "\tshared/", "\vshared/",
	"xseeds/", "seeds", "seed/", "deploy/ and verifier/", "see: fixtures/", "(testdata/", "\nverifier/",
	"sizing.md", "see tco.md.", "xtco.md", "DESIGN.mdx", "DESIGN.md_", "_tco.md", "RULES.md,DESIGN.md", "rules.md",
	"goapp-build.md", "aesthetics.md)", "verifier.md/x", "é.tco.md", "\xfftco.md", "DESIGN.md\xff",
	"042_0123456789abcdef.txt", "x042_0123456789abcdef.txt", "042_0123456789abcdef.txtx", "042_0123456789ABCDEF.txt",
	"1042_0123456789abcdef.txt", "04_0123456789abcdef.txt", "042_0123456789abcde.txt", "(042_0123456789abcdef.txt)",
	"https://example.com/docs/x", "article Foo, seeds/x", "", " ", "(", "https://a/b sizing.md seeds/",
}

func TestRepoPathMatchesRegexp(t *testing.T) {
	n := 0
	for _, s := range repoPathCases {
		if checkRepoPath(t, s) {
			n++
		}
	}
	if n != 23 {
		t.Errorf("%d cases name a repository file, want 23", n)
	}
}

// FuzzRepoPath compares repoPath with repoPathRE on arbitrary sources. Go's
// default minimization of new inputs stalls this target's workers; bound it:
//
//	go test ./shared/catalog -run '^$' -fuzz '^FuzzRepoPath$' -fuzztime 30s -fuzzminimizetime 200x
func FuzzRepoPath(f *testing.F) {
	for _, s := range repoPathCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkRepoPath(t, s) })
}

// checkRepoPath fails t when repoPath and repoPathRE disagree on s and
// reports whether s names a repository file.
func checkRepoPath(t *testing.T, s string) bool {
	got, want := repoPath(s), repoPathRE.FindString(s)
	if got != want {
		t.Errorf("repoPath(%q) = %q, the regexp says %q", s, got, want)
	}
	return want != ""
}
