package sshsig

import (
	"bytes"
	"crypto/ed25519"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// keygenCases are allowed_signers files and the identity asked for, each
// read by VerifyPrincipal and by the real ssh-keygen -Y verify, which
// must agree (ssh-keygen(1), ALLOWED SIGNERS; OpenSSH's sshsig.c and
// match.c). K is the signing key, O another key; the signature is made in
// the gpuplan-report namespace and checked at 2026-12-01 12:00:00 UTC.
var keygenCases = []struct {
	name, file, id string
	ok             bool
}{
	{"plain", "alice K", "alice", true},
	{"other principal", "alice K", "bob", false},
	{"principal list", "alice,bob K", "bob", true},
	{"principal pattern", "*@example.com K", "alice@example.com", true},
	{"principal negated", "*,!mallory K", "mallory", false},
	{"principal not negated", "*,!mallory K", "alice", true},
	{"principal case", "ALICE K", "alice", false},
	{"quoted principal", `"alice smith" K`, "alice smith", true},
	{"namespace", `alice namespaces="gpuplan-report" K`, "alice", true},
	{"namespace excluded", `alice namespaces="git,!gpuplan-report" K`, "alice", false},
	{"namespace all but", `alice namespaces="*,!gpuplan-report" K`, "alice", false},
	{"namespace wildcard", `alice namespaces="gpuplan-*" K`, "alice", true},
	{"namespace question mark", `alice namespaces="gpuplan-repor?" K`, "alice", true},
	{"namespace empty list", `alice namespaces="" K`, "alice", false},
	{"namespace bracket is literal", `alice namespaces="[g]puplan-report" K`, "alice", false},
	{"namespace backslash is literal", `alice namespaces="gpuplan\-report" K`, "alice", false},
	{"namespace other", `alice namespaces="git,file" K`, "alice", false},
	{"option name case", `alice NAMESPACES="gpuplan-report" K`, "alice", true},
	{"namespace twice", `alice namespaces="gpuplan-report",namespaces="git" K`, "alice", false},
	{"namespace unquoted", `alice namespaces=gpuplan-report K`, "alice", false},
	{"comma at the end", `alice namespaces="gpuplan-report", K`, "alice", false},
	{"unknown option", `alice foo="bar" K`, "alice", false},
	{"cert-authority", `alice cert-authority K`, "alice", false},
	{"cert-authority and namespace", `alice cert-authority,namespaces="gpuplan-report" K`, "alice", false},
	{"valid after", `alice valid-after="20260101" K`, "alice", true},
	{"valid after, UTC suffix", `alice valid-after="20260101utc" K`, "alice", true},
	{"not yet valid", `alice valid-after="20270101Z" K`, "alice", false},
	{"not yet valid by a second", `alice valid-after="20261201120001Z" K`, "alice", false},
	{"expired", `alice valid-before="20261130Z" K`, "alice", false},
	{"valid to the second", `alice valid-before="20261201120000Z" K`, "alice", true},
	{"before before after", `alice valid-after="20270101Z",valid-before="20260101Z" K`, "alice", false},
	{"bad time", `alice valid-after="tomorrow" K`, "alice", false},
	{"comment after the key", "alice K a comment", "alice", true},
	{"other key first", "alice O\nalice K", "alice", true},
	{"malformed line skipped", "bob ssh-ed25519 !!!\nalice K", "alice", true},
	{"comment and blank lines", "# buyer\n\n  \nalice K", "alice", true},
	{"rsa line skipped", "bob ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ\nalice K", "alice", true},
	{"only another key", "alice O", "alice", false},
}

// TestAllowedSignersLikeSSHKeygen holds the allowed_signers reading equal
// to the real ssh-keygen -Y verify on every case of keygenCases.
func TestAllowedSignersLikeSSHKeygen(t *testing.T) {
	keygen, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen not found (Debian package openssh-client; make test-deps installs it)")
	}
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	defer func(f func() time.Time) { now = f }(now)
	now = func() time.Time { return at }
	t.Setenv("TZ", "UTC") // local times in the file read alike in both
	defer func(l *time.Location) { time.Local = l }(time.Local)
	time.Local = time.UTC
	priv := testKey(1)
	k, o := AuthorizedKey(priv.Public().(ed25519.PublicKey)), AuthorizedKey(testKey(2).Public().(ed25519.PublicKey))
	msg := []byte("{\"schema\": \"gpuplan.report/v2\"}\n")
	sig, err := Sign(priv, Namespace, msg)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sigFile := filepath.Join(dir, "report.json.sig")
	os.WriteFile(sigFile, sig, 0o644)
	for i, c := range keygenCases {
		file := strings.NewReplacer(" K", " "+k, " O", " "+o).Replace(c.file) + "\n"
		ours := VerifyPrincipal(sig, Namespace, msg, []byte(file), c.id)
		allowed := filepath.Join(dir, "allowed_signers")
		os.WriteFile(allowed, []byte(file), 0o644)
		cmd := exec.Command(keygen, "-Y", "verify", "-f", allowed, "-I", c.id, "-n", Namespace, "-s", sigFile, "-O", "verify-time=20261201120000Z")
		cmd.Stdin = bytes.NewReader(msg)
		out, theirs := cmd.CombinedOutput()
		if (ours == nil) != (theirs == nil) || (ours == nil) != c.ok {
			t.Errorf("case %d %s: ours %v, ssh-keygen %v (%s), want ok=%v\n%s", i, c.name, ours, theirs, strings.TrimSpace(string(out)), c.ok, file)
		}
	}
	if len(keygenCases) < 20 {
		t.Errorf("%d cases, want at least 20", len(keygenCases))
	}
}

// TestMatch: OpenSSH's match_pattern and match_pattern_list.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		s, list string
		want    int
	}{
		{"gpuplan-report", "gpuplan-report", 1},
		{"gpuplan-report", "*", 1},
		{"gpuplan-report", "git,*-report", 1},
		{"gpuplan-report", "*,!gpuplan-*", -1},
		{"gpuplan-report", "!git", 0},
		{"gpuplan-report", "", 0},
		{"", "", 0},
		{"a", "?", 1},
		{"ab", "?", 0},
		{"abc", "a*c", 1},
		{"abc", "a*b", 0},
		{"[x]", "[x]", 1},
		{"x", "[x]", 0},
		{strings.Repeat("a", 3000), strings.Repeat("*a", 1000), 0}, // too long a pattern
	} {
		if got := MatchList(c.s, c.list); got != c.want {
			t.Errorf("MatchList(%.20q, %.20q) = %d, want %d", c.s, c.list, got, c.want)
		}
	}
}

// BenchmarkMatchStars: many stars against a long string stay fast (no
// backtracking blow-up).
func BenchmarkMatchStars(b *testing.B) {
	s, p := strings.Repeat("a", 1000), strings.Repeat("*a", 500)+"b"
	for range b.N {
		Match(s, p)
	}
}
