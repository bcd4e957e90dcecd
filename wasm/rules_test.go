package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docRule is one entry of docs/rules.md.
type docRule struct {
	ID, En, Zh, Source, Code string
}

// readRulesDoc parses docs/rules.md: a "### ID" heading, then "- en:",
// "- zh:", "- source:" and "- code:" lines.
func readRulesDoc(t *testing.T) []docRule {
	t.Helper()
	f, err := os.Open("../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []docRule
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if id, ok := strings.CutPrefix(line, "### "); ok {
			out = append(out, docRule{ID: id})
			continue
		}
		if len(out) == 0 {
			continue
		}
		r := &out[len(out)-1]
		for prefix, field := range map[string]*string{"- en: ": &r.En, "- zh: ": &r.Zh, "- source: ": &r.Source, "- code: ": &r.Code} {
			if v, ok := strings.CutPrefix(line, prefix); ok {
				*field = v
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRulesDoc: docs/rules.md and the site's rule table (the About page and
// every /about#rule-ID link) hold the same rules in the same order with the
// same words, each with its source article, and every package and name the
// file sends a reader to exists.
func TestRulesDoc(t *testing.T) {
	doc := readRulesDoc(t)
	if len(doc) != len(rules) {
		t.Errorf("docs/rules.md has %d rules, wasm/rules.go %d", len(doc), len(rules))
	}
	for i := range min(len(doc), len(rules)) {
		d, r := doc[i], rules[i]
		if en, zh := r.Text(En), r.Text(Zh); d.ID != r.ID || d.En != en || d.Zh != zh {
			t.Errorf("rule %d: docs/rules.md has %s %q / %q, the catalogue %s %q / %q", i, d.ID, d.En, d.Zh, r.ID, en, zh)
		}
		if !regexp.MustCompile(`\b00[0-2] `).MatchString(d.Source) {
			t.Errorf("%s: source %q names no article (000, 001, 002)", d.ID, d.Source)
		}
		if d.Code == "" {
			t.Errorf("%s: no code line", d.ID)
		}
	}
	for _, d := range doc {
		checkCodeRefs(t, d)
	}
}

// checkCodeRefs checks a rule's code line: each "`dir`: `Name`, …" part
// names a folder of this module, and each name is declared (or, for a
// file name, present) there.
func checkCodeRefs(t *testing.T, d docRule) {
	t.Helper()
	tick := regexp.MustCompile("`([^`]+)`")
	for part := range strings.SplitSeq(d.Code, ";") {
		refs := tick.FindAllStringSubmatch(part, -1)
		if len(refs) == 0 || !strings.Contains(refs[0][1], "/") {
			continue
		}
		dir := filepath.Join("..", strings.Fields(refs[0][1])[0])
		if strings.HasSuffix(dir, ".go") {
			if _, err := os.Stat(dir); err != nil {
				t.Errorf("%s: %v", d.ID, err)
			}
			continue
		}
		src := goSource(t, dir)
		if src == "" {
			t.Errorf("%s: %s holds no Go code", d.ID, dir)
			continue
		}
		for _, ref := range refs[1:] {
			name := ref[1]
			if strings.HasSuffix(name, ".go") {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("%s: %v", d.ID, err)
				}
				continue
			}
			if strings.Contains(name, " ") { // a command such as `gpuverify check`
				continue
			}
			name = name[strings.LastIndex(name, ".")+1:]
			name = strings.TrimSuffix(name, "*")
			if !regexp.MustCompile(`(?m)^(func (\([^)]*\) )?|type |var |const |\t)` + regexp.QuoteMeta(name) + `\b`).MatchString(src) {
				t.Errorf("%s: docs/rules.md sends the reader to %s in %s, which does not declare it", d.ID, ref[1], dir)
			}
		}
	}
}

// goSource is the non-test Go source in dir, concatenated.
func goSource(t *testing.T, dir string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var b strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}
