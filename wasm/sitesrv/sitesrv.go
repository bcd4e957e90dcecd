// Package sitesrv serves the generated static site the way a static host
// such as GitHub Pages does: /route serves route.html, /dir/ serves
// dir/index.html, and a sub-path prefix is stripped. The English prerender
// lives under /en/ (/en/embed is an embed too). On top of that it
// serves the precompressed NAME.br / NAME.gz files the generator writes,
// chosen by Accept-Encoding. It sends no frame-blocking headers, so the
// /embed page can sit in an iframe on another site.
//
// The site directory is opened afresh for every request, so a rebuild
// (make site swaps a new directory in under the same name) never leaves a
// running server answering from a deleted folder.
//
// make run uses it through cmd/serve; the browser tests use it in-process.
package sitesrv

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

// Config says what to serve and how.
type Config struct {
	// Dir is the generated site (build/site).
	Dir string
	// Prefix is the sub-path the site lives under, such as "/gpuplan"; ""
	// serves it at the root. "/gpuplan" is redirected to "/gpuplan/", as
	// GitHub Pages does.
	Prefix string
	// NoStore sends Cache-Control: no-store, so that the browser's HTTP
	// cache can never answer; tests use it to prove offline pages come from
	// the service worker. The default is no-cache (always revalidate).
	NoStore bool
}

// contentTypes fixes the types this site needs; the system's mime table may
// lack some (application/wasm is required by instantiateStreaming).
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".json":        "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml",
}

// CSP is the Content-Security-Policy of every page but the embed: scripts,
// styles, the wasm and the service worker come from the site itself and
// nothing leaves it. 'wasm-unsafe-eval' lets the page compile app.wasm
// (it allows WebAssembly only, not eval); 'unsafe-inline' styles cover
// go-app's <noscript> style and the style attributes it sets (styles cannot
// run code); data: images are allowed for inline icons. The README gives
// the same headers for nginx.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// EmbedCSP is CSP for /embed, which any site may put in an iframe.
var EmbedCSP = strings.Replace(CSP, "frame-ancestors 'none'", "frame-ancestors *", 1)

// PermissionsPolicy turns off the browser features the site never uses.
const PermissionsPolicy = "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"

// SecurityHeaders sets the Content-Security-Policy (EmbedCSP when embed,
// else CSP with X-Frame-Options DENY for older browsers), Referrer-Policy
// and Permissions-Policy. The page's URL holds the whole requirement sheet,
// so no Referer is ever sent: no-referrer.
func SecurityHeaders(h http.Header, embed bool) {
	if embed {
		h.Set("Content-Security-Policy", EmbedCSP)
	} else {
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Frame-Options", "DENY")
	}
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Permissions-Policy", PermissionsPolicy)
}

