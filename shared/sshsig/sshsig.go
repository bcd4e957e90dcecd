// Package sshsig signs and verifies data in the format of OpenSSH's
// "ssh-keygen -Y sign" and "ssh-keygen -Y verify" (PROTOCOL.sshsig in the
// OpenSSH sources), with Ed25519 keys. A signature made here verifies with
// ssh-keygen, and one made by ssh-keygen verifies here:
//
//	ssh-keygen -Y sign -f KEY -n gpuplan-report report.json        # writes report.json.sig
//	ssh-keygen -Y verify -f allowed_signers -I ID -n gpuplan-report \
//	    -s report.json.sig < report.json
//
// It reads three formats, each bounded and refused with a clear error when
// malformed: the armored signature ("-----BEGIN SSH SIGNATURE-----"), the
// unencrypted OpenSSH private key file ("-----BEGIN OPENSSH PRIVATE
// KEY-----", PROTOCOL.key) and the allowed_signers file of ssh-keygen(1).
//
// Only the standard library is used, so the planner site (WebAssembly) and
// gpuverify verify with the same code.
package sshsig

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// Namespace is the namespace gpuverify signs its reports in: a signature
// made for another purpose (git commits, files) does not verify as a report
// signature.
const Namespace = "gpuplan-report"

// KeyType is the only public key algorithm this package signs and verifies.
const KeyType = "ssh-ed25519"

// Limits on what the decoders read: far above any real input.
const (
	MaxSignatureBytes      = 16 << 10
	MaxPrivateKeyBytes     = 16 << 10
	MaxAllowedSignersBytes = 1 << 20
)

const (
	magic      = "SSHSIG"
	sigVersion = 1
	beginSig   = "-----BEGIN SSH SIGNATURE-----"
	endSig     = "-----END SSH SIGNATURE-----"
	// lineWidth is how wide ssh-keygen wraps the base64 of a signature.
	lineWidth = 70
)

// hashes are the hash algorithms PROTOCOL.sshsig allows.
var hashes = map[string]func([]byte) []byte{
	"sha512": func(b []byte) []byte { s := sha512.Sum512(b); return s[:] },
	"sha256": func(b []byte) []byte { s := sha256.Sum256(b); return s[:] },
}

// Signature is a decoded SSH signature.
type Signature struct {
	// PublicKey is the signer's Ed25519 public key.
	PublicKey ed25519.PublicKey
	// Namespace is the purpose the signature was made for.
	Namespace string
	// HashAlgorithm is "sha512" or "sha256".
	HashAlgorithm string
	// Sig is the Ed25519 signature of the signed data.
	Sig []byte
}

// Sign signs message with priv in namespace and returns the armored
// signature, as ssh-keygen -Y sign writes it (SHA-512, 70-column base64,
// a newline at the end).
func Sign(priv ed25519.PrivateKey, namespace string, message []byte) ([]byte, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return nil, fmt.Errorf("sshsig: an Ed25519 private key has %d bytes, got %d", ed25519.PrivateKeySize, len(priv))
	}
	if namespace == "" {
		return nil, errors.New("sshsig: the namespace must not be empty")
	}
	pub := priv.Public().(ed25519.PublicKey)
	sig := ed25519.Sign(priv, signedData(namespace, "sha512", message))
	var blob bytes.Buffer
	blob.WriteString(magic)
	blob.Write(binary.BigEndian.AppendUint32(nil, sigVersion))
	putString(&blob, publicKeyBlob(pub))
	putString(&blob, []byte(namespace))
	putString(&blob, nil) // reserved
	putString(&blob, []byte("sha512"))
	putString(&blob, signatureBlob(sig))
	return armor(blob.Bytes()), nil
}

// Verify checks an armored signature of message in namespace against an
// allowed_signers file and returns the principals of the first line whose
// key made it. It fails when the signature is malformed or made for
// another namespace, when it does not match message, or when no line of
// allowedSigners lists the key for this namespace at this time. The file
// is read line by line as ssh-keygen -Y verify reads it (a malformed line
// is skipped); the principals are not matched against any identity, as
// in ssh-keygen -Y find-principals: VerifyPrincipal does that too.
func Verify(armored []byte, namespace string, message []byte, allowedSigners []byte) (principal string, err error) {
	return verify(armored, namespace, message, allowedSigners, "")
}

