package main

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
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

// TestChoiceLabels: no option is empty or a code word: the empty choice
// names the default plan.Build fills in, and yes/no read as words.
func TestChoiceLabels(t *testing.T) {
	kv, _ := form.ByKey("kv_cache_precision")
	gc, _ := form.ByKey("training.gradient_checkpointing")
	for _, c := range []struct {
		f     form.Spec
		l     Lang
		value string
		want  string
	}{
		{kv, Zh, "", "默认：bf16"}, {kv, En, "", "Default: bf16"},
		{gc, Zh, "true", Zh.Text("site.proc.yes")}, {gc, En, "false", En.Text("site.proc.no")},
	} {
		if got := choiceLabel(c.f, c.l, c.value); got != c.want {
			t.Errorf("%s %s %q = %q, want %q", c.f.Key, c.l, c.value, got, c.want)
		}
	}
}
