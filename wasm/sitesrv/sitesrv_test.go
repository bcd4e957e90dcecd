package sitesrv

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testSite writes a small generated-site look-alike.
func testSite(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":           "<h1>home</h1>",
		"about.html":           "<h1>about</h1>",
		"app.js":               "js",
		"app.js.gz":            "gz of js",
		"app.js.br":            "br of js",
		"web/app.wasm":         "\x00asm",
		"web/app.wasm.br":      "br of wasm",
		"web/app.wasm.gz":      "gz of wasm",
		"web/icon-192.png":     "png",
		"manifest.webmanifest": "{}",
		"docs/index.html":      "docs",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, h http.Handler, method, target, acceptEncoding string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestServe(t *testing.T) {
	h, err := New(Config{Dir: testSite(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	tests := []struct {
		target, accept string
		status         int
		body, ctype    string
		encoding       string
	}{
		{"/", "", 200, "<h1>home</h1>", "text/html; charset=utf-8", ""},
		{"/?hours=12&lang=en", "", 200, "<h1>home</h1>", "text/html; charset=utf-8", ""},
		{"/about", "", 200, "<h1>about</h1>", "text/html; charset=utf-8", ""},         // GitHub Pages style
		{"/about?lang=zh", "", 200, "<h1>about</h1>", "text/html; charset=utf-8", ""}, // state in the query
		{"/about.html", "", 200, "<h1>about</h1>", "text/html; charset=utf-8", ""},
		{"/docs/", "", 200, "docs", "text/html; charset=utf-8", ""},
		{"/missing", "", 404, "", "", ""},
		{"/web/", "", 404, "", "", ""},
		{"/../../etc/passwd", "", 404, "", "", ""},
		{"/web/app.wasm", "", 200, "\x00asm", "application/wasm", ""},
		{"/web/app.wasm", "gzip, deflate, br", 200, "br of wasm", "application/wasm", "br"},
		{"/web/app.wasm", "gzip", 200, "gz of wasm", "application/wasm", "gzip"},
		{"/web/app.wasm", "br;q=0, gzip;q=0.8", 200, "gz of wasm", "application/wasm", "gzip"},
		{"/web/app.wasm", "identity", 200, "\x00asm", "application/wasm", ""},
		{"/app.js", "br", 200, "br of js", "text/javascript; charset=utf-8", "br"},
		{"/manifest.webmanifest", "", 200, "{}", "application/manifest+json", ""},
		{"/web/icon-192.png", "br", 200, "png", "image/png", ""},
	}
	for _, tt := range tests {
		r := get(t, h, http.MethodGet, tt.target, tt.accept)
		if r.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.target, r.StatusCode, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		if got := body(t, r); got != tt.body {
			t.Errorf("%s (%s): body %q, want %q", tt.target, tt.accept, got, tt.body)
		}
		if got := r.Header.Get("Content-Type"); got != tt.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tt.target, got, tt.ctype)
		}
		if got := r.Header.Get("Content-Encoding"); got != tt.encoding {
			t.Errorf("%s (%s): Content-Encoding %q, want %q", tt.target, tt.accept, got, tt.encoding)
		}
		if got := r.Header.Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q", tt.target, got)
		}
		if got := r.Header.Get("Content-Security-Policy"); got != CSP || !strings.Contains(got, "frame-ancestors 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", tt.target, got)
		}
	}
}

// TestSecurityHeaders: every response carries the CSP, Referrer-Policy and
// Permissions-Policy; only /embed may be framed by another site,
// also under a prefix.
func TestSecurityHeaders(t *testing.T) {
	for _, prefix := range []string{"", "/gpuplan"} {
		h, err := New(Config{Dir: testSite(t), Prefix: prefix})
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			target string
			embed  bool
		}{{"/", false}, {"/about", false}, {"/missing", false}, {"/web/app.wasm", false},
			{"/embed", true}, {"/embed?lang=en", true}, {"/embed.html", true}} {
			r := get(t, h, http.MethodGet, prefix+tt.target, "")
			csp, xfo := r.Header.Get("Content-Security-Policy"), r.Header.Get("X-Frame-Options")
			if tt.embed && (csp != EmbedCSP || !strings.Contains(csp, "frame-ancestors *") || xfo != "") {
				t.Errorf("%s%s: CSP %q, X-Frame-Options %q: the embed must be frameable", prefix, tt.target, csp, xfo)
			}
			if !tt.embed && (csp != CSP || xfo != "DENY") {
				t.Errorf("%s%s: CSP %q, X-Frame-Options %q", prefix, tt.target, csp, xfo)
			}
			for _, must := range []string{"script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "connect-src 'self'"} {
				if !strings.Contains(csp, must) {
					t.Errorf("%s: CSP lacks %s", tt.target, must)
				}
			}
			if got := r.Header.Get("Referrer-Policy"); got != "no-referrer" {
				t.Errorf("%s: Referrer-Policy %q", tt.target, got)
			}
			if got := r.Header.Get("Permissions-Policy"); !strings.Contains(got, "camera=()") {
				t.Errorf("%s: Permissions-Policy %q", tt.target, got)
			}
		}
		h.Close()
	}
}

