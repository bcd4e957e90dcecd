package main

import (
	"strings"
	"testing"
)

// TestEmbedCode: the pasted code frames the widget's address (escaped for
// an attribute), and its height script trusts only the site's origin.
func TestEmbedCode(t *testing.T) {
	src := "https://plan.example.com/embed?lang=en&view=quotes#p=z1"
	code := embedCode("https://plan.example.com", src, viewQuotes)
	for _, want := range []string{
		`<iframe src="https://plan.example.com/embed?lang=en&amp;view=quotes#p=z1" title="gpuplan quotes"`,
		`height:760px`, `e.origin === "https://plan.example.com"`, `iframe[title="gpuplan quotes"]`, `e.data.type === "height"`,
	} {
		if !strings.Contains(code, want) {
			t.Errorf("embed code lacks %s:\n%s", want, code)
		}
	}
	if strings.Contains(embedCode("https://x", `https://x/embed?a="><script>`, viewPlan), `"><script>`) {
		t.Error("the address is not escaped")
	}
}
