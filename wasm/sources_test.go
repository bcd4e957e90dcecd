package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestSelfBuildSources: the About page's self-build sources can be opened
// (they once named the project's working notes, which no reader has).
func TestSelfBuildSources(t *testing.T) {
	s := selfBuildSources
	for name, src := range map[string]string{"residual": s.Residual, "life": s.Life, "pue": s.PUE,
		"kwh": s.KWh, "colo": s.Colo, "staff": s.Staff} {
		if err := catalog.CheckSource(msg.En.Text(src)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestSourceText: web addresses in a citation become links, the rest text.
func TestSourceText(t *testing.T) {
	got := app.HTMLString(app.Span().Body(sourceText("NVIDIA L40S datasheet (https://www.nvidia.com/en-us/data-center/l40s/); search (https://github.com/search?q=%22nvidia-smi+-q%22&type=code).")...))
	for _, want := range []string{
		`href="https://www.nvidia.com/en-us/data-center/l40s/"`,
		`href="https://github.com/search?q=%22nvidia-smi+-q%22&`, // go-app leaves & as is
		"NVIDIA L40S datasheet (", "); search (", ").",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("%s lacks %s", got, want)
		}
	}
	if n := strings.Count(got, "<a "); n != 2 {
		t.Errorf("%d links, want 2", n)
	}
	if got := app.HTMLString(app.Span().Body(sourceText("assumption: no link")...)); strings.Contains(got, "<a ") {
		t.Errorf("a link from no address: %s", got)
	}
}

// TestSelfBuildTableZh: the About page's self-build table reads in Chinese
// to the last source note and unit (the law's title and the acronyms PUE
// and GPU as written).
func TestSelfBuildTableZh(t *testing.T) {
	html := app.HTMLString(selfBuildTable(Zh))
	text := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(strings.ReplaceAll(html, "</tr>", "\n"), " ")
	testkit.NoEnglish(t, text, "PUE", "GPU", "kW")
	for _, want := range []string{"每千瓦每月", "元/千瓦时", "个月", "5%"} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q: %s", want, text)
		}
	}
}