// TestVary: a file with compressed variants always says Vary, also when the
// client took the plain one; a file without variants does not.
func TestVary(t *testing.T) {
	h, _ := New(Config{Dir: testSite(t)})
	defer h.Close()
	if got := get(t, h, "GET", "/web/app.wasm", "").Header.Get("Vary"); got != "Accept-Encoding" {
		t.Errorf("plain wasm: Vary %q", got)
	}
	if got := get(t, h, "GET", "/web/app.wasm", "br").Header.Get("Vary"); got != "Accept-Encoding" {
		t.Errorf("brotli wasm: Vary %q", got)
	}
	if got := get(t, h, "GET", "/about", "br").Header.Get("Vary"); got != "" {
		t.Errorf("about (no variants): Vary %q", got)
	}
}

func TestPrefix(t *testing.T) {
	h, err := New(Config{Dir: testSite(t), Prefix: "gpuplan/", NoStore: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	r := get(t, h, "GET", "/gpuplan?lang=en", "")
	if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != "/gpuplan/?lang=en" {
		t.Errorf("/gpuplan: %d to %q, want 301 to /gpuplan/?lang=en", r.StatusCode, r.Header.Get("Location"))
	}
	for target, want := range map[string]int{
		"/gpuplan/":             200,
		"/gpuplan/about":        200,
		"/gpuplan/web/app.wasm": 200,
		"/":                     404,
		"/about":                404,
		"/gpuplanx/about":       404,
	} {
		r := get(t, h, "GET", target, "")
		if r.StatusCode != want {
			t.Errorf("%s: %d, want %d", target, r.StatusCode, want)
		}
		if want == 200 && r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", target, r.Header.Get("Cache-Control"))
		}
	}
}

func TestMethods(t *testing.T) {
	h, _ := New(Config{Dir: testSite(t)})
	defer h.Close()
	if r := get(t, h, http.MethodPost, "/", ""); r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", r.StatusCode)
	}
	r := get(t, h, http.MethodHead, "/web/app.wasm", "br")
	if r.StatusCode != 200 || r.Header.Get("Content-Length") != "10" || body(t, r) != "" {
		t.Errorf("HEAD: %d, length %q", r.StatusCode, r.Header.Get("Content-Length"))
	}
}

func TestNewRefusesNonSite(t *testing.T) {
	if _, err := New(Config{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "make site") {
		t.Errorf("New(empty dir) error = %v", err)
	}
	if _, err := New(Config{Dir: filepath.Join(t.TempDir(), "nope")}); err == nil {
		t.Error("New(missing dir) accepted")
	}
}

func TestAcceptedEncodings(t *testing.T) {
	got := acceptedEncodings(" GZIP ;q=1, br;q=0 , deflate;q=0.5, zstd;q=bad")
	want := map[string]bool{"gzip": true, "deflate": true, "zstd": true}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k := range want {
		if !got[k] {
			t.Errorf("missing %s in %v", k, got)
		}
	}
}

// FuzzResolve: no request path escapes the site directory or panics.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"/", "/about", "/../x", "/web/../../etc/passwd", "//", "/a/b/../../index.html", "/\x00"} {
		f.Add(s)
	}
	dir := testSite(f)
	root, err := os.OpenRoot(dir)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { root.Close() })
	f.Fuzz(func(t *testing.T, p string) {
		name, ok := resolve(root, p)
		if !ok {
			return
		}
		if strings.HasPrefix(name, "/") || strings.Contains(name, "..") {
			t.Fatalf("resolve(%q) = %q, outside the site", p, name)
		}
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Fatalf("resolve(%q) = %q, which does not exist", p, name)
		}
	})
}

