package sshsig

import (
	"crypto/ed25519"
	"errors"
	"fmt"
)

const (
	beginKey = "-----BEGIN OPENSSH PRIVATE KEY-----"
	endKey   = "-----END OPENSSH PRIVATE KEY-----"
	keyMagic = "openssh-key-v1\x00"
)

// ErrEncryptedKey is returned for a private key protected by a passphrase.
var ErrEncryptedKey = errors.New("sshsig: the private key is encrypted with a passphrase, which gpuverify does not read " +
	"(nor does it talk to ssh-agent): make a key for signing reports with \"ssh-keygen -t ed25519 -N '' -f report-key\", " +
	"or sign the report yourself with \"ssh-keygen -Y sign -f KEY -n gpuplan-report report.json\"")

// ParsePrivateKey reads an unencrypted OpenSSH private key file holding one
// Ed25519 key, as "ssh-keygen -t ed25519" writes it (PROTOCOL.key). An
// encrypted key gives ErrEncryptedKey; any other key type or a malformed
// file gives an error saying what is wrong.
func ParsePrivateKey(pemBytes []byte) (ed25519.PrivateKey, error) {
	if len(pemBytes) > MaxPrivateKeyBytes {
		return nil, fmt.Errorf("sshsig: private key file larger than %d bytes", MaxPrivateKeyBytes)
	}
	blob, err := unarmor(pemBytes, beginKey, endKey)
	if err != nil {
		return nil, fmt.Errorf("%w (an OpenSSH private key file, as ssh-keygen -t ed25519 writes it)", err)
	}
	r := reader{b: blob}
	if m := r.bytes(len(keyMagic)); string(m) != keyMagic {
		return nil, errors.New("sshsig: not an openssh-key-v1 private key")
	}
	cipher, kdf := string(r.string()), string(r.string())
	r.string() // kdf options
	n := r.uint32()
	if r.err != nil {
		return nil, fmt.Errorf("sshsig: truncated private key: %v", r.err)
	}
	if cipher != "none" || kdf != "none" {
		return nil, ErrEncryptedKey
	}
	if n != 1 {
		return nil, fmt.Errorf("sshsig: the file must hold one key, it holds %d", n)
	}
	pub, err := parsePublicKeyBlob(r.string())
	if err != nil {
		return nil, err
	}
	private := r.string()
	if r.err != nil || len(r.b) != 0 {
		return nil, errors.New("sshsig: malformed private key file")
	}
	return parsePrivateSection(private, pub)
}

// parsePrivateSection reads the (unencrypted) private section: two equal
// check numbers, the key, a comment and padding 1, 2, 3, ...
func parsePrivateSection(b []byte, pub ed25519.PublicKey) (ed25519.PrivateKey, error) {
	r := reader{b: b}
	c1, c2 := r.uint32(), r.uint32()
	typ := string(r.string())
	pub2 := r.string()
	priv := r.string()
	r.string() // comment
	if r.err != nil {
		return nil, fmt.Errorf("sshsig: truncated private key: %v", r.err)
	}
	if c1 != c2 {
		return nil, errors.New("sshsig: the private key's check numbers differ: the file is damaged")
	}
	if typ != KeyType {
		return nil, fmt.Errorf("sshsig: key type must be %s, got %q (make one with ssh-keygen -t ed25519)", KeyType, clip(typ))
	}
	for i, p := range r.b {
		if int(p) != i+1 {
			return nil, errors.New("sshsig: bad padding after the private key")
		}
	}
	if len(pub2) != ed25519.PublicKeySize || len(priv) != ed25519.PrivateKeySize {
		return nil, errors.New("sshsig: malformed Ed25519 key")
	}
	key := ed25519.NewKeyFromSeed(priv[:ed25519.SeedSize])
	if !key.Public().(ed25519.PublicKey).Equal(pub) || !pub.Equal(ed25519.PublicKey(pub2)) || !pub.Equal(ed25519.PublicKey(priv[ed25519.SeedSize:])) {
		return nil, errors.New("sshsig: the private key does not match its public key: the file is damaged")
	}
	return key, nil
}

// MarshalPrivateKey writes priv as an unencrypted OpenSSH private key file
// with comment, the form ParsePrivateKey and ssh-keygen read. check is the
// random check number (any value).
func MarshalPrivateKey(priv ed25519.PrivateKey, comment string, check uint32) []byte {
	pub := priv.Public().(ed25519.PublicKey)
	var sec []byte
	sec = appendUint32(sec, check)
	sec = appendUint32(sec, check)
	sec = appendString(sec, []byte(KeyType))
	sec = appendString(sec, pub)
	sec = appendString(sec, priv)
	sec = appendString(sec, []byte(comment))
	for i := 1; len(sec)%8 != 0; i++ {
		sec = append(sec, byte(i))
	}
	out := []byte(keyMagic)
	out = appendString(out, []byte("none"))
	out = appendString(out, []byte("none"))
	out = appendString(out, nil)
	out = appendUint32(out, 1)
	out = appendString(out, publicKeyBlob(pub))
	out = appendString(out, sec)
	return armorKey(out)
}

func appendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func appendString(b, s []byte) []byte {
	return append(appendUint32(b, uint32(len(s))), s...)
}

// armorKey wraps a key blob as ssh-keygen does: 70-column base64.
func armorKey(blob []byte) []byte {
	a := armor(blob)
	s := string(a)
	s = beginKey + s[len(beginSig):len(s)-len(endSig)-1] + endKey + "\n"
	return []byte(s)
}
