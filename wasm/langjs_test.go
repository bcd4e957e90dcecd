//go:build !wasm

package main

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// langHarness runs web/lang.js in node with a stand-in page: the address,
// the page's language and the saved language; it prints what the script
// did (replace or replaceState, and where to).
const langHarness = `
const [arg, script] = process.argv.slice(-2);
const [href, pageLang, saved] = JSON.parse(arg);
const loc = new URL(href);
const did = [];
const location = { get pathname() { return loc.pathname; }, get search() { return loc.search; },
  get hash() { return loc.hash; }, get href() { return loc.href; }, get origin() { return loc.origin; },
  replace(u) { did.push(["replace", u]); } };
global.window = { location, history: { state: null, replaceState(s, t, u) { did.push(["replaceState", u]); } },
  URLSearchParams, localStorage: { getItem: () => saved ? JSON.stringify({ lang: saved }) : null },
  sessionStorage: { getItem: () => null, setItem() {}, removeItem() {} } };
global.document = { currentScript: { src: loc.origin + "/web/lang.js" }, documentElement: { lang: pageLang } };
global.navigator = { language: "en-US" };
eval(require("fs").readFileSync(script, "utf8"));
console.log(JSON.stringify(did));
`

// TestLangScriptKeepsHost: whatever the address, lang.js moves only within
// the page's host: "//en/cost" is the path /en/cost, never the host "en".
func TestLangScriptKeepsHost(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: this test runs web/lang.js in it")
	}
	for _, c := range []struct {
		href, page, saved, want string
	}{
		{"https://gpuplan.example/en/cost", "en", "", `[["replaceState","/cost?lang=en"]]`},
		{"https://gpuplan.example//en/cost", "zh", "", `[["replace","/en/cost"]]`},
		{"https://gpuplan.example///evil.example/cost", "zh", "", `[["replace","/en/evil.example/cost"]]`},
		{"https://gpuplan.example//en/cost", "en", "", `[["replaceState","/cost?lang=en"]]`},
		{"https://gpuplan.example//en/cost?lang=zh", "en", "", `[["replace","/cost?lang=zh"]]`},
		{"https://gpuplan.example/cost", "zh", "zh", `[]`},
		{"https://gpuplan.example/cost?lang=en", "zh", "", `[["replace","/en/cost?lang=en"]]`},
	} {
		arg, _ := json.Marshal([]string{c.href, c.page, c.saved})
		out, err := exec.Command(node, "-e", langHarness, string(arg), "../web/lang.js").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.href, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != c.want {
			t.Errorf("%s (page %s): %s, want %s", c.href, c.page, got, c.want)
		}
	}
}