func verify(armored []byte, namespace string, message, allowedSigners []byte, principal string) (string, error) {
	sig, err := ParseSignature(armored)
	if err != nil {
		return "", err
	}
	if err := sig.Check(namespace, message); err != nil {
		return "", err
	}
	if len(allowedSigners) > MaxAllowedSignersBytes {
		return "", fmt.Errorf("sshsig: allowed signers file larger than %d bytes", MaxAllowedSignersBytes)
	}
	s, why := signerFor(allowedSigners, sig.PublicKey, namespace, principal, now())
	if s != nil {
		return s.Principals, nil
	}
	who := ""
	if principal != "" {
		who = fmt.Sprintf(" under the principal %q", clip(principal))
	}
	msg := fmt.Sprintf("sshsig: the signature is valid, but its key %s is not in the allowed signers%s for namespace %q: the report was signed by someone else", Fingerprint(sig.PublicKey), who, namespace)
	if len(why) > 0 {
		if len(why) > 5 {
			why = append(why[:5], fmt.Sprintf("and %d more", len(why)-5))
		}
		msg += " (" + strings.Join(why, "; ") + ")"
	}
	return "", errors.New(msg)
}

// Check verifies that s signs message in namespace. It does not say who s
// is: Verify does, with an allowed_signers file.
func (s *Signature) Check(namespace string, message []byte) error {
	if s.Namespace != namespace {
		return fmt.Errorf("sshsig: the signature is for namespace %q, not %q", s.Namespace, namespace)
	}
	h, ok := hashes[s.HashAlgorithm]
	if !ok {
		return fmt.Errorf("sshsig: hash algorithm must be sha512 or sha256, got %q", s.HashAlgorithm)
	}
	data := signedDataHash(namespace, s.HashAlgorithm, h(message))
	if !ed25519.Verify(s.PublicKey, data, s.Sig) {
		return errors.New("sshsig: signature MISMATCH: the signed bytes were changed after signing, or the signature belongs to another file")
	}
	return nil
}

// ParseSignature decodes an armored SSH signature. It accepts only
// Ed25519 signatures of version 1.
func ParseSignature(armored []byte) (*Signature, error) {
	if len(armored) > MaxSignatureBytes {
		return nil, fmt.Errorf("sshsig: signature larger than %d bytes", MaxSignatureBytes)
	}
	blob, err := unarmor(armored, beginSig, endSig)
	if err != nil {
		return nil, err
	}
	r := reader{b: blob}
	if m := r.bytes(len(magic)); string(m) != magic {
		return nil, errors.New("sshsig: not an SSH signature (no SSHSIG preamble)")
	}
	if v := r.uint32(); v != sigVersion {
		return nil, fmt.Errorf("sshsig: signature version must be 1, got %d", v)
	}
	pubBlob := r.string()
	ns := r.string()
	r.string() // reserved
	hash := r.string()
	sigBlob := r.string()
	if r.err != nil {
		return nil, fmt.Errorf("sshsig: truncated signature: %v", r.err)
	}
	if len(r.b) != 0 {
		return nil, errors.New("sshsig: data after the signature")
	}
	pub, err := parsePublicKeyBlob(pubBlob)
	if err != nil {
		return nil, err
	}
	sig, err := parseSignatureBlob(sigBlob)
	if err != nil {
		return nil, err
	}
	if _, ok := hashes[string(hash)]; !ok {
		return nil, fmt.Errorf("sshsig: hash algorithm must be sha512 or sha256, got %q", clip(string(hash)))
	}
	return &Signature{PublicKey: pub, Namespace: string(ns), HashAlgorithm: string(hash), Sig: sig}, nil
}

// signedData is the blob the key signs (PROTOCOL.sshsig): the preamble,
// the namespace, a reserved string, the hash algorithm and the hash of the
// message.
func signedData(namespace, hash string, message []byte) []byte {
	return signedDataHash(namespace, hash, hashes[hash](message))
}

func signedDataHash(namespace, hash string, digest []byte) []byte {
	var b bytes.Buffer
	b.WriteString(magic)
	putString(&b, []byte(namespace))
	putString(&b, nil)
	putString(&b, []byte(hash))
	putString(&b, digest)
	return b.Bytes()
}

// publicKeyBlob is the SSH wire form of an Ed25519 public key.
func publicKeyBlob(pub ed25519.PublicKey) []byte {
	var b bytes.Buffer
	putString(&b, []byte(KeyType))
	putString(&b, pub)
	return b.Bytes()
}

