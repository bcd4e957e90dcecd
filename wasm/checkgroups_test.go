//go:build !wasm

package main

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestCheckGroups: the acceptance page groups an 8-GPU report's checks by
// kind as gpuverify check does (acceptance.ByKind), the failed group first
// and open, the passed ones folded, every check in #check-table once, and
// the GPU × check grid one row a GPU.
func TestCheckGroups(t *testing.T) {
	h100 := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	out := runCheck(testReport(t, h100), h100)
	if out.Err != nil || len(out.Results) < 50 {
		t.Fatalf("report: %v, %d results", out.Err, len(out.Results))
	}
	html := app.HTMLString(checkTable(En, out.Results, true, false))
	groups := acceptance.ByKind(out.Results)
	if len(groups) < 4 {
		t.Fatalf("%d groups", len(groups))
	}
	first := strings.Index(html, `data-kind="`+string(groups[0].Kind)+`"`)
	for _, g := range groups[1:] {
		if i := strings.Index(html, `data-kind="`+string(g.Kind)+`"`); i < first {
			t.Errorf("group %s is shown before the first group %s", g.Kind, groups[0].Kind)
		}
	}
	if acceptance.Worst(groups[0].Results) != acceptance.Fail {
		t.Fatalf("the report has no failed group first: %s", groups[0].Kind)
	}
	for _, g := range groups {
		i := strings.Index(html, `data-kind="`+string(g.Kind)+`"`)
		start := strings.LastIndex(html[:i], "<details")
		tag := html[start : i+strings.Index(html[i:], ">")]
		open := strings.Contains(tag, " open")
		if want := acceptance.Worst(g.Results) != acceptance.Pass; open != want {
			t.Errorf("group %s (worst %s): open %v", g.Kind, acceptance.Worst(g.Results), open)
		}
	}
	if n := strings.Count(html, `data-check="`); n != len(out.Results) {
		t.Errorf("%d check rows, the report has %d checks", n, len(out.Results))
	}
	grid := acceptance.GridOf(out.Results)
	if len(grid.GPUs) != 8 || !strings.Contains(html, `id="check-grid"`) {
		t.Errorf("grid of %d GPUs", len(grid.GPUs))
	}
	if got := strings.Count(html, `data-cell="gpu7/`); got != len(grid.Checks) {
		t.Errorf("gpu7 has %d cells, want %d", got, len(grid.Checks))
	}
	if zh := app.HTMLString(checkTable(Zh, out.Results, true, false)); !strings.Contains(zh, groups[0].Kind.Title(msg.Zh)) || !strings.Contains(zh, "逐卡逐项检查") {
		t.Error("the zh-CN groups lack their headings")
	}
	// One GPU: no grid.
	one := []acceptance.Result{{ID: "gpu0/identity", Status: acceptance.Pass}, {ID: "driver", Status: acceptance.Pass}}
	if strings.Contains(app.HTMLString(checkTable(En, one, false, false)), `id="check-grid"`) {
		t.Error("a one-GPU server got a grid")
	}
}

// TestCheckTableValuesZh: on a Chinese page the Expected and Measured
// cells are Chinese, where the English page reads "MIG disabled".
func TestCheckTableValuesZh(t *testing.T) {
	h100 := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	out := runCheck(testReport(t, h100), h100)
	if out.Err != nil || len(out.Results) == 0 {
		t.Fatalf("report: %v", out.Err)
	}
	zh := app.HTMLString(checkTable(Zh, out.Results, true, false))
	en := app.HTMLString(checkTable(En, out.Results, true, false))
	for _, w := range []string{"<td>MIG 已禁用</td>", "<td>ECC 已启用</td>", "<td>0 个不可纠正的 ECC 错误</td>"} {
		if !strings.Contains(zh, w) {
			t.Errorf("the zh table lacks %s", w)
		}
	}
	for _, w := range []string{"MIG disabled", "ECC enabled", "uncorrectable ECC errors", " listed<"} {
		if strings.Contains(zh, w) {
			t.Errorf("the zh table shows English %q", w)
		}
		if !strings.Contains(en, w) {
			t.Errorf("the en table lacks %q", w)
		}
	}
}
