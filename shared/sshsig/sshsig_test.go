package sshsig

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSSHKeygenFixture verifies a signature that ssh-keygen -Y sign made,
// with the allowed_signers line ssh-keygen -Y verify accepted.
func TestSSHKeygenFixture(t *testing.T) {
	msg, sig, allowed := readFile(t, "message.txt"), readFile(t, "message.txt.sig"), readFile(t, "allowed_signers")
	who, err := Verify(sig, Namespace, msg, allowed)
	if err != nil || who != "tester@example" {
		t.Fatalf("Verify = %q, %v", who, err)
	}
	if _, err := Verify(sig, Namespace, append(bytes.Clone(msg), 'x'), allowed); err == nil || !strings.Contains(err.Error(), "MISMATCH") {
		t.Errorf("a changed message verified: %v", err)
	}
	if _, err := Verify(sig, "git", msg, allowed); err == nil || !strings.Contains(err.Error(), `namespace "gpuplan-report", not "git"`) {
		t.Errorf("another namespace verified: %v", err)
	}
	// Same key, re-signed here: ssh-keygen's key file parses and signs
	// byte-identically (Ed25519 is deterministic, the hash is SHA-512).
	key, err := ParsePrivateKey(readFile(t, "test-key"))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := Sign(key, Namespace, msg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ours, sig) {
		t.Errorf("Sign differs from ssh-keygen -Y sign:\n%s\nwant\n%s", ours, sig)
	}
	pub := strings.Fields(string(readFile(t, "test-key.pub")))
	if got := AuthorizedKey(key.Public().(ed25519.PublicKey)); got != pub[0]+" "+pub[1] {
		t.Errorf("AuthorizedKey = %q, want %q", got, pub[0]+" "+pub[1])
	}
	if fp := Fingerprint(key.Public().(ed25519.PublicKey)); fp != "SHA256:KYkPOY3L8CCqimmravmcYfgqlnDsdHq0Z8t7goDl6x0" {
		t.Errorf("Fingerprint = %s, want ssh-keygen's", fp)
	}
}

// TestSSHKeygenInterop runs the real ssh-keygen both ways: it verifies our
// signature, and we verify its signature of a fresh key.
func TestSSHKeygenInterop(t *testing.T) {
	keygen, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen not found (Debian package openssh-client; .ci/run installs it): the interop test needs it")
	}
	dir := t.TempDir()
	key := filepath.Join(dir, "key")
	run := func(stdin []byte, args ...string) (string, error) {
		cmd := exec.Command(keygen, args...)
		cmd.Stdin = bytes.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(nil, "-q", "-t", "ed25519", "-N", "", "-C", "alice", "-f", key); err != nil {
		t.Fatalf("ssh-keygen -t ed25519: %v\n%s", err, out)
	}
	pemBytes, _ := os.ReadFile(key)
	pubLine, _ := os.ReadFile(key + ".pub")
	priv, err := ParsePrivateKey(pemBytes)
	if err != nil {
		t.Fatal(err)
	}
	allowed := filepath.Join(dir, "allowed_signers")
	os.WriteFile(allowed, []byte("# buyer's engineers\nalice namespaces=\"gpuplan-report\" "+string(pubLine)), 0o644)
	msg := []byte("{\"schema\": \"gpuplan.report/v2\"}\n")
	msgFile := filepath.Join(dir, "report.json")
	os.WriteFile(msgFile, msg, 0o644)

	// ours -> ssh-keygen -Y verify
	sig, err := Sign(priv, Namespace, msg)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(msgFile+".sig", sig, 0o644)
	if out, err := run(msg, "-Y", "verify", "-f", allowed, "-I", "alice", "-n", Namespace, "-s", msgFile+".sig"); err != nil || !strings.Contains(out, `Good "gpuplan-report" signature for alice`) {
		t.Fatalf("ssh-keygen -Y verify refused our signature: %v\n%s", err, out)
	}
	if out, err := run(append(msg, ' '), "-Y", "verify", "-f", allowed, "-I", "alice", "-n", Namespace, "-s", msgFile+".sig"); err == nil {
		t.Errorf("ssh-keygen verified a changed report:\n%s", out)
	}

	// ssh-keygen -Y sign -> ours
	os.Remove(msgFile + ".sig")
	if out, err := run(nil, "-Y", "sign", "-f", key, "-n", Namespace, msgFile); err != nil {
		t.Fatalf("ssh-keygen -Y sign: %v\n%s", err, out)
	}
	theirs, _ := os.ReadFile(msgFile + ".sig")
	allowedBytes, _ := os.ReadFile(allowed)
	if who, err := Verify(theirs, Namespace, msg, allowedBytes); err != nil || who != "alice" {
		t.Errorf("Verify(ssh-keygen's signature) = %q, %v", who, err)
	}

	// Our key file -> ssh-keygen reads it and derives the same public key.
	mine := filepath.Join(dir, "mine")
	os.WriteFile(mine, MarshalPrivateKey(priv, "alice", 0x01020304), 0o600)
	if out, err := run(nil, "-y", "-f", mine); err != nil || !strings.HasPrefix(out, AuthorizedKey(priv.Public().(ed25519.PublicKey))) {
		t.Errorf("ssh-keygen -y on MarshalPrivateKey's file: %v\n%s", err, out)
	}

	// A passphrase-protected key is refused with the advice.
	enc := filepath.Join(dir, "enc")
	if out, err := run(nil, "-q", "-t", "ed25519", "-N", "secret passphrase", "-f", enc); err != nil {
		t.Fatalf("ssh-keygen -N: %v\n%s", err, out)
	}
	encBytes, _ := os.ReadFile(enc)
	if _, err := ParsePrivateKey(encBytes); !errors.Is(err, ErrEncryptedKey) {
		t.Errorf("encrypted key: %v, want ErrEncryptedKey", err)
	}
}

