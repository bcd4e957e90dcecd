//go:build !js

package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/report"
)

// TestAcceptancePaste: the 8 × RTX 4090 nvidia-smi -q capture pasted
// against a plan that wants H100s shows the parsed cards and fails identity
// (rule A1), computed in the browser by the verifier's own checks.
func TestAcceptancePaste(t *testing.T) {
	fixture, err := os.ReadFile("../../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		t.Fatal(err)
	}
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/acceptance?lang=en&workload=pretrain"), WaitWasm("acceptance"))
	if got := e.eval(`document.querySelector("#acc-block").textContent`); !strings.Contains(got, "h100-80g-sxm") {
		t.Fatalf("the plan does not want H100s: %q", got)
	}
	e.do("paste", PasteInto("facts-input", string(fixture)))
	e.waitFor(`document.getElementById("facts-table")`)
	if got := e.eval(`document.querySelector("#facts-table tbody tr td").textContent`); got != "NVIDIA GeForce RTX 4090" {
		t.Errorf("first GPU name %q", got)
	}
	e.waitFor(`document.querySelector('#check-table tr[data-check="gpu0/identity"][data-status="fail"]')`)
	if n := e.eval(`document.getElementById("check-verdict").getAttribute("data-failed")`); n == "0" || n == "" {
		t.Errorf("verdict reports %q failures", n)
	}
	if got := e.text("check-verdict"); !strings.Contains(got, "open a ticket") {
		t.Errorf("verdict %q", got)
	}
	e.do("not nvidia-smi", PasteInto("facts-input", "hello"))
	e.waitFor(`document.getElementById("facts-error")`)
	// The test site is built without RELEASE_JSON.
	if got := e.text("release-none"); got != "No published release for this build." {
		t.Errorf("release line %q", got)
	}
}

// TestAcceptanceReport: a report written by gpuverify check (report.New
// over the plan file this page exports and the 8 × RTX 4090 capture) loads
// into the page: the same checks, the digest verified, the plan
// recognised; the report edited afterwards (a failed check turned into a
// pass) is flagged (rule A4).
func TestAcceptanceReport(t *testing.T) {
	e := setup(t, siteDir, "")
	good, r := e.report4090()
	tampered := bytes.Replace(good, []byte(`"status": "fail"`), []byte(`"status": "pass"`), 1)
	dir := t.TempDir()
	goodPath, badPath := filepath.Join(dir, "report.json"), filepath.Join(dir, "edited.json")
	os.WriteFile(goodPath, good, 0o644)
	os.WriteFile(badPath, tampered, 0o644)

	e.do("load the report", chromedp.SetUploadFiles(`#facts-file`, []string{goodPath}),
		chromedp.WaitVisible(chromedp.CSS(`#report-digest[data-digest="match"]`)))
	if got := e.eval(`document.getElementById("report").getAttribute("data-plan")`); got != "same" {
		t.Errorf("the report's plan is %q, want the plan on the page", got)
	}
	rows := e.eval(`String(document.querySelectorAll("#check-table tbody tr").length)`)
	if rows != fmt.Sprint(len(r.Checks)) {
		t.Errorf("%s rows in the check table, the report has %d checks", rows, len(r.Checks))
	}
	e.waitFor(`document.querySelector('#check-table tr[data-check="gpu0/identity"][data-status="fail"]')`)
	if n := e.eval(`document.getElementById("check-verdict").getAttribute("data-failed")`); n != fmt.Sprint(r.Summary.Fail) {
		t.Errorf("verdict counts %s failures, the report %d", n, r.Summary.Fail)
	}

	e.do("load the edited report", chromedp.SetUploadFiles(`#facts-file`, []string{badPath}),
		chromedp.WaitVisible(chromedp.CSS(`#report-digest[data-digest="mismatch"][role="alert"]`)))
	if got := e.text("report-digest"); !strings.Contains(got, "Digest mismatch") || strings.Contains(got, r.Digest) {
		t.Errorf("mismatch warning %q (it must not print a digest a forger could paste in)", got)
	}
	// The checks are derived again from the facts, so the edited
	// status is named; the facts came from a file, which the page says.
	e.waitFor(`document.querySelector('#report-derived[data-derived="disagree"][role="alert"]')`)
	e.waitFor(`document.querySelector('#report-origin[data-origin="file"]')`)
}

// TestAcceptanceFleet: two reports selected at once are merged in the
// page as gpuverify merge does; the same server's report under two names
// is one box counted twice (rule A1), named in the fleet table.
func TestAcceptanceFleet(t *testing.T) {
	e := setup(t, siteDir, "")
	data, _ := e.report4090()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "report-node-a.json"), filepath.Join(dir, "report-node-b.json")
	os.WriteFile(a, data, 0o644)
	os.WriteFile(b, data, 0o644)
	e.do("load two reports", chromedp.SetUploadFiles(`#facts-file`, []string{a, b}),
		chromedp.WaitVisible(chromedp.CSS(`#fleet-table`)))
	if n := e.eval(`String(document.querySelectorAll("#fleet-table tbody tr").length)`); n != "2" {
		t.Errorf("%s rows in the fleet table, want 2", n)
	}
	e.waitFor(`document.querySelector('#check-table tr[data-check="fleet_unique_gpus"][data-status="fail"]')`)
	if got := e.eval(`document.querySelector('#check-table tr[data-check="fleet_unique_gpus"]').textContent`); !strings.Contains(got, "report-node-a.json") || !strings.Contains(got, "report-node-b.json") {
		t.Errorf("the box-twice row does not name both reports: %q", got)
	}
	if got := e.eval(`document.getElementById("fleet").getAttribute("data-verdict")`); got != "fail" {
		t.Errorf("fleet verdict %q", got)
	}
}

// report4090 opens the acceptance page of a pretraining plan, exports the
// plan and returns the sealed report (file and value) of the 8 × RTX 4090
// capture against it.
func (e *env) report4090() ([]byte, *report.Report) {
	e.t.Helper()
	capture, err := os.ReadFile("../../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		e.t.Fatal(err)
	}
	f, err := facts.Parse(capture)
	if err != nil {
		e.t.Fatal(err)
	}
	e.do("load", chromedp.Navigate(e.base+"/acceptance?lang=en&workload=pretrain"), WaitWasm("acceptance"))
	planFile := exportPlan(e.t, e.ctx)
	pl, err := plan.Decode(bytes.NewReader(planFile))
	if err != nil {
		e.t.Fatal(err)
	}
	r, err := report.New(planFile, pl.Acceptance, f, report.Tool{Name: "gpuverify", Version: "v0.0.0-e2e"},
		time.Date(2026, 11, 30, 8, 15, 0, 0, time.UTC))
	if err != nil {
		e.t.Fatal(err)
	}
	data, err := report.Marshal(r)
	if err != nil {
		e.t.Fatal(err)
	}
	return data, r
}
