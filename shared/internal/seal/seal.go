// Package seal holds what the sealed JSON documents (the evidence report,
// the fleet report) share: their file form and their SHA-256 digest.
package seal

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Marshal returns v as the document's file: indented JSON plus a newline.
func Marshal(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Digest is the lower-case hex SHA-256 of a document's canonical bytes.
func Digest(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return hex.EncodeToString(sum[:])
}

// IsDigest reports whether s has the form of Digest's result: 64 lower-case
// hex digits.
func IsDigest(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
