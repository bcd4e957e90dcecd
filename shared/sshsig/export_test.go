package sshsig

import (
	"errors"
	"fmt"
)

// Helpers the tests use that neither binary reaches.

// ParseAllowedSigners reads an allowed_signers file and refuses it at its
// first malformed line, naming the line: a file for a person to fix.
// Blank lines and comments are skipped; a line of another key type is
// kept with a nil Key. Verify is more lenient, as ssh-keygen is: it skips
// a malformed line and reads on.
func ParseAllowedSigners(data []byte) ([]AllowedSigner, error) {
	if len(data) > MaxAllowedSignersBytes {
		return nil, fmt.Errorf("sshsig: allowed signers file larger than %d bytes", MaxAllowedSignersBytes)
	}
	var out []AllowedSigner
	for i, line := range lines(data) {
		s, ok, err := ParseSignerLine(line)
		if err != nil {
			return nil, fmt.Errorf("sshsig: allowed signers line %d: %v", i+1, err)
		}
		if ok {
			s.Line = i + 1
			out = append(out, s)
		}
	}
	return out, nil
}

// VerifyPrincipal is Verify for one identity, as ssh-keygen -Y verify -I
// principal: the line must also list principal among its patterns.
func VerifyPrincipal(armored []byte, namespace string, message []byte, allowedSigners []byte, principal string) error {
	if principal == "" {
		return errors.New("sshsig: the principal must not be empty")
	}
	_, err := verify(armored, namespace, message, allowedSigners, principal)
	return err
}