func testKey(seed byte) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, ed25519.SeedSize))
}

func TestRoundTrip(t *testing.T) {
	priv := testKey(7)
	pemBytes := MarshalPrivateKey(priv, "bob", 42)
	back, err := ParsePrivateKey(pemBytes)
	if err != nil || !back.Equal(priv) {
		t.Fatalf("ParsePrivateKey(MarshalPrivateKey) = %v", err)
	}
	msg := []byte("report bytes")
	sig, err := Sign(priv, Namespace, msg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(sig, []byte(beginSig+"\n")) || !bytes.HasSuffix(sig, []byte("\n"+endSig+"\n")) {
		t.Errorf("armor:\n%s", sig)
	}
	for _, line := range strings.Split(string(sig), "\n") {
		if len(line) > lineWidth {
			t.Errorf("line of %d columns: ssh-keygen wraps at %d", len(line), lineWidth)
		}
	}
	allowed := []byte("bob " + AuthorizedKey(priv.Public().(ed25519.PublicKey)) + "\n")
	if who, err := Verify(sig, Namespace, msg, allowed); err != nil || who != "bob" {
		t.Errorf("Verify = %q, %v", who, err)
	}
	// CRLF line ends (a Windows mail client) still verify.
	crlf := bytes.ReplaceAll(sig, []byte("\n"), []byte("\r\n"))
	if _, err := Verify(crlf, Namespace, msg, allowed); err != nil {
		t.Errorf("CRLF: %v", err)
	}
	other := []byte("mallory " + AuthorizedKey(testKey(8).Public().(ed25519.PublicKey)) + "\n")
	if _, err := Verify(sig, Namespace, msg, other); err == nil || !strings.Contains(err.Error(), "not in the allowed signers") {
		t.Errorf("a key not in the file verified: %v", err)
	}
}

// TestAllowedSigners: the options of ssh-keygen(1)'s ALLOWED SIGNERS.
func TestAllowedSigners(t *testing.T) {
	defer func(f func() time.Time) { now = f }(now)
	now = func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }
	priv := testKey(1)
	key := AuthorizedKey(priv.Public().(ed25519.PublicKey))
	msg := []byte("m")
	sig, _ := Sign(priv, Namespace, msg)
	for _, c := range []struct {
		line string
		want string // principal, or "" when refused
	}{
		{"alice " + key, "alice"},
		{"alice,bob@x namespaces=\"gpuplan-report\" " + key + " a comment", "alice,bob@x"},
		{"alice namespaces=\"gpuplan-*,git\" " + key, "alice"},
		{"alice namespaces=\"git,file\" " + key, ""},
		{"alice valid-after=\"20260101\",valid-before=\"20270101Z\" " + key, "alice"},
		{"alice valid-before=\"20261130\" " + key, ""},
		{"alice valid-after=\"202612020000Z\" " + key, ""},
		{"alice cert-authority " + key, ""},
		{"\"alice smith\" " + key, "alice smith"}, // the quotes go, as strdelimw drops them
		{"alice " + AuthorizedKey(testKey(2).Public().(ed25519.PublicKey)), ""},
		{"alice ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ\n# rsa lines are skipped\nbob " + key, "bob"},
	} {
		who, err := Verify(sig, Namespace, msg, []byte(c.line))
		if who != c.want || (c.want != "") != (err == nil) {
			t.Errorf("%s: got %q, %v; want %q", c.line, who, err, c.want)
		}
	}
	for _, bad := range []string{
		"alice",
		"alice ssh-ed25519",
		"alice foo=\"bar\" " + key,
		"alice namespaces=gpuplan-report " + key,
		"alice valid-after=\"tomorrow\" " + key,
		"alice ssh-ed25519 !!!",
		"\"alice " + key,
		"alice unknown-type AAAA",
		"alice namespaces=\"a\",namespaces=\"b\" " + key,
		"alice valid-after=\"20270101\",valid-before=\"20260101\" " + key,
		"alice namespaces=\"a\", " + key,
	} {
		if _, err := ParseAllowedSigners([]byte("# ok\n\n" + bad)); err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("%q: %v, want an error naming line 3", bad, err)
		}
	}
}

