package sshsig

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"path"
	"strings"
	"time"
)

// now is the clock valid-after and valid-before are read against.
var now = time.Now

// AllowedSigner is one line of an allowed_signers file (ssh-keygen(1),
// section ALLOWED SIGNERS):
//
//	alice@example.com,bob@example.com namespaces="gpuplan-report" ssh-ed25519 AAAA… comment
type AllowedSigner struct {
	// Principals is the first field as written: comma-separated patterns.
	Principals string
	// Namespaces are the patterns of the namespaces="…" option; empty
	// means every namespace.
	Namespaces []string
	// ValidAfter and ValidBefore bound when the key may sign; zero means
	// unbounded.
	ValidAfter, ValidBefore time.Time
	// CertAuthority marks a CA key: it trusts certificates, which this
	// package does not verify, so such a line never matches.
	CertAuthority bool
	// Key is the signer's Ed25519 public key.
	Key ed25519.PublicKey
	// Line is the line number in the file, from 1.
	Line int
}

// Allows reports whether the line lets its key sign in namespace at t.
func (s AllowedSigner) Allows(namespace string, t time.Time) bool {
	if s.CertAuthority {
		return false
	}
	if !s.ValidAfter.IsZero() && t.Before(s.ValidAfter) {
		return false
	}
	if !s.ValidBefore.IsZero() && !t.Before(s.ValidBefore) {
		return false
	}
	if len(s.Namespaces) == 0 {
		return true
	}
	for _, p := range s.Namespaces {
		if ok, _ := path.Match(p, namespace); ok {
			return true
		}
	}
	return false
}

// ParseAllowedSigners reads an allowed_signers file. Blank lines and lines
// starting with # are skipped. Lines with key types other than ssh-ed25519
// are kept out (this package cannot verify them) but are not an error;
// a malformed line is, naming its number.
func ParseAllowedSigners(data []byte) ([]AllowedSigner, error) {
	if len(data) > MaxAllowedSignersBytes {
		return nil, fmt.Errorf("sshsig: allowed signers file larger than %d bytes", MaxAllowedSignersBytes)
	}
	var out []AllowedSigner
	for i, line := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(string(line))
		if s == "" || s[0] == '#' {
			continue
		}
		signer, ok, err := parseSignerLine(s)
		if err != nil {
			return nil, fmt.Errorf("sshsig: allowed signers line %d: %v", i+1, err)
		}
		if ok {
			signer.Line = i + 1
			out = append(out, signer)
		}
	}
	return out, nil
}

// parseSignerLine reads one line; ok is false for a well-formed line of a
// key type this package does not verify.
func parseSignerLine(s string) (AllowedSigner, bool, error) {
	var sig AllowedSigner
	principals, rest, err := field(s)
	if err != nil {
		return sig, false, err
	}
	if principals == "" {
		return sig, false, fmt.Errorf("no principals")
	}
	sig.Principals = principals
	next, after, err := field(rest)
	if err != nil {
		return sig, false, err
	}
	if !isKeyType(next) {
		if err := sig.setOptions(next); err != nil {
			return sig, false, err
		}
		next, after, err = field(after)
		if err != nil {
			return sig, false, err
		}
	}
	keyText, _, err := field(after)
	if err != nil {
		return sig, false, err
	}
	if next == "" || keyText == "" {
		return sig, false, fmt.Errorf("expected principals, [options], key type and base64 key")
	}
	if !isKeyType(next) {
		return sig, false, fmt.Errorf("unknown key type %q", clip(next))
	}
	if next != KeyType {
		return sig, false, nil
	}
	blob, err := base64.StdEncoding.DecodeString(keyText)
	if err != nil {
		return sig, false, fmt.Errorf("bad base64 key: %v", err)
	}
	key, err := parsePublicKeyBlob(blob)
	if err != nil {
		return sig, false, err
	}
	sig.Key = key
	return sig, true, nil
}

// field splits off the first whitespace-separated field of s; a field may
// hold double-quoted parts with spaces.
func field(s string) (string, string, error) {
	s = strings.TrimLeft(s, " \t")
	quoted := false
	for i, c := range s {
		switch {
		case c == '"':
			quoted = !quoted
		case !quoted && (c == ' ' || c == '\t'):
			return s[:i], s[i:], nil
		}
	}
	if quoted {
		return "", "", fmt.Errorf("unterminated quote")
	}
	return s, "", nil
}

// isKeyType reports whether s names an SSH public key algorithm.
func isKeyType(s string) bool {
	return strings.HasPrefix(s, "ssh-") || strings.HasPrefix(s, "ecdsa-") || strings.HasPrefix(s, "sk-")
}

// setOptions reads the comma-separated options field.
func (sig *AllowedSigner) setOptions(opts string) error {
	for _, opt := range splitOptions(opts) {
		name, val, hasVal := strings.Cut(opt, "=")
		name = strings.ToLower(name)
		if hasVal {
			if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
				return fmt.Errorf("option %s: the value must be in double quotes", name)
			}
			val = val[1 : len(val)-1]
		}
		var err error
		switch {
		case name == "cert-authority" && !hasVal:
			sig.CertAuthority = true
		case name == "namespaces" && hasVal:
			for _, p := range strings.Split(val, ",") {
				if p = strings.TrimSpace(p); p != "" {
					sig.Namespaces = append(sig.Namespaces, p)
				}
			}
		case name == "valid-after" && hasVal:
			sig.ValidAfter, err = parseSignerTime(val)
		case name == "valid-before" && hasVal:
			sig.ValidBefore, err = parseSignerTime(val)
		default:
			return fmt.Errorf("unknown option %q (allowed: cert-authority, namespaces=\"…\", valid-after=\"…\", valid-before=\"…\")", clip(opt))
		}
		if err != nil {
			return fmt.Errorf("option %s: %v", name, err)
		}
	}
	return nil
}

// splitOptions splits on commas outside double quotes.
func splitOptions(s string) []string {
	var out []string
	quoted, start := false, 0
	for i, c := range s {
		switch {
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// parseSignerTime reads YYYYMMDD or YYYYMMDDHHMM[SS], local time or UTC
// with a trailing Z, as ssh-keygen(1) does.
func parseSignerTime(s string) (time.Time, error) {
	loc := time.Local
	if t, ok := strings.CutSuffix(s, "Z"); ok {
		s, loc = t, time.UTC
	}
	for _, layout := range []string{"20060102", "200601021504", "20060102150405"} {
		if len(s) == len(layout) {
			if t, err := time.ParseInLocation(layout, s, loc); err == nil {
				return t, nil
			}
		}
	}
	return time.Time{}, fmt.Errorf("time must be YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, optionally ending in Z, got %q", clip(s))
}