// TestSurvivesRebuild: make site removes the site directory and writes a new
// one under the same name while make run serves it. The handler
// must serve the new files, not 404 from the deleted folder it once opened.
func TestSurvivesRebuild(t *testing.T) {
	dir := testSite(t)
	h, err := New(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if got := body(t, get(t, h, "GET", "/about", "")); got != "<h1>about</h1>" {
		t.Fatalf("before the rebuild /about = %q", got)
	}
	// What make site does: build beside, rename the old away, the new in.
	next := dir + ".tmp"
	if err := os.CopyFS(next, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(next, "about.html"), []byte("<h1>about v2</h1>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir, dir+".old"); err != nil {
		t.Fatal(err)
	}
	// A request while the directory is missing waits for the swap.
	done := make(chan string)
	go func() { done <- body(t, get(t, h, "GET", "/about", "")) }()
	time.Sleep(100 * time.Millisecond)
	if err := os.Rename(next, dir); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir + ".old"); err != nil {
		t.Fatal(err)
	}
	if got := <-done; got != "<h1>about v2</h1>" {
		t.Errorf("request during the swap = %q, want the new page", got)
	}
	if got := body(t, get(t, h, "GET", "/about", "")); got != "<h1>about v2</h1>" {
		t.Errorf("after the rebuild /about = %q, want the new page", got)
	}
}

// TestMissingSite: a site directory gone for good answers 503 naming the
// fix, after the bounded wait, never a 404 that looks like a missing page.
func TestMissingSite(t *testing.T) {
	dir := testSite(t)
	h, err := New(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	r := get(t, h, "GET", "/", "")
	if r.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body(t, r), "make site") {
		t.Errorf("status %d, want 503 with the fix", r.StatusCode)
	}
}

// TestFolderRedirect: a folder asked for without its slash is redirected,
// as GitHub Pages does (/en to /en/, the English home page), the query
// kept; under a prefix too.
func TestFolderRedirect(t *testing.T) {
	dir := testSite(t)
	for _, c := range []struct{ prefix, target, want string }{
		{"", "/docs?lang=en", "/docs/?lang=en"},
		{"/gpuplan", "/gpuplan/docs", "/gpuplan/docs/"},
	} {
		h, err := New(Config{Dir: dir, Prefix: c.prefix})
		if err != nil {
			t.Fatal(err)
		}
		r := get(t, h, "GET", c.target, "")
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != c.want {
			t.Errorf("%s: %d to %q, want 301 to %q", c.target, r.StatusCode, r.Header.Get("Location"), c.want)
		}
	}
	if r := get(t, mustNew(t, dir), "GET", "/web", ""); r.StatusCode != http.StatusNotFound {
		t.Errorf("/web (no index.html): %d, want 404", r.StatusCode)
	}
}

// mustNew is New, failing the test on an error.
func mustNew(t *testing.T, dir string) *Handler {
	t.Helper()
	h, err := New(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestNotFoundPage: an unknown path gets the site's not-found page with
// status 404, in English for an /en/ path, ?lang=en-US or a browser asking
// for English first, else the root's (Chinese first); a site without one
// a plain 404.
func TestNotFoundPage(t *testing.T) {
	dir := testSite(t)
	for name, body := range map[string]string{"404.html": "<h1>页面不存在</h1>", "en/404.html": "<h1>Page not found</h1>"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := mustNew(t, dir)
	for _, c := range []struct{ target, accept, want string }{
		{"/fleet", "", "页面不存在"},
		{"/fleet", "en-GB,en;q=0.8", "Page not found"},
		{"/fleet?lang=en-US", "zh-CN", "Page not found"},
		{"/fleet?lang=zh-TW", "en", "页面不存在"},
		{"/en/nowhere", "", "Page not found"},
	} {
		req := httptest.NewRequest("GET", c.target, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Language", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), c.want) ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%s (%s): %d %q %q", c.target, c.accept, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		}
	}
	plain := mustNew(t, testSite(t))
	if r := get(t, plain, "GET", "/fleet", ""); r.StatusCode != http.StatusNotFound {
		t.Errorf("a site without 404.html: %d", r.StatusCode)
	}
}

// FuzzNotFoundEnglish: any path, lang= and Accept-Language give an answer
// without a panic.
func FuzzNotFoundEnglish(f *testing.F) {
	f.Add("/en/x", "en-US", "zh-CN,zh;q=0.9")
	f.Add("/", "", ",,;")
	f.Fuzz(func(t *testing.T, p, lang, accept string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.RawQuery = "lang=" + lang
		req.Header.Set("Accept-Language", accept)
		_ = notFoundEnglish(req, p)
	})
}
