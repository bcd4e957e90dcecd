// Command serve serves the generated planner site on a local address, for
// make run. It maps /route to route.html, serves the precompressed .br/.gz
// files and handles a sub-path prefix (see package sitesrv). It re-opens the
// site directory for every request, so make site may rebuild it while it
// serves.
//
//	go run ./wasm/cmd/serve -dir build/site -addr 127.0.0.1:8000 [-prefix /gpuplan]
//	go run ./wasm/cmd/serve -addr 127.0.0.1:8000 -check-port
//
// -check-port only tells whether the address is free: make run asks before
// it spends a minute building the site.
package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"

	"github.com/gpuplan/gpuplan/wasm/internal/cmdmain"
	"github.com/gpuplan/gpuplan/wasm/sitesrv"
)

func main() { cmdmain.Main("serve", 2, run) }

func run(args []string, stdout, stderr io.Writer) error {
	fs := cmdmain.Flags("serve", stderr)
	dir := fs.String("dir", "build/site", "the generated site")
	addr := fs.String("addr", "127.0.0.1:8000", "listen `address`")
	prefix := fs.String("prefix", "", "serve the site under this sub-path, e.g. /gpuplan")
	checkPort := fs.Bool("check-port", false, "only check that the address is free, then exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *checkPort {
		ln, err := listen(*addr)
		if err != nil {
			return err
		}
		return ln.Close()
	}
	h, err := sitesrv.New(sitesrv.Config{Dir: *dir, Prefix: *prefix})
	if err != nil {
		return err
	}
	defer h.Close()
	ln, err := listen(*addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "serving %s on http://%s%s/\n", *dir, ln.Addr(), trimSlash(*prefix))
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// listen opens addr; a port already taken gets a message naming the port
// and how to choose another.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		_, port, _ := net.SplitHostPort(addr)
		return nil, fmt.Errorf("port %s is already in use (another make run?): stop that server, "+
			"or choose another port, e.g. make run PORT=%s", port, nextPort(port))
	}
	return ln, err
}

// nextPort suggests the port after p ("8001" for "8000").
func nextPort(p string) string {
	var n int
	if _, err := fmt.Sscan(strings.TrimSpace(p), &n); err != nil || n <= 0 || n >= 65535 {
		return "8001"
	}
	return fmt.Sprint(n + 1)
}

// trimSlash formats the prefix for the printed URL.
func trimSlash(p string) string {
	for len(p) > 0 && p[len(p)-1] == '/' {
		p = p[:len(p)-1]
	}
	if p != "" && p[0] != '/' {
		p = "/" + p
	}
	return p
}
