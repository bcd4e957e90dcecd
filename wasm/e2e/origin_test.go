//go:build !js

package e2e

import "testing"

// TestSameOrigin checks the rule the browser tests apply to every recorded
// request; it needs no browser.
func TestSameOrigin(t *testing.T) {
	site := "http://127.0.0.1:8000"
	tests := []struct {
		url  string
		want bool
	}{
		{"http://127.0.0.1:8000/web/app.wasm", true},
		{"http://127.0.0.1:8000", true},
		{"data:image/png;base64,AAAA", true},
		{"blob:http://127.0.0.1:8000/x", true},
		{"http://127.0.0.1:8001/", false},  // another port is another origin
		{"https://127.0.0.1:8000/", false}, // another scheme too
		{"http://localhost:8000/", false},
		{"https://raw.githubusercontent.com/maxence-charriere/go-app/master/docs/web/icon.png", false},
		{"//evil.example/x", false},
	}
	for _, tt := range tests {
		if got := SameOrigin(tt.url, site); got != tt.want {
			t.Errorf("SameOrigin(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
	r := &Requests{urls: []string{site + "/", "https://cdn.example/font.woff2"}}
	if f := r.Foreign(site); len(f) != 1 || f[0] != "https://cdn.example/font.woff2" {
		t.Errorf("Foreign = %v", f)
	}
}

// TestJSString: text pasted by PasteInto reaches the page unchanged.
func TestJSString(t *testing.T) {
	tests := map[string]string{
		`plain`:            `"plain"`,
		"a\"b\\c":          `"a\"b\\c"`,
		"line\nnext\ttab":  `"line\nnext\u0009tab"`,
		"<?xml ?>\u2028中文": `"<?xml ?>\u2028中文"`,
	}
	for in, want := range tests {
		if got := jsString(in); got != want {
			t.Errorf("jsString(%q) = %s, want %s", in, got, want)
		}
	}
}
