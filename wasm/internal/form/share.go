package form

import (
	"bytes"
	"compress/lzw"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The share link carries the procurement sections in its fragment, after
// the query that carries the sheet: /quotes?lang=en&…#p=<data>. The
// fragment never reaches a server. <data> is "j" and the sections' JSON
// in base64url, or, when that is long, "z" and the JSON compressed with
// LZW (compress/lzw, LSB order, 8-bit literals) in base64url. LZW, not
// DEFLATE: compress/flate would add ~80 KB to app.wasm, LZW ~29 KB, and
// the JSON still shrinks to about half. A link longer than maxShareChars
// is not offered: the plan file is the way to send that much.

// ShareKey starts the fragment that carries the sections.
const ShareKey = "p="

// Bounds of a share link: what the page offers, and what it reads.
const (
	compressAbove = 300       // JSON longer than this is compressed
	maxShareChars = 16 << 10  // longest fragment offered or read
	maxShareBytes = 256 << 10 // longest JSON a fragment may inflate to
)

// ErrShareTooLong is returned when the sections make too long a link; N is
// the length the link would have.
type ErrShareTooLong struct{ N int }

// Error implements error in English.
func (e ErrShareTooLong) Error() string {
	return fmt.Sprintf("the share link would be %d characters, over %d", e.N, maxShareChars)
}

// ShareFragment encodes the procurement sections for a share link's
// fragment (without the "#"); "" when there are none.
func (s State) ShareFragment() (string, error) {
	if len(s.Proc.Names()) == 0 {
		return "", nil
	}
	raw := s.Proc.raw
	data := "j" + base64.RawURLEncoding.EncodeToString(raw)
	if len(raw) > compressAbove {
		var b bytes.Buffer
		w := lzw.NewWriter(&b, lzw.LSB, 8)
		_, _ = w.Write(raw) // a bytes.Buffer never fails
		_ = w.Close()
		data = "z" + base64.RawURLEncoding.EncodeToString(b.Bytes())
	}
	if len(data)+len(ShareKey) > maxShareChars {
		return "", ErrShareTooLong{len(data) + len(ShareKey)}
	}
	return ShareKey + data, nil
}

// DecodeShare reads the sections' JSON from a share link's fragment
// (without the "#"). ok is false when the fragment carries none; err says
// why a fragment that does cannot be read. The fragment and what it
// inflates to are bounded.
func DecodeShare(frag string) (raw []byte, ok bool, err error) {
	data, ok := strings.CutPrefix(frag, ShareKey)
	if !ok {
		return nil, false, nil
	}
	if len(data) > maxShareChars {
		return nil, true, fmt.Errorf("the link's figures are %d characters long, over %d", len(data), maxShareChars)
	}
	if data == "" {
		return nil, true, errors.New("the link's figures are empty")
	}
	body, err := base64.RawURLEncoding.DecodeString(data[1:])
	if err != nil {
		return nil, true, fmt.Errorf("the link's figures are damaged (not base64url): %w", err)
	}
	switch data[0] {
	case 'j':
		raw = body
	case 'z':
		raw, err = io.ReadAll(io.LimitReader(lzw.NewReader(bytes.NewReader(body), lzw.LSB, 8), maxShareBytes+1))
		if err != nil {
			return nil, true, fmt.Errorf("the link's figures are damaged (not LZW): %w", err)
		}
		if len(raw) > maxShareBytes {
			return nil, true, fmt.Errorf("the link's figures inflate to more than %d bytes", maxShareBytes)
		}
	default:
		return nil, true, fmt.Errorf("the link's figures start with %q: want j (JSON) or z (compressed)", Clip(data[:1]))
	}
	if !json.Valid(raw) {
		return nil, true, errors.New("the link's figures are not JSON")
	}
	return raw, true, nil
}
