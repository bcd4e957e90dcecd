//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestNoVerdictWhenReportDoesNotVerify: a report whose digest is not that
// of its content, or whose given signature fails, shows the mismatch and no
// verdict: no check table, no "No check failed", no green derived line
// (a changed report proves nothing). The untouched report keeps its verdict.
func TestNoVerdictWhenReportDoesNotVerify(t *testing.T) {
	h100 := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	file := testReport(t, h100)
	page := func(data []byte, sig, signers string) string {
		p := &acceptancePage{}
		p.st.Lang = En
		p.check = runCheck(data, h100)
		p.sig, p.signers = sig, signers
		return app.HTMLString(p.outcome())
	}

	good := page(file, "", "")
	if !strings.Contains(good, `id="check-table"`) || strings.Contains(good, `data-verdict="unverified"`) {
		t.Error("an untouched report lost its check table")
	}

	// Make the report pass: its digest then no longer matches.
	tampered := bytes.ReplaceAll(file, []byte(`"status": "fail"`), []byte(`"status": "pass"`))
	tampered = bytes.Replace(tampered, []byte(`"verdict": "fail"`), []byte(`"verdict": "pass"`), 1)
	bad := page(tampered, "", "")
	for _, want := range []string{`data-verdict="unverified"`, `data-why="digest"`, "No verdict: this report does not verify.", `data-digest="mismatch"`} {
		if !strings.Contains(bad, want) {
			t.Errorf("tampered report: the page lacks %s", want)
		}
	}
	for _, never := range []string{`id="check-table"`, "No check failed", `data-derived="agree"`, `class="verdict good"`} {
		if strings.Contains(bad, never) {
			t.Errorf("tampered report: the page shows %s", never)
		}
	}
	if i, j := strings.Index(bad, `data-verdict="unverified"`), strings.Index(bad, `id="report"`); i < 0 || j < 0 || i > j {
		t.Error("the no-verdict box is not first in the outcome")
	}

	sig := page(file, "-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n",
		`alice@example.com namespaces="gpuplan-report" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl`)
	if !strings.Contains(sig, `data-why="signature"`) || strings.Contains(sig, `id="check-table"`) {
		t.Error("a report whose signature fails still shows a verdict")
	}

	// A genuine report made against a weaker plan (another acceptance
	// block) gives no verdict on this plan's page.
	weaker := form.Compute(form.DefaultInput().With("workload", "lora")).Plan
	p := &acceptancePage{}
	p.st.Lang = En
	p.check = runCheck(testReport(t, weaker), h100)
	if html := app.HTMLString(p.outcome()); !strings.Contains(html, `data-why="plan"`) || strings.Contains(html, `id="check-table"`) ||
		!strings.Contains(html, "another acceptance block than this plan") {
		t.Error("a report of another plan shows a verdict")
	}

	zh := &acceptancePage{}
	zh.st.Lang = Zh
	zh.check = runCheck(tampered, h100)
	if html := app.HTMLString(zh.outcome()); !strings.Contains(html, "无结论") {
		t.Error("the zh-CN page lacks its no-verdict text")
	}
}
