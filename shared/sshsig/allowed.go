package sshsig

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
)

// now is the clock valid-after and valid-before are read against.
var now = time.Now

// AllowedSigner is one line of an allowed_signers file (ssh-keygen(1),
// section ALLOWED SIGNERS), read as OpenSSH's sshsig.c reads it:
//
//	alice@example.com,bob@example.com namespaces="gpuplan-report" ssh-ed25519 AAAA… comment
type AllowedSigner struct {
	// Principals is the first field, its double quotes removed: a
	// comma-separated list of patterns ("*" and "?", "!" negates).
	Principals string
	// Namespaces is the value of namespaces="…", a pattern list like
	// Principals; HasNamespaces is false when the option is absent (every
	// namespace is allowed). An empty list allows none.
	Namespaces    string
	HasNamespaces bool
	// ValidAfter and ValidBefore bound when the key may sign; zero means
	// unbounded. A key is valid at ValidBefore itself.
	ValidAfter, ValidBefore time.Time
	// CertAuthority marks a CA key: it trusts certificates, which this
	// package does not verify, so such a line never matches.
	CertAuthority bool
	// Key is the signer's Ed25519 public key; nil on a line of another
	// key type, which never matches an Ed25519 signature.
	Key ed25519.PublicKey
	// Line is the line number in the file, from 1.
	Line int
}

// Allows reports whether the line lets its key sign in namespace at t
// (the namespace patterns and the validity interval; t is compared in
// whole seconds, as ssh-keygen does).
func (s AllowedSigner) Allows(namespace string, t time.Time) bool {
	if s.CertAuthority || s.HasNamespaces && MatchList(namespace, s.Namespaces) != 1 {
		return false
	}
	sec := t.Unix()
	if !s.ValidAfter.IsZero() && sec < s.ValidAfter.Unix() {
		return false
	}
	return s.ValidBefore.IsZero() || sec <= s.ValidBefore.Unix()
}

// lines splits a file into its lines, each cut at a NUL byte (where C's
// string functions stop) and without its CR LF.
func lines(data []byte) []string {
	out := strings.Split(string(data), "\n")
	for i, l := range out {
		if j := strings.IndexByte(l, 0); j >= 0 {
			l = l[:j]
		}
		out[i] = strings.TrimRight(l, "\r")
	}
	return out
}

// ParseSignerLine reads one line: principals, options and key, in
// sshsig.c's order. ok is false for a blank line or a comment.
func ParseSignerLine(line string) (s AllowedSigner, ok bool, err error) {
	cp := strings.TrimLeft(line, " \t\r\n")
	if cp == "" || cp[0] == '#' {
		return s, false, nil
	}
	principals, rest, ok := nextWord(cp)
	if !ok {
		return s, false, errors.New("unterminated quote in the principals")
	}
	if rest == "" {
		return s, false, errors.New("expected principals, [options], key type and base64 key")
	}
	s.Principals = principals
	key, isKey, err := readKey(rest)
	if !isKey {
		opts, after, ok := cutOptions(rest)
		if !ok {
			return s, false, errors.New("unterminated quote in the options")
		}
		if after == "" {
			return s, false, errors.New("no key after the options")
		}
		if key, isKey, err = readKey(after); !isKey {
			return s, false, err
		}
		if err := s.setOptions(opts); err != nil {
			return s, false, err
		}
	}
	s.Key = key
	return s, true, nil
}

// nextWord splits off the first field as OpenSSH's strdelimw does: up to
// white space, or, from a double quote, up to the next double quote (the
// quotes removed). ok is false for an unterminated quote.
func nextWord(s string) (word, rest string, ok bool) {
	i := strings.IndexAny(s, " \t\r\n\"")
	if i < 0 {
		return s, "", true
	}
	if s[i] == '"' {
		j := strings.IndexByte(s[i+1:], '"')
		if j < 0 {
			return "", "", false
		}
		word = s[:i] + s[i+1:i+1+j]
		return word, strings.TrimLeft(s[i+2+j:], " \t\r\n"), true
	}
	return s[:i], strings.TrimLeft(s[i+1:], " \t\r\n"), true
}

