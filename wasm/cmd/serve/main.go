// Command serve serves the generated planner site on a local address, for
// make run. It maps /route to route.html, serves the precompressed .br/.gz
// files and handles a sub-path prefix (see package sitesrv).
//
//	go run ./wasm/cmd/serve -dir build/site -addr 127.0.0.1:8000 [-prefix /gpuplan]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/gpuplan/gpuplan/wasm/sitesrv"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "serve:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "build/site", "the generated site")
	addr := fs.String("addr", "127.0.0.1:8000", "listen `address`")
	prefix := fs.String("prefix", "", "serve the site under this sub-path, e.g. /gpuplan")
	if err := fs.Parse(args); err != nil {
		return err
	}
	h, err := sitesrv.New(sitesrv.Config{Dir: *dir, Prefix: *prefix})
	if err != nil {
		return err
	}
	defer h.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "serving %s on http://%s%s/\n", *dir, ln.Addr(), trimSlash(*prefix))
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
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