// encodings in order of preference, with the file suffix of each.
var encodings = []struct{ name, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Handler serves one generated site.
type Handler struct {
	cfg Config
}

// New checks c and that c.Dir holds a generated site. Files are read
// through an os.Root opened for each request, so no request path can
// escape Dir and a directory replaced by make site is picked up at once.
func New(c Config) (*Handler, error) {
	p := strings.Trim(c.Prefix, "/")
	if p != "" {
		c.Prefix = "/" + p
	} else {
		c.Prefix = ""
	}
	h := &Handler{cfg: c}
	root, err := h.open()
	if err != nil {
		return nil, fmt.Errorf("site directory %q: %w", c.Dir, err)
	}
	defer root.Close()
	if _, err := root.Stat("index.html"); err != nil {
		return nil, fmt.Errorf("site directory %q has no index.html; run make site", c.Dir)
	}
	return h, nil
}

// Close does nothing: the handler holds no directory between requests. It
// is kept so callers can defer it.
func (h *Handler) Close() error { return nil }

// swapWait bounds how long a request waits for a site directory that is
// missing: make site renames the old one away and the new one in, two
// renames apart.
const swapWait = 2 * time.Second

// open opens the site directory, waiting up to swapWait while it is missing.
func (h *Handler) open() (*os.Root, error) {
	deadline := time.Now().Add(swapWait)
	for {
		root, err := os.OpenRoot(h.cfg.Dir)
		if err == nil || !errors.Is(err, fs.ErrNotExist) || time.Now().After(deadline) {
			return root, err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// ServeHTTP serves one request.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if h.cfg.NoStore {
		w.Header().Set("Cache-Control", "no-store")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")

	p := r.URL.Path
	// The headers go on every response, the redirect and 404 included:
	// the embed page (and only it) may be framed by another site.
	inner := strings.TrimPrefix(strings.TrimPrefix(p, h.cfg.Prefix), "/en")
	SecurityHeaders(w.Header(), inner == "/embed" || inner == "/embed.html")
	if h.cfg.Prefix != "" {
		if p == h.cfg.Prefix {
			target := h.cfg.Prefix + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
		rest, ok := strings.CutPrefix(p, h.cfg.Prefix+"/")
		if !ok {
			http.NotFound(w, r)
			return
		}
		p = "/" + rest
	}
	root, err := h.open()
	if err != nil {
		http.Error(w, "the site directory is missing; run make site", http.StatusServiceUnavailable)
		return
	}
	defer root.Close()
	name, ok := resolve(root, p)
	if !ok {
		if dir := strings.TrimPrefix(path.Clean("/"+p), "/"); dir != "" && isFile(root, path.Join(dir, "index.html")) {
			// A folder without its slash, as GitHub Pages does: /en to /en/.
			target := r.URL.Path + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
		notFound(root, w, r, p)
		return
	}
	serveFile(root, w, r, name)
}

// notFound answers an unknown path with the site's not-found page (the
// generator's 404.html, en/404.html) and status 404: English for an /en/
// path, ?lang=en… or a browser asking for English first, else the root's
// page (Chinese, then English). A site without one gets a plain 404.
func notFound(root *os.Root, w http.ResponseWriter, r *http.Request, p string) {
	name := "404.html"
	if notFoundEnglish(r, p) && isFile(root, "en/404.html") {
		name = "en/404.html"
	}
	b, err := root.ReadFile(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	if r.Method != http.MethodHead {
		_, _ = w.Write(b)
	}
}

// notFoundEnglish reports whether the reader of an unknown path p reads
// English: an /en/ path, a lang= tag starting "en", or, with neither, an
// Accept-Language whose first tag is English.
func notFoundEnglish(r *http.Request, p string) bool {
	if p == "/en" || strings.HasPrefix(p, "/en/") {
		return true
	}
	if l := strings.ToLower(r.URL.Query().Get("lang")); l != "" {
		return strings.HasPrefix(l, "en")
	}
	first, _, _ := strings.Cut(r.Header.Get("Accept-Language"), ",")
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(first)), "en")
}

// resolve maps a URL path to a file name inside the site: "/" and "/dir/"
// give index.html, "/route" gives route.html when there is no file "route".
func resolve(root *os.Root, urlPath string) (string, bool) {
	clean := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if strings.HasSuffix(urlPath, "/") || clean == "" {
		name := path.Join(clean, "index.html")
		return name, isFile(root, name)
	}
	if isFile(root, clean) {
		return clean, true
	}
	if path.Ext(clean) == "" && isFile(root, clean+".html") {
		return clean + ".html", true
	}
	return "", false
}

// isFile reports whether name is a regular file of the site.
func isFile(root *os.Root, name string) bool {
	info, err := root.Stat(name)
	return err == nil && info.Mode().IsRegular()
}

// serveFile sends name, or its best precompressed variant the client accepts.
// Vary: Accept-Encoding goes on every file that has a variant, so a shared
// cache never hands brotli to a client that did not ask for it.
func serveFile(root *os.Root, w http.ResponseWriter, r *http.Request, name string) {
	ctype := contentTypes[path.Ext(name)]
	if ctype == "" {
		ctype = mime.TypeByExtension(path.Ext(name))
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)

	send := name
	accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	hasVariant := false
	for _, enc := range encodings {
		if !isFile(root, name+enc.suffix) {
			continue
		}
		hasVariant = true
		if send == name && accepted[enc.name] {
			send = name + enc.suffix
			w.Header().Set("Content-Encoding", enc.name)
		}
	}
	if hasVariant {
		w.Header().Add("Vary", "Accept-Encoding")
	}

	f, err := root.Open(send)
	if err != nil {
		http.Error(w, "cannot open file", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		http.Error(w, "cannot read file", http.StatusInternalServerError)
		return
	}
	if send != name {
		// ServeContent leaves Content-Length out when Content-Encoding is
		// set, and a byte range of a compressed body is of no use to a
		// browser: send the whole variant, with its length.
		r = r.Clone(r.Context())
		r.Header.Del("Range")
		w.Header().Set("Content-Length", strconv.FormatInt(info.Size(), 10))
	}
	// ServeContent handles HEAD, Range and If-Modified-Since; the type is
	// already set, so it does not sniff.
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// acceptedEncodings parses Accept-Encoding, dropping codings with q=0.
func acceptedEncodings(header string) map[string]bool {
	out := map[string]bool{}
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		if q, ok := qValue(params); ok && q == 0 {
			continue
		}
		out[coding] = true
	}
	return out
}

// qValue reads "q=0.5" from the parameters of one coding.
func qValue(params string) (float64, bool) {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || strings.TrimSpace(k) != "q" {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return 0, false
		}
		return q, true
	}
	return 0, false
}

// ErrNoSite is returned by Check when dir holds no generated site.
var ErrNoSite = errors.New("no generated site")

// Check reports whether dir holds a generated site (index.html and
// web/app.wasm).
func Check(dir string) error {
	for _, name := range []string{"index.html", "web/app.wasm"} {
		if _, err := fs.Stat(os.DirFS(dir), name); err != nil {
			return fmt.Errorf("%w in %s: %s missing (run make site)", ErrNoSite, dir, name)
		}
	}
	return nil
}