// cutOptions splits off the options field: up to the first space or tab
// outside double quotes (\" does not end a quote).
func cutOptions(s string) (opts, rest string, ok bool) {
	quoted := false
	i := 0
	for ; i < len(s) && (quoted || s[i] != ' ' && s[i] != '\t'); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '"':
			i++
		case s[i] == '"':
			quoted = !quoted
		}
	}
	if quoted {
		return "", "", false
	}
	return s[:i], strings.TrimLeft(s[i:], " \t"), true
}

// knownKeyTypes are the public key algorithms OpenSSH reads in an
// allowed_signers file; this package verifies only ssh-ed25519.
var knownKeyTypes = map[string]bool{
	"ssh-ed25519": true, "ssh-rsa": true, "ssh-dss": true, "ecdsa-sha2-nistp256": true,
	"ecdsa-sha2-nistp384": true, "ecdsa-sha2-nistp521": true, "sk-ssh-ed25519@openssh.com": true,
	"sk-ecdsa-sha2-nistp256@openssh.com": true, "ssh-ed25519-cert-v01@openssh.com": true,
	"ssh-rsa-cert-v01@openssh.com": true, "ecdsa-sha2-nistp256-cert-v01@openssh.com": true,
}

// readKey reads "type base64" at the start of s. isKey is false when s
// does not start with a key of a known type (then it may be options);
// err says what is wrong with it. A key of another type than ssh-ed25519
// is a key with a nil value.
func readKey(s string) (key ed25519.PublicKey, isKey bool, err error) {
	typ, rest, _ := strings.Cut(strings.TrimLeft(s, " \t"), " ")
	typ, _, _ = strings.Cut(typ, "\t")
	if !knownKeyTypes[typ] {
		return nil, false, fmt.Errorf("unknown key type %q", clip(typ))
	}
	b64, _, _ := strings.Cut(strings.TrimLeft(rest, " \t"), " ")
	b64, _, _ = strings.Cut(b64, "\t")
	blob, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(blob) == 0 {
		return nil, false, fmt.Errorf("bad base64 key after %s", typ)
	}
	if typ != KeyType {
		return nil, true, nil
	}
	k, err := parsePublicKeyBlob(blob)
	if err != nil {
		return nil, false, err
	}
	return k, true, nil
}

// setOptions reads the comma-separated options field as sshsig.c does:
// names without case, cert-authority, namespaces="…", valid-after="…" and
// valid-before="…", each at most once.
func (s *AllowedSigner) setOptions(opts string) error {
	for opts != "" {
		var err error
		switch {
		case hasPrefixFold(opts, "cert-authority"):
			s.CertAuthority, opts = true, opts[len("cert-authority"):]
		case hasPrefixFold(opts, "namespaces="):
			if s.HasNamespaces {
				return errors.New(`multiple "namespaces" clauses`)
			}
			s.Namespaces, opts, err = dequote(opts[len("namespaces="):])
			s.HasNamespaces = true
		case hasPrefixFold(opts, "valid-after="):
			s.ValidAfter, opts, err = timeOption("valid-after", s.ValidAfter, opts[len("valid-after="):])
		case hasPrefixFold(opts, "valid-before="):
			s.ValidBefore, opts, err = timeOption("valid-before", s.ValidBefore, opts[len("valid-before="):])
		default:
			return fmt.Errorf("unsupported option %q (allowed: cert-authority, namespaces=\"…\", valid-after=\"…\", valid-before=\"…\")", clip(opts))
		}
		if err != nil {
			return err
		}
		if opts == "" {
			break
		}
		if opts[0] != ',' {
			return fmt.Errorf("unknown key option at %q", clip(opts))
		}
		if opts = opts[1:]; opts == "" {
			return errors.New("unexpected end of options after a comma")
		}
	}
	if !s.ValidAfter.IsZero() && !s.ValidBefore.IsZero() && s.ValidBefore.Unix() <= s.ValidAfter.Unix() {
		return errors.New(`"valid-before" time is before "valid-after"`)
	}
	return nil
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// dequote reads a double-quoted value at the start of s, \" standing for
// a quote, and returns it and what follows.
func dequote(s string) (val, rest string, err error) {
	if s == "" || s[0] != '"' {
		return "", "", errors.New("an option's value must start with a double quote")
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '"':
			b.WriteByte('"')
			i++
		case s[i] == '"':
			return b.String(), s[i+1:], nil
		default:
			b.WriteByte(s[i])
		}
	}
	return "", "", errors.New("an option's value lacks its closing double quote")
}

