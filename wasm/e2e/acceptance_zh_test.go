//go:build !js

package e2e

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAcceptancePasteZh: on the Chinese page, the check table's Expected
// and Measured cells of a pasted 8 × RTX 4090 capture are Chinese, built
// in the browser from the verifier's own checks.
func TestAcceptancePasteZh(t *testing.T) {
	fixture, err := os.ReadFile("../../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		t.Fatal(err)
	}
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/acceptance?lang=zh&workload=pretrain"), WaitWasm("acceptance"))
	e.do("paste", PasteInto("facts-input", string(fixture)))
	e.waitFor(`document.querySelector('#check-table tr[data-check="gpu0/ecc_errors"]')`)
	cells := func(id string) string {
		return e.eval(`(() => { const r = document.querySelector('#check-table tr[data-check="` + id + `"]'); ` +
			`const td = r.querySelectorAll("td"); return td[1].textContent + " | " + td[2].textContent })()`)
	}
	if got := cells("gpu_count"); !strings.HasPrefix(got, "8 块 GPU") || !strings.HasSuffix(got, "列出 8 块 GPU") {
		t.Errorf("gpu_count expected | measured = %q", got)
	}
	if got := cells("gpu0/ecc_errors"); !strings.HasPrefix(got, "0 个不可纠正的 ECC 错误 | ") {
		t.Errorf("gpu0/ecc_errors expected | measured = %q", got)
	}
	table := e.eval(`document.getElementById("check-table").textContent`)
	for _, en := range []string{" listed", "uncorrectable", "not applicable", "persistence mode", "since the driver loaded"} {
		if strings.Contains(table, en) {
			t.Errorf("the Chinese check table shows English %q", en)
		}
	}
}
