package main

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	registerRoutes()
	os.Exit(m.Run())
}

// TestRoutes checks the route table: unique paths and ids, every page in the
// menu but /embed, and routeByID finds each.
func TestRoutes(t *testing.T) {
	paths, ids := map[string]bool{}, map[string]bool{}
	for _, r := range routes {
		if paths[r.Path] || ids[r.ID] {
			t.Errorf("duplicate route %s %s", r.Path, r.ID)
		}
		paths[r.Path], ids[r.ID] = true, true
		if routeByID(r.ID).Path != r.Path {
			t.Errorf("routeByID(%s) = %s", r.ID, routeByID(r.ID).Path)
		}
		if r.InNav == (r.ID == routeEmbed) {
			t.Errorf("%s: InNav = %v", r.ID, r.InNav)
		}
		if r.Title(En) == "" || r.Title(Zh) == "" {
			t.Errorf("%s has no title", r.ID)
		}
	}
	for _, p := range []string{"/", "/cost", "/rentbuild", "/acceptance", "/about", "/embed"} {
		if !paths[p] {
			t.Errorf("route %s missing", p)
		}
	}
}