// timeOption reads the value of valid-after or valid-before.
func timeOption(name string, prev time.Time, s string) (time.Time, string, error) {
	if !prev.IsZero() {
		return time.Time{}, "", fmt.Errorf("multiple %q clauses", name)
	}
	v, rest, err := dequote(s)
	if err != nil {
		return time.Time{}, "", err
	}
	t, err := parseSignerTime(v)
	if err != nil || t.Unix() <= 0 {
		return time.Time{}, "", fmt.Errorf("invalid %q time: must be YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS after 1970, optionally ending in Z or UTC, got %q", name, clip(v))
	}
	return t, rest, nil
}

// parseSignerTime reads YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, in local
// time or, with a trailing Z or UTC (any case), in UTC, as OpenSSH's
// parse_absolute_time does.
func parseSignerTime(s string) (time.Time, error) {
	loc := time.Local
	switch u := strings.ToUpper(s); {
	case len(s) > 1 && strings.HasSuffix(u, "Z"):
		s, loc = s[:len(s)-1], time.UTC
	case len(s) > 3 && strings.HasSuffix(u, "UTC"):
		s, loc = s[:len(s)-3], time.UTC
	}
	for _, layout := range []string{"20060102", "200601021504", "20060102150405"} {
		if len(s) == len(layout) {
			return time.ParseInLocation(layout, s, loc)
		}
	}
	return time.Time{}, errors.New("bad length")
}

// MatchList matches s against a comma-separated pattern list as OpenSSH's
// match_pattern_list does, with case: 1 when a pattern matches, -1 when a
// pattern negated with "!" matches (that wins), 0 otherwise. A pattern
// of 1,023 bytes or more matches nothing.
func MatchList(s, list string) int {
	got := 0
	for len(list) > 0 {
		negated := list[0] == '!'
		if negated {
			list = list[1:]
		}
		pat, rest, _ := strings.Cut(list, ",")
		list = rest
		if len(pat) >= 1023 {
			return 0
		}
		if Match(s, pat) {
			if negated {
				return -1
			}
			got = 1
		}
	}
	return got
}

// Match matches s against one pattern of OpenSSH's match_pattern: "*" any
// run of bytes, "?" any one byte, every other byte itself. It runs in time
// proportional to len(s) × len(pattern).
func Match(s, pattern string) bool {
	si, pi := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		switch {
		case pi < len(pattern) && (pattern[pi] == '?' || pattern[pi] == s[si]) && pattern[pi] != '*':
			si++
			pi++
		case pi < len(pattern) && pattern[pi] == '*':
			star, mark = pi, si
			pi++
		case star >= 0:
			mark++
			si, pi = mark, star+1
		default:
			return false
		}
	}
	for pi < len(pattern) && pattern[pi] == '*' {
		pi++
	}
	return pi == len(pattern)
}

// signerFor finds the first line of allowedSigners, read line by line as
// ssh-keygen -Y verify reads it, that lets key sign in namespace at t and,
// when principal is not empty, lists principal among its patterns. A
// malformed line is skipped, as ssh-keygen skips it. why lists what kept
// the lines with this key from matching, and the malformed lines.
func signerFor(allowedSigners []byte, key ed25519.PublicKey, namespace, principal string, t time.Time) (found *AllowedSigner, why []string) {
	for i, line := range lines(allowedSigners) {
		s, ok, err := ParseSignerLine(line)
		switch {
		case err != nil:
			why = append(why, fmt.Sprintf("line %d skipped: %v", i+1, err))
			continue
		case !ok || principal != "" && MatchList(principal, s.Principals) != 1 || !s.Key.Equal(key):
			continue
		}
		s.Line = i + 1
		switch {
		case s.Allows(namespace, t):
			return &s, why
		case s.CertAuthority:
			why = append(why, fmt.Sprintf("line %d lists the key as a cert-authority, which signs certificates, not reports", i+1))
		default:
			why = append(why, fmt.Sprintf("line %d lists the key, but not for namespace %q at %s", i+1, namespace, t.UTC().Format(time.RFC3339)))
		}
	}
	return nil, why
}
