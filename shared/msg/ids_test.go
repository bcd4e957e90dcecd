package msg_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// codeIDs is what the module's code (shared/, wasm/, verifier/, test files
// left out) says of message ids: every string literal that is a catalogue
// id, every literal given to msg.New or msg.Label, and the prefixes ids
// are built from: a literal that starts a + (such as "exit." + step) or
// ends in a dot (such as "ops.col.", handed to a table's header).
type codeIDs struct {
	literals map[string]bool
	asked    map[string]string // literal given to msg.New or msg.Label → where
	prefixes map[string]bool
}

// scanCode parses the module's Go files and collects their ids.
func scanCode(t *testing.T) codeIDs {
	t.Helper()
	c := codeIDs{literals: map[string]bool{}, asked: map[string]string{}, prefixes: map[string]bool{}}
	fset := token.NewFileSet()
	for _, dir := range []string{"../../shared", "../../wasm", "../../verifier"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool { c.visit(fset, n); return true })
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return c
}

func (c codeIDs) visit(fset *token.FileSet, n ast.Node) {
	switch x := n.(type) {
	case *ast.BasicLit:
		if s, ok := stringLit(x); ok {
			c.literals[s] = true
			if strings.HasSuffix(s, ".") {
				c.prefixes[s] = true // handed to code that appends the rest
			}
		}
	case *ast.BinaryExpr:
		if s, ok := stringLit(x.X); ok && x.Op == token.ADD {
			c.prefixes[s] = true
		}
	case *ast.CallExpr:
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok || len(x.Args) == 0 {
			return
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "msg" || (sel.Sel.Name != "New" && sel.Sel.Name != "Label") {
			return
		}
		if s, ok := stringLit(x.Args[0]); ok {
			c.asked[s] = fset.Position(x.Pos()).String()
		}
	}
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// TestIDsInCodeExist: every id the code gives msg.New or msg.Label is in
// the catalogue (TestCatalogueComplete checks it has both languages).
func TestIDsInCodeExist(t *testing.T) {
	c := scanCode(t)
	if len(c.asked) < 500 {
		t.Fatalf("found only %d ids given to msg.New or msg.Label: is the scan reading the code?", len(c.asked))
	}
	for id, where := range c.asked {
		if !msg.Known(id) {
			t.Errorf("%s: msg id %q is not in the catalogue", where, id)
		}
	}
}

// TestCatalogueIDsUsed: every catalogue id is named in the code, as a
// literal or under a prefix the code builds ids from ("enum." + kind, for
// one: a label of every value of a typed state, which the enum tests of
// each package check).
func TestCatalogueIDsUsed(t *testing.T) {
	c := scanCode(t)
	var prefixes []string
	for p := range c.prefixes {
		if strings.Contains(p, ".") {
			prefixes = append(prefixes, p)
		}
	}
	sort.Strings(prefixes)
	for _, id := range msg.IDs() {
		if c.literals[id] || slicesHasPrefix(prefixes, id) || strings.HasPrefix(id, "test.") { // test.*: TestAddMap's
			continue
		}
		t.Errorf("catalogue id %s is used nowhere in the code: delete it, or name it where it is used", id)
	}
}

func slicesHasPrefix(prefixes []string, id string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}