func signatureBlob(sig []byte) []byte {
	var b bytes.Buffer
	putString(&b, []byte(KeyType))
	putString(&b, sig)
	return b.Bytes()
}

func parsePublicKeyBlob(blob []byte) (ed25519.PublicKey, error) {
	r := reader{b: blob}
	typ := r.string()
	key := r.string()
	if r.err != nil || len(r.b) != 0 {
		return nil, errors.New("sshsig: malformed public key")
	}
	if string(typ) != KeyType {
		return nil, fmt.Errorf("sshsig: key type must be %s, got %q (only Ed25519 keys are supported)", KeyType, clip(string(typ)))
	}
	if len(key) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("sshsig: an Ed25519 public key has %d bytes, got %d", ed25519.PublicKeySize, len(key))
	}
	return ed25519.PublicKey(bytes.Clone(key)), nil
}

func parseSignatureBlob(blob []byte) ([]byte, error) {
	r := reader{b: blob}
	typ := r.string()
	sig := r.string()
	if r.err != nil || len(r.b) != 0 {
		return nil, errors.New("sshsig: malformed signature blob")
	}
	if string(typ) != KeyType {
		return nil, fmt.Errorf("sshsig: signature type must be %s, got %q", KeyType, clip(string(typ)))
	}
	if len(sig) != ed25519.SignatureSize {
		return nil, fmt.Errorf("sshsig: an Ed25519 signature has %d bytes, got %d", ed25519.SignatureSize, len(sig))
	}
	return bytes.Clone(sig), nil
}

// AuthorizedKey is the public key in the one-line form of
// authorized_keys and allowed_signers: "ssh-ed25519 AAAA…".
func AuthorizedKey(pub ed25519.PublicKey) string {
	return KeyType + " " + base64.StdEncoding.EncodeToString(publicKeyBlob(pub))
}

// Fingerprint is the key's SHA-256 fingerprint as ssh-keygen -l prints it:
// "SHA256:" and the unpadded base64 of the hash of the key blob.
func Fingerprint(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(publicKeyBlob(pub))
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
}

// armor wraps blob in the BEGIN/END lines with 70-column base64.
func armor(blob []byte) []byte {
	enc := base64.StdEncoding.EncodeToString(blob)
	var b strings.Builder
	b.WriteString(beginSig + "\n")
	for len(enc) > lineWidth {
		b.WriteString(enc[:lineWidth] + "\n")
		enc = enc[lineWidth:]
	}
	b.WriteString(enc + "\n" + endSig + "\n")
	return []byte(b.String())
}

// unarmor returns the decoded base64 between the begin and end lines,
// ignoring whitespace and CRLF line ends.
func unarmor(data []byte, begin, end string) ([]byte, error) {
	s := strings.TrimSpace(string(data))
	body, ok := strings.CutPrefix(s, begin)
	if !ok {
		return nil, fmt.Errorf("sshsig: expected %q at the start", begin)
	}
	body, ok = strings.CutSuffix(body, end)
	if !ok {
		return nil, fmt.Errorf("sshsig: expected %q at the end", end)
	}
	body = strings.Join(strings.Fields(body), "")
	blob, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		return nil, fmt.Errorf("sshsig: bad base64 between the armor lines: %v", err)
	}
	return blob, nil
}

// putString writes an SSH string: a uint32 length and the bytes.
func putString(b *bytes.Buffer, s []byte) {
	// AppendUint32, not binary.Write: the same four bytes without the
	// reflection-driven encoder, which costs app.wasm about 34 KB of code.
	b.Write(binary.BigEndian.AppendUint32(nil, uint32(len(s))))
	b.Write(s)
}

// reader reads SSH wire data; the first error sticks and later reads give
// nothing.
type reader struct {
	b   []byte
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b) {
		r.err = fmt.Errorf("need %d bytes, %d left", n, len(r.b))
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) uint32() uint32 {
	b := r.bytes(4)
	if b == nil {
		return 0
	}
	return binary.BigEndian.Uint32(b)
}

func (r *reader) string() []byte {
	n := r.uint32()
	if r.err != nil {
		return nil
	}
	if n > uint32(len(r.b)) {
		r.err = fmt.Errorf("string of %d bytes, %d left", n, len(r.b))
		return nil
	}
	return r.bytes(int(n))
}

// clip shortens a value quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
