//go:build !wasm

package main

import (
	"bytes"
	"crypto/ed25519"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/catalog"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// goldenSheets are shared/plan's golden requirement sheets.
var goldenSheets = []string{"inference-70b", "lora-7b", "pretrain-405b", "domestic-32b", "custom-13b-quotes"}

// goldenPlan reads shared/plan's golden plan file name.
func goldenPlan(t testing.TB, name string) *plan.Plan {
	t.Helper()
	return testkit.DecodeFile(t, "../shared/plan/testdata/"+name+".plan.json", plan.Decode)
}

// TestRentBuildInputMatchesPlan: the rent-or-build page's input
// (plan.RentBuildInput) gives, on every golden sheet and with the
// user's self-build figures, exactly the decision, break-even and costs
// the plan holds (rules D1, D2). The page adds only the series.
func TestRentBuildInputMatchesPlan(t *testing.T) {
	check := func(t *testing.T, p *plan.Plan) {
		res, err := rentbuild.Decide(rentBuildInput(p))
		if err != nil {
			t.Fatal(err)
		}
		rb := p.RentVsBuild
		if res.Decision != rb.Decision || !res.SelfBuildMonthly.Equal(rb.SelfBuildMonthly) ||
			!res.RentMonthly.Equal(rb.RentMonthly) || !res.Hybrid.SavingVsBuild.Equal(rb.HybridSaving) {
			t.Errorf("page: %s self %s rent %s saving %s; plan: %s self %s rent %s saving %s",
				res.Decision, res.SelfBuildMonthly, res.RentMonthly, res.Hybrid.SavingVsBuild,
				rb.Decision, rb.SelfBuildMonthly, rb.RentMonthly, rb.HybridSaving)
		}
		if (res.BreakEvenMonths == nil) != (rb.BreakevenMonths == nil) ||
			res.BreakEvenMonths != nil && !res.BreakEvenMonths.Equal(*rb.BreakevenMonths) {
			t.Errorf("break-even %v, plan %v", res.BreakEvenMonths, rb.BreakevenMonths)
		}
		if len(res.Series) != 37 {
			t.Errorf("series has %d points, want months 0..36", len(res.Series))
		}
	}
	for _, name := range goldenSheets {
		t.Run(name, func(t *testing.T) { check(t, goldenPlan(t, name)) })
	}
	t.Run("own figures", func(t *testing.T) {
		in := form.DefaultInput().With("cost.self_build.capex_per_card", "200000").With("cost.self_build.pue", "1.2").
			With("cost.self_build.life_months", "60").With("cost.self_build.ops_staff_monthly", "8000").
			With("cost.self_build.price_per_kwh", "0.4").With("cost.self_build.colocation_monthly", "3000").
			With("cost.self_build.residual_fraction", "0.1").With("ops_team", "true").With("hours_per_day", "22")
		o := form.Compute(in)
		if o.Plan == nil {
			t.Fatal(o.Errors, o.Err)
		}
		check(t, o.Plan)
	})
}

// TestCostPage: the page shows the items, the chart and every card's
// price row, and the user's quote and amount make the total (rule C1):
// 2 × 8,000 rent (monthly: the hourly quote of 20 is dearer at 24 h a day;
// by the hour it would be 2 × 20 × 720 = 28,800, total 33,023–35,633)
// + 2,000 egress + 2 TB storage at 0.3–1.0/GB (600–2,000) +
// 2 IPs at 20–100 + support 1,000 + after-hours 500–1,500 + migration of
// 2,000 GB at 0.5–0.8 over 12 months (83.33–133.33) = 20,223.33–22,833.33.
func TestCostPage(t *testing.T) {
	useStore(t, memStore{})
	html := prerender(t, "/cost?lang=en&cost.prices.h20-96g.monthly=8000&cost.prices.h20-96g.hourly=20&cost.items.egress=2000")
	for _, want := range []string{`id="cost-chart"`, `id="cost-items"`, `id="card-prices"`, `data-card="h20-96g"`,
		`value="8000"`, `value="2000"`, ">¥20,223–22,833</output>", "your figure", `class="seg item-gpu_rent"`,
		"Total with “Pay by the hour”: ¥33,023–35,633"} {
		if !strings.Contains(html, want) {
			t.Errorf("/cost lacks %s", want)
		}
	}
	// go-app writes attributes in no fixed order.
	if !regexp.MustCompile(`<output[^>]*(id="cost-rent-mode"[^>]*data-mode="monthly"|data-mode="monthly"[^>]*id="cost-rent-mode")`).MatchString(html) {
		t.Error(`/cost lacks the rent mode output with data-mode="monthly"`)
	}
	if n := len(regexp.MustCompile(`<tr[^>]* data-card="`).FindAllString(html, -1)); n != len(catalog.All()) {
		t.Errorf("%d card rows, want %d", n, len(catalog.All()))
	}
}

// TestRentBuildPage: the three curves and the break-even marker are drawn,
// and the D1 table lists its five rows.
func TestRentBuildPage(t *testing.T) {
	useStore(t, memStore{})
	// Quotes of 15,000 a month (30 an hour) per H20: at the hourly
	// reference (7.28 likely) two H20s rent for less than owning them costs
	// to run, and building never breaks even.
	q := "&cost.prices.h20-96g.monthly=15000&cost.prices.h20-96g.hourly=30"
	html := prerender(t, "/rentbuild?lang=en&hours_per_day=24&project_months=36&ops_team=true"+q)
	for _, want := range []string{`id="rb-chart"`, `data-series="s-rent"`, `data-series="s-build"`, `data-series="s-hybrid"`,
		`id="d1-table"`, "Daily use", "Project length", `id="cost-self_build-pue"`, `placeholder="1.5"`} {
		if !strings.Contains(html, want) {
			t.Errorf("/rentbuild lacks %s", want)
		}
	}
	p := form.Compute(form.DefaultInput().With("project_months", "36").With("ops_team", "true").
		With("cost.prices.h20-96g.monthly", "15000").With("cost.prices.h20-96g.hourly", "30")).Plan
	res, _ := rentBuildFor(p)
	if res.BreakEvenMonth == nil {
		t.Fatal("24 h a day for 36 months with an ops team: building should break even")
	}
	if !strings.Contains(html, ">break-even</text>") {
		t.Error("break-even month not marked")
	}
}

// TestAcceptanceCheck: the 8 × RTX 4090 nvidia-smi -q capture against a
// plan that wants H100s fails identity on every GPU (rule A1), exactly as
// acceptance.Check says; against a plan for 4090s it does not fail it.
func TestAcceptanceCheck(t *testing.T) {
	data, err := os.ReadFile("../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		t.Fatal(err)
	}
	h100 := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	if h100 == nil || h100.Acceptance.GPUIDs[0] != "h100-80g-sxm" {
		t.Fatalf("pretraining 70B should plan H100s")
	}
	out := runCheck(data, h100)
	if out.Err != nil || out.Facts == nil || len(out.Facts.GPUs) != 8 {
		t.Fatalf("parse: %v", out.Err)
	}
	if name, _ := out.Facts.GPUs[0].Name.Get(); name != "NVIDIA GeForce RTX 4090" {
		t.Errorf("GPU 0 name %q", name)
	}
	failed := 0
	for _, r := range out.Results {
		if strings.HasSuffix(r.ID, "/identity") {
			if r.Status != acceptance.Fail {
				t.Errorf("%s: %s", r.ID, r.Status)
			}
			failed++
		}
	}
	if failed != 8 {
		t.Errorf("%d identity checks, want 8", failed)
	}
	// Unsloth: its chunked loss keeps no full logits, which at 4,096 tokens
	// and Qwen's 152K vocabulary would not fit 24 GB under the hf default.
	lora := form.Compute(form.DefaultInput().With("workload", "lora").With("model.preset", "qwen2.5-7b").With("concurrency", "1").With("training.framework", "unsloth")).Plan
	if lora.Acceptance.GPUIDs[0] != "rtx-4090" {
		t.Fatalf("LoRA of a 7B model should plan an RTX 4090 (rule G1), got %v", lora.Acceptance.GPUIDs)
	}
	for _, r := range runCheck(data, lora).Results {
		if strings.HasSuffix(r.ID, "/identity") && r.Status == acceptance.Fail {
			t.Errorf("4090s fail identity against a 4090 plan: %s", r.Message)
		}
	}
	if out := runCheck([]byte("hello"), h100); out.Err == nil {
		t.Error("text that is not nvidia-smi output is accepted")
	}
	if out := runCheck([]byte(`{"schema":"gpuplan.results/v0","results":[]}`), h100); out.Err == nil ||
		!strings.Contains(out.Err.Error(), report.Schema) {
		t.Errorf("JSON of another schema: %v", out.Err)
	}
}

// testReport is what gpuverify check --out writes for the 8 × RTX 4090
// capture checked against the plan pl: report.New over the plan file, the
// plan's acceptance block and the parsed facts.
func testReport(t *testing.T, pl *plan.Plan) []byte {
	t.Helper()
	data, err := os.ReadFile("../shared/facts/testdata/gpud__nvidia-smi-query.535.154.05.out.0.valid.4090")
	if err != nil {
		t.Fatal(err)
	}
	f, err := facts.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	file, err := planJSON(pl)
	if err != nil {
		t.Fatal(err)
	}
	r, err := report.New(file, pl.Acceptance, f, report.Tool{Name: "gpuverify", Version: "v0.0.0-test"},
		time.Date(2026, 11, 30, 8, 15, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	b, err := report.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAcceptanceReport: a report from gpuverify check is decoded strictly,
// its checks are shown as written and its digest verified (rule A4: the
// evidence must be the evidence); an edited report is flagged, and one with
// a field the format lacks is refused.
func TestAcceptanceReport(t *testing.T) {
	h100 := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	file := testReport(t, h100)
	want, err := report.Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	out := runCheck(file, h100)
	if out.Err != nil || out.Report == nil {
		t.Fatalf("report: %+v", out)
	}
	if !out.Report.DigestOK || len(out.Report.Disagree) != 0 || out.Report.Plan != planSame || out.Report.Live {
		t.Errorf("untouched report: %+v", out.Report)
	}
	if !reflect.DeepEqual(out.Results, want.Checks) || len(out.Facts.GPUs) != 8 {
		t.Error("the checks or facts differ from the report's")
	}
	// A report from a saved file says so, and is not a pass.
	html := app.HTMLString(reportBlock(En, out.Report))
	for _, w := range []string{`data-origin="file"`, "NOT proof of delivery", `data-derived="agree"`, "No challenge (nonce)"} {
		if !strings.Contains(html, w) {
			t.Errorf("the report block lacks %s", w)
		}
	}
	if html := app.HTMLString(checkTable(En, out.Results, true, false)); want.Summary.Verdict == "pass" || !strings.Contains(html, `data-verdict="`+string(want.Summary.Verdict)+`"`) {
		t.Errorf("verdict %s: a report from a file is never a pass", want.Summary.Verdict)
	}

	// Another sheet with the same acceptance block; another block.
	sameBlock := form.Compute(form.DefaultInput().With("workload", "pretrain").With("hours_per_day", "20")).Plan
	if got := runCheck(file, sameBlock).Report.Plan; got != planSameBlock {
		t.Errorf("same block, other file: %q", got)
	}
	other := runCheck(file, form.Compute(form.DefaultInput()).Plan)
	if got := other.Report.Plan; got != planOther {
		t.Errorf("other plan: %q", got)
	}
	// A report for another plan is a failing check, first and in red,
	// with both plans' hashes; the verdict is a fail whatever its checks.
	for _, l := range []Lang{En, Zh} {
		page := app.HTMLString(otherPlanBlock(l, other.Report))
		if !strings.Contains(page, other.Report.PlanSHA256) || other.Report.PagePlanSHA256 == "" ||
			!strings.Contains(page, other.Report.PagePlanSHA256) || !strings.Contains(page, `data-status="fail"`) {
			t.Errorf("%s: the other-plan block lacks a hash or its status: %s", l, page)
		}
		if html := app.HTMLString(checkTable(l, other.Results, true, true)); !strings.Contains(html, `data-verdict="fail"`) {
			t.Errorf("%s: a report for another plan is not a fail", l)
		}
	}

	// A failed check turned into a pass after the fact.
	tampered := bytes.Replace(file, []byte(`"status": "fail"`), []byte(`"status": "pass"`), 1)
	if bytes.Equal(tampered, file) {
		t.Fatal("the report has no failed check to tamper with")
	}
	bad := runCheck(tampered, h100)
	if bad.Err != nil || bad.Report == nil || bad.Report.DigestOK || len(bad.Report.Disagree) != 1 {
		t.Fatalf("tampered report: %+v", bad.Report)
	}
	html = app.HTMLString(reportBlock(En, bad.Report))
	for _, w := range []string{`data-digest="mismatch"`, `role="alert"`, "Digest mismatch", `data-derived="disagree"`, "the report says pass, its facts give fail"} {
		if !strings.Contains(html, w) {
			t.Errorf("the mismatch warning lacks %s", w)
		}
	}
	// Neither digest is shown: a forger would paste the computed one in.
	if _, stated, computed, _ := report.VerifyDigest(tampered); strings.Contains(html, stated) || strings.Contains(html, computed) {
		t.Error("the mismatch warning shows a digest")
	}
	// The derived checks are shown, not the tampered ones.
	for _, r := range bad.Results {
		if r.ID == "gpu0/identity" && r.Status != acceptance.Fail {
			t.Errorf("gpu0/identity shown as %s", r.Status)
		}
	}
	if html := app.HTMLString(reportBlock(Zh, out.Report)); !strings.Contains(html, "摘要与内容一致") ||
		!strings.Contains(html, `data-digest="match"`) {
		t.Error("the match is not shown")
	}

	extra := bytes.Replace(file, []byte(`"schema": "gpuplan.report/v2",`), []byte(`"schema": "gpuplan.report/v2", "note": "x",`), 1)
	if out := runCheck(extra, h100); out.Err == nil || !strings.Contains(out.Err.Error(), "note") {
		t.Errorf("a report with an unknown field: %v", out.Err)
	}
}

// TestAboutPage: every rule has an anchor, every card its details, and
// unconfirmed figures are flagged, and the default prices' assumptions read in
// Chinese on the Chinese page.
func TestAboutPage(t *testing.T) {
	useStore(t, memStore{})
	html := prerender(t, "/about?lang=zh")
	for _, r := range rules {
		if !strings.Contains(html, `id="rule-`+r.ID+`"`) {
			t.Errorf("no anchor for rule %s", r.ID)
		}
	}
	for _, want := range []string{`id="card-h100-80g-sxm"`, `id="fees-table"`, "未证实", "假设：额外的公网 IPv4 地址"} {
		if !strings.Contains(html, want) {
			t.Errorf("/about lacks %s", want)
		}
	}
}

// TestRulesTable: ids are unique, both languages are filled, and every rule
// a plan cites or a field names is in the table.
func TestRulesTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.ID] || r.Text(En) == "rule."+r.ID || r.Text(Zh) == "rule."+r.ID {
			t.Errorf("rule %s duplicate or empty", r.ID)
		}
		seen[r.ID] = true
	}
	cited := map[string]bool{}
	for _, name := range goldenSheets {
		for _, id := range goldenPlan(t, name).Rules {
			cited[id] = true
		}
	}
	for _, f := range form.InputFields {
		if f.Rule != "" {
			cited[f.Rule] = true
		}
	}
	for id := range cited {
		if !seen[id] {
			t.Errorf("rule %s is cited but not in the rules table", id)
		}
	}
}

// FuzzRunCheck: whatever is pasted or loaded on the acceptance page, runCheck
// never panics, and a digest it shows as matching is one report.Verify
// accepts.
func FuzzRunCheck(f *testing.F) {
	pl := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	for _, name := range []string{"gpud__nvidia-smi-query.535.154.05.out.0.valid.4090"} {
		b, err := os.ReadFile("../shared/facts/testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"schema":"gpuplan.report/v2"}`))
	f.Add([]byte(`{"schema":"gpuplan.facts/v1","gpus":[]}`))
	f.Add([]byte("hello"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out := runCheck(data, pl)
		if r := out.Report; r != nil {
			ok, _, _, err := report.VerifyDigest(data)
			if err != nil || ok != r.DigestOK {
				t.Fatalf("report shown with digest %v, Verify says %v (%v)", r.DigestOK, ok, err)
			}
		}
	})
}

// TestReportSignature: the page checks a report's SSH signature against an
// allowed_signers file with the code gpuverify verify-report runs.
func TestReportSignature(t *testing.T) {
	file := testReport(t, form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan)
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, 32))
	sig, err := sshsig.Sign(key, sshsig.Namespace, file)
	if err != nil {
		t.Fatal(err)
	}
	signers := "alice@buyer " + sshsig.AuthorizedKey(key.Public().(ed25519.PublicKey)) + "\n"
	pl := form.Compute(form.DefaultInput().With("workload", "pretrain")).Plan
	check := func(report []byte, signers string) (string, error) {
		p := &acceptancePage{check: runCheck(report, pl), sig: string(sig), signers: signers}
		who, _, err := p.signature()
		return who, err
	}
	if who, err := check(file, signers); err != nil || !strings.HasPrefix(who, "alice@buyer SHA256:") {
		t.Errorf("good signature: %q, %v", who, err)
	}
	if _, err := check(append(bytes.Clone(file), ' '), signers); err == nil || !strings.Contains(err.Error(), "MISMATCH") {
		t.Errorf("changed report: %v", err)
	}
	other := "bob " + sshsig.AuthorizedKey(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{4}, 32)).Public().(ed25519.PublicKey))
	if _, err := check(file, other); err == nil || !strings.Contains(err.Error(), "not in the allowed signers") {
		t.Errorf("other signer: %v", err)
	}
}