func TestParseSignatureErrors(t *testing.T) {
	sig, _ := Sign(testKey(3), Namespace, []byte("x"))
	blob, _ := unarmor(sig, beginSig, endSig)
	for name, c := range map[string]struct {
		in   []byte
		want string
	}{
		"empty":     {nil, "BEGIN SSH SIGNATURE"},
		"no end":    {[]byte(beginSig + "\nAAAA\n"), "END SSH SIGNATURE"},
		"base64":    {[]byte(beginSig + "\n!!!\n" + endSig), "base64"},
		"preamble":  {armor([]byte("NOTSIG\x00\x00\x00\x01")), "preamble"},
		"truncated": {armor(blob[:40]), "truncated"},
		"trailing":  {armor(append(bytes.Clone(blob), 0)), "after the signature"},
		"version":   {armor(append([]byte("SSHSIG\x00\x00\x00\x02"), blob[10:]...)), "version must be 1"},
		"too large": {bytes.Repeat([]byte("A"), MaxSignatureBytes+1), "larger than"},
	} {
		_, err := ParseSignature(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

func TestParsePrivateKeyErrors(t *testing.T) {
	good := MarshalPrivateKey(testKey(4), "c", 9)
	blob, _ := unarmor(good, beginKey, endKey)
	corrupt := bytes.Clone(blob)
	corrupt[len(corrupt)-1] ^= 0xff // the padding
	for name, c := range map[string]struct {
		in   []byte
		want string
	}{
		"pem":     {[]byte("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"), "OPENSSH PRIVATE KEY"},
		"magic":   {armorKey([]byte("openssh-key-v0\x00")), "not an openssh-key-v1"},
		"short":   {armorKey(blob[:30]), "truncated"},
		"padding": {armorKey(corrupt), "padding"},
	} {
		_, err := ParsePrivateKey(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

func FuzzParseSignature(f *testing.F) {
	f.Add(readFile(f, "message.txt.sig"))
	sig, _ := Sign(testKey(5), Namespace, []byte("y"))
	f.Add(sig)
	f.Add([]byte(beginSig + "\nU1NIU0lH\n" + endSig))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSignature(data)
		if err != nil {
			return
		}
		if len(s.PublicKey) != ed25519.PublicKeySize || len(s.Sig) != ed25519.SignatureSize {
			t.Fatalf("accepted a signature with a %d-byte key and %d-byte signature", len(s.PublicKey), len(s.Sig))
		}
		_ = s.Check(s.Namespace, data)
	})
}

func FuzzParsePrivateKey(f *testing.F) {
	f.Add(readFile(f, "test-key"))
	f.Add(MarshalPrivateKey(testKey(6), "fuzz", 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		k, err := ParsePrivateKey(data)
		if err != nil {
			return
		}
		if len(k) != ed25519.PrivateKeySize {
			t.Fatalf("accepted a %d-byte key", len(k))
		}
		again, err := ParsePrivateKey(MarshalPrivateKey(k, "", 1))
		if err != nil || !again.Equal(k) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

func FuzzParseAllowedSigners(f *testing.F) {
	f.Add(readFile(f, "allowed_signers"))
	key := AuthorizedKey(testKey(1).Public().(ed25519.PublicKey))
	f.Add([]byte("a,b namespaces=\"x,y\",valid-after=\"20260101Z\" " + key + " c\n# c\n"))
	f.Add([]byte("\"a b\" cert-authority " + key))
	f.Fuzz(func(t *testing.T, data []byte) {
		signers, err := ParseAllowedSigners(data)
		if err != nil {
			return
		}
		for _, s := range signers {
			if len(s.Key) != 0 && len(s.Key) != ed25519.PublicKeySize || s.Line < 1 {
				t.Fatalf("accepted %+v", s)
			}
		}
	})
}
