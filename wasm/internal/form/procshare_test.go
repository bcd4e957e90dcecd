//go:build !wasm

package form

import (
	"bytes"
	"compress/lzw"
	"encoding/base64"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestShareRoundTrip: the share link's fragment carries every section,
// compressed when long, and LoadLink reads them back; over saved
// sections that differ it asks first: saved work is never lost.
func TestShareRoundTrip(t *testing.T) {
	proc := procurementOf(t)
	st := State{Lang: msg.En, Input: in("hours_per_day", "12"), Proc: proc}
	frag, err := st.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(frag, "p=z") {
		t.Errorf("a long fragment is not compressed: %.20s", frag)
	}
	if len(frag) >= len(proc.raw) {
		t.Errorf("compressed fragment %d chars, JSON %d bytes", len(frag), len(proc.raw))
	}
	u := &url.URL{Path: "/quotes", RawQuery: st.Query().Encode(), Fragment: frag}
	l := LoadLink(u, "", "")
	if l.Conflict || l.State.Proc == nil || string(l.State.Proc.raw) != string(proc.raw) || len(l.Problems) > 0 {
		t.Fatalf("fresh browser: conflict %v, problems %v", l.Conflict, l.Problems)
	}
	// Saved work with other sections: the link is shown, the saved kept.
	other := proc.Edit("quotes", Draft{})
	saved := State{Lang: msg.En, Input: st.Input, Proc: other}.Saved()
	l = LoadLink(u, saved, "")
	if !l.Conflict || l.Saved.Proc == nil || l.Saved.Proc.Sections.Quotes != nil || l.State.Proc.Sections.Quotes == nil {
		t.Errorf("over saved work: conflict %v", l.Conflict)
	}
	// The same sections saved: nothing to ask.
	if l := LoadLink(u, st.Saved(), ""); l.Conflict {
		t.Error("the link's own sections saved: asked anyway")
	}
	// A short section goes uncompressed.
	one := Draft{}.With("need.cards", "8").With("need.term_months", "12").
		With("quotes[0].vendor", "A").With("quotes[0].gpu_per_card", "9000")
	small := State{Lang: msg.En, Proc: (*Procurement)(nil).Edit("quotes", one)}
	if f, err := small.ShareFragment(); err != nil || !strings.HasPrefix(f, "p=j") {
		t.Errorf("small: %.10s %v", f, err)
	}
}

// TestDecodeShareBounds: a damaged, oversized or inflating fragment fails
// with a message saying why, and the saved sections stay.
func TestDecodeShareBounds(t *testing.T) {
	bomb := func() string {
		var b bytes.Buffer
		w := lzw.NewWriter(&b, lzw.LSB, 8)
		w.Write([]byte(`[` + strings.Repeat(`0,`, maxShareBytes) + `0]`))
		w.Close()
		return "p=z" + base64.RawURLEncoding.EncodeToString(b.Bytes())
	}()
	tests := []struct{ frag, want string }{
		{"p=", "empty"},
		{"p=j!!!", "not base64url"},
		{"p=x" + base64.RawURLEncoding.EncodeToString([]byte("{}")), "want j (JSON) or z"},
		{"p=j" + base64.RawURLEncoding.EncodeToString([]byte("{")), "not JSON"},
		{"p=z" + base64.RawURLEncoding.EncodeToString([]byte("junk")), "not LZW"},
		{"p=j" + strings.Repeat("A", maxShareChars), "characters long"},
		{bomb, "inflate to more than"},
	}
	for _, tt := range tests {
		_, ok, err := DecodeShare(tt.frag)
		if !ok || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.20s: ok %v err %v, want %q", tt.frag, ok, err, tt.want)
		}
	}
	if _, ok, _ := DecodeShare("section-2"); ok {
		t.Error("a plain anchor read as figures")
	}
	proc := procurementOf(t)
	saved := State{Lang: msg.En, Proc: proc}.Saved()
	l := LoadLink(&url.URL{Path: "/quotes", Fragment: "p=j!!"}, saved, "")
	if l.State.Proc == nil || len(l.Problems) != 1 || !strings.Contains(l.Problems[0].Message(msg.En), "base64url") {
		t.Errorf("bad link: sections kept %v, problems %v", l.State.Proc != nil, l.Problems)
	}
}

// FuzzDecodeShare: any fragment is read or refused, never a panic, and
// what is read is bounded JSON.
func FuzzDecodeShare(f *testing.F) {
	f.Add("p=jeyJxdW90ZXMiOm51bGx9")
	f.Add("p=z")
	f.Add("p=zqwerty")
	f.Fuzz(func(t *testing.T, frag string) {
		raw, ok, err := DecodeShare(frag)
		if ok && err == nil && len(raw) > maxShareBytes {
			t.Fatalf("%d bytes read", len(raw))
		}
		_ = LoadLink(&url.URL{Fragment: frag}, "", "")
	})
}
