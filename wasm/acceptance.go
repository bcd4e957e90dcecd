package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/gpuplan/gpuplan/wasm/internal/release"
	"github.com/gpuplan/gpuplan/wasm/internal/text"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// acceptancePage checks a delivered server against the plan's acceptance
// block (rules A1–A4). It says how to run gpuverify, and reads pasted
// nvidia-smi output (facts.Parse) or a gpuverify report in the page, then
// runs acceptance.Check, the function gpuverify check runs, so the table is
// the one the verifier prints.
type acceptancePage struct {
	app.Compo
	pageState
	// pasted is the text last pasted or loaded; it is not part of the
	// state (it can be megabytes) and is lost on reload.
	pasted string
	check  checkOutcome
	fleet  *fleet.Fleet // several reports loaded at once; nil otherwise
	// sig and signers are the pasted signature and allowed_signers file
	// that check a loaded report's signature.
	sig, signers string
}

// checkOutcome is what one pasted text gave.
type checkOutcome struct {
	Facts   *facts.Facts
	Results []acceptance.Result
	Report  *reportInfo // set when the results come from a gpuverify report, as written
	Err     error       // the text could not be read
}

// reportInfo is what the page says about a loaded gpuverify report.
type reportInfo struct {
	Tool, Time string
	PlanSHA256 string
	// DigestOK is true when the digest the file states is the digest of
	// its content. Neither digest is shown: a forger would paste the
	// computed one into the file.
	DigestOK bool
	// Derived is how many checks were derived from the report's facts;
	// Disagree lists the stated checks that differ from them (and the
	// summary, when it differs).
	Derived  int
	Disagree []string
	// Live is true when the facts were read live through NVML; OriginText
	// describes the origin.
	Live       bool
	OriginFile string
	Nonce      string
	// Bytes are the report file's exact bytes, which a signature signs.
	Bytes []byte
	// Plan says how the report's plan relates to the plan on the page:
	// planSame (the same plan file), planSameBlock (another file, the
	// same acceptance block), planOther, or planNone (no plan on the page).
	Plan string
	// PagePlanSHA256 is the SHA-256 of the page's plan file, "" when
	// there is none.
	PagePlanSHA256 string
}

// How a report's plan relates to the plan on the page.
const (
	planSame      = "same"
	planSameBlock = "same-block"
	planOther     = "other"
	planNone      = "none"
)

func newAcceptancePage() app.Composer { return &acceptancePage{} }

// OnNav reloads the state when the page is entered.
func (p *acceptancePage) OnNav(ctx app.Context) {
	p.enter(ctx, routeByID(routeAcceptance))
	p.recheck()
}

// Render draws the page.
func (p *acceptancePage) Render() app.UI {
	return p.layout(routeByID(routeAcceptance), p.body)
}

// runCheck reads data (nvidia-smi output, facts JSON or a gpuverify report)
// and checks it against the plan pl; pl is nil when there is none.
func runCheck(data []byte, pl *plan.Plan) checkOutcome {
	var acc *planfile.Acceptance
	if pl != nil {
		acc = &pl.Acceptance
	}
	if len(data) > maxPaste {
		return checkOutcome{Err: errTooBig{maxPaste}}
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return checkOutcome{}
	}
	if trimmed[0] == '{' {
		return readJSON(data, pl)
	}
	f, err := facts.Parse(data)
	if err != nil {
		return checkOutcome{Err: err}
	}
	out := checkOutcome{Facts: f}
	if acc != nil {
		out.Results = acceptance.Check(*acc, f)
	}
	return out
}

// readJSON reads JSON from gpuverify by its schema (report.SchemaOf): a
// report (gpuverify check --out) or facts (gpuverify facts --json).
func readJSON(data []byte, pl *plan.Plan) checkOutcome {
	switch schema := report.SchemaOf(data); schema {
	case report.Schema:
		return readReport(data, pl)
	case facts.SchemaVersion:
		var f facts.Facts
		if err := json.Unmarshal(data, &f); err != nil {
			return checkOutcome{Err: err}
		}
		out := checkOutcome{Facts: &f}
		if pl != nil {
			out.Results = acceptance.Check(pl.Acceptance, &f)
		}
		return out
	default:
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return checkOutcome{Err: err}
		}
		return checkOutcome{Err: fmt.Errorf("schema %q: not a gpuverify report (%s) or facts (%s)",
			form.Clip(schema), report.Schema, facts.SchemaVersion)}
	}
}

// readReport reads a gpuverify report with report.Verify, the audit
// gpuverify verify-report runs: it refuses anything the report format
// does not define, checks its digest and derives every check again from
// the report's facts with this page's code. The table shows the derived
// checks; where the report states others, the page says which. A report
// whose digest does not match is still shown, under a warning; one made
// against another acceptance block than the page's plan gets no verdict.
func readReport(data []byte, pl *plan.Plan) checkOutcome {
	a, err := report.Verify(data, report.VerifyOptions{AllowUnsigned: true})
	if err != nil {
		return checkOutcome{Err: err}
	}
	r := a.Report
	info := &reportInfo{Tool: strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version), Time: r.Time,
		PlanSHA256: r.PlanSHA256, DigestOK: a.DigestOK, Derived: len(a.Checks), Plan: planNone,
		Live: a.Live(), OriginFile: r.Origin.File, Nonce: r.Nonce, Bytes: data}
	for _, d := range a.Material() {
		info.Disagree = append(info.Disagree, d.String())
	}
	if a.SummaryDiffers {
		info.Disagree = append(info.Disagree, fmt.Sprintf("summary: the report says %s, its checks give %s", r.Summary.Verdict, a.Summary.Verdict))
	}
	if pl != nil {
		info.Plan = planOther
		if reflect.DeepEqual(r.Acceptance, pl.Acceptance) {
			info.Plan = planSameBlock
		}
		if file, err := planJSON(pl); err == nil {
			info.PagePlanSHA256 = fileSHA256(file)
			if info.PagePlanSHA256 == r.PlanSHA256 {
				info.Plan = planSame
			}
		}
	}
	return checkOutcome{Facts: r.Facts, Results: a.Checks, Report: info}
}

// fileSHA256 is the lower-case hex SHA-256 of a file's bytes, as reports
// name their plan file.
func fileSHA256(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// recheck runs the checks again on what was pasted, against the current
// plan.
func (p *acceptancePage) recheck() {
	p.fleet = nil
	p.check = runCheck([]byte(p.pasted), p.out.Plan)
}

// maxPaste bounds what the paste box and its file input read: the cap of
// the nvidia-smi parsers (8 MB; an 8-GPU output is about 300 KB). A
// gpuverify report pasted here is far smaller.
const maxPaste = facts.MaxInput

// onPaste reads the textarea on every input. Text over maxPaste is refused
// with a message before it is copied out of the page.
func (p *acceptancePage) onPaste(ctx app.Context, e app.Event) {
	p.fail = guard("reading the pasted output", func() {
		src := ctx.JSSrc()
		// textLength counts UTF-16 units: at most the UTF-8 bytes, and
		// at least a third of them; runCheck checks the bytes.
		if n := src.Get("textLength").Int(); n > maxPaste {
			p.pasted = ""
			p.check = checkOutcome{Err: errTooBig{maxPaste}}
			return
		}
		p.pasted = src.Get("value").String()
		p.recheck()
	})
}

// onFile loads a file into the check.
func (p *acceptancePage) onFile(ctx app.Context, e app.Event) {
	p.fail = guard("reading the file", func() {
		if ctx.JSSrc().Get("files").Length() > 1 {
			readAllFiles(ctx, func(ctx app.Context, files []loadedFile) {
				f, err := runFleet(files, p.out.Plan, time.Now())
				p.pasted, p.check, p.fleet = "", checkOutcome{Err: err}, f
			})
			return
		}
		readFirstFile(ctx, maxPaste, func(ctx app.Context, name string, data []byte, err error) {
			if err != nil {
				p.check = checkOutcome{Err: fmt.Errorf("%s: %w", name, err)}
				return
			}
			p.pasted = string(data)
			p.recheck()
		})
	})
}

// exportJSON downloads the plan file, as on the planner.
func (p *acceptancePage) exportJSON(ctx app.Context, e app.Event) {
	p.fail = guard("export plan.json", func() {
		if p.out.Plan == nil {
			return
		}
		if data, err := planJSON(p.out.Plan); err == nil {
			download("plan.json", "application/json;charset=utf-8", data)
		}
	})
}

func (p *acceptancePage) body() app.UI {
	l := p.st.Lang
	m := l.Msg()
	kids := []app.UI{app.H1().Text(m.Text("site.page.acceptance_title")), app.P().Class("intro").Text(m.Text("site.page.acceptance_intro"))}
	if p.out.Plan == nil {
		kids = append(kids, app.P().ID("result-pending").Class("pending").Text(m.Text("site.page.check_not_available")))
	} else {
		kids = append(kids, acceptanceBlock(l, p.out.Plan.Acceptance))
	}
	kids = append(kids, p.howTo(), releaseBlock(l, siteRelease()), p.pasteBox(), p.outcome())
	return app.Div().Class("acceptance-page").Body(kids...)
}

// acceptanceBlock is what gpuverify will demand.
func acceptanceBlock(l Lang, a planfile.Acceptance) app.UI {
	m := l.Msg()
	orAny := func(s string) string {
		if s == "" || s == "any" {
			return m.Text("site.page.acc_any")
		}
		return s
	}
	width := m.Text("site.page.acc_any")
	if a.MinPCIeWidth > 0 {
		width = fmt.Sprintf("x%d", a.MinPCIeWidth)
	}
	return app.Div().Class("block").Body(
		app.H2().Body(app.Text(m.Text("site.page.acc_block_title")+" "), ruleRefs(l, []string{"A1", "A2", "A3"})),
		dataTable("acc-block", m.Text("site.page.acc_block_title"), []string{m.Text("site.page.table_input"), m.Text("site.page.table_value")}, [][]string{
			{m.Text("site.page.acc_gpu_count"), gpuCount(m, a)},
			{m.Text("site.page.acc_gpui_ds"), l.JoinList(a.GPUIDs)},
			{m.Text("site.page.acc_min_memory"), text.Int(a.MinMemoryMiB) + " MiB"},
			{m.Text("site.page.acc_interconnect"), l.Enum("link", a.Interconnect)},
			{m.Text("site.page.acc_mig"), a.MIG},
			{m.Text("site.page.acc_virt"), a.Virtualization},
			{m.Text("site.page.acc_pc_ie"), width},
			{m.Text("site.page.acc_ecc"), orAny(a.ECC)},
			{m.Text("site.page.acc_driver"), orAny(a.MinDriver)},
		}),
	)
}

// gpuCount shows the count, and what one server must show on a multi-node
// plan (gpuverify checks one node at a time).
func gpuCount(m msg.Lang, a planfile.Acceptance) string {
	if a.GPUsPerNode > 0 && a.GPUsPerNode < a.GPUCount {
		return m.Text("site.page.acc_per_node", msg.Text(text.Int(a.GPUCount)), msg.Text(text.Int(a.GPUsPerNode)))
	}
	return text.Int(a.GPUCount)
}

// howTo says how to get gpuverify and what to run.
func (p *acceptancePage) howTo() app.UI {
	m := p.st.Lang.Msg()
	return app.Div().Class("block", "howto").Body(
		app.H2().Text(m.Text("site.page.how_title")),
		app.Ol().Body(
			app.Li().Body(app.Text(m.Text("site.page.how_step1")+" "),
				app.Button().ID("export-json").Type("button").Class("btn", "primary").Disabled(p.out.Plan == nil).
					Text(m.Text("site.page.export_json")).OnClick(p.exportJSON)),
			app.Li().Body(app.Text(m.Text("site.page.how_step2")),
				app.Pre().Class("cmd").Text("gpuverify check --plan plan.json --nonce VALUE --out report.json --sign KEY")),
			app.Li().Body(app.Text(m.Text("site.page.how_step3")),
				app.Pre().Class("cmd").Text("nvidia-smi -q -x > smi.xml\nnvidia-smi -q > smi.txt\n"+facts.QueryCommand()+"\ngpuverify facts --print-query")),
		),
	)
}

// releaseBlock lists the gpuverify downloads of the release this site was
// built with: each file with its full SHA-256 and a link, the checksum
// file and the command that checks a download against it. A build without
// a published release (a snapshot, a local build) says so.
func releaseBlock(l Lang, r *release.Manifest) app.UI {
	m := l.Msg()
	if !r.Published() {
		kids := []app.UI{app.H2().Text(m.Text("site.page.release_title")), app.P().ID("release-none").Text(m.Text("site.page.release_none"))}
		if r != nil {
			kids = append(kids, app.P().Class("help").Text(m.Text("site.page.release_unpublished", msg.Text(r.Version))))
		}
		return app.Div().ID("release").Class("block", "release").Body(kids...)
	}
	head := app.Tr().Body(app.Th().Scope("col").Text(m.Text("site.page.release_file")), app.Th().Scope("col").Text(m.Text("site.page.release_arch")),
		app.Th().Scope("col").Text(m.Text("site.page.release_kind")), app.Th().Scope("col").Text(m.Text("site.page.release_size")),
		app.Th().Scope("col").Text("SHA-256"))
	rows := make([]app.UI, len(r.Files))
	for i, f := range r.Files {
		rows[i] = app.Tr().Attr("data-file", f.Name).Body(
			app.Th().Scope("row").Body(app.A().Href("%s", r.BaseURL+f.Name).Text(f.Name)),
			app.Td().Text(f.OS+"/"+f.Arch),
			app.Td().Text(f.Kind),
			app.Td().Class("num").Title(text.Int(int(f.Size))+" B").Text(text.Num(float64(f.Size)/1e6, 2)+" MB"),
			app.Td().Body(app.Code().Class("sha").Text(f.SHA256)),
		)
	}
	name := r.Version
	if r.Tag != nil {
		name = *r.Tag
	}
	commit := r.Commit
	if len(commit) > 12 {
		commit = commit[:12]
	}
	return app.Div().ID("release").Class("block", "release").Attr("data-version", r.Version).Body(
		app.H2().Text(m.Text("site.page.release_title")),
		app.P().Text(m.Text("site.page.release_intro", msg.Text(name), msg.Text(commit), msg.Text(r.CommitDate))),
		app.Div().Class("table-wrap").Body(
			app.Table().ID("release-files").Class("data", "release-files").Body(
				app.Caption().Text(m.Text("site.page.release_title")),
				app.THead().Body(head), app.TBody().Body(rows...))),
		app.P().Body(app.Text(m.Text("site.page.release_checksums")+" "),
			app.A().ID("release-checksums").Href("%s", r.BaseURL+r.Checksums).Text(r.Checksums),
			app.Text(m.Text("site.page.release_verify"))),
		app.Pre().ID("release-verify").Class("cmd").Text("sha256sum -c "+r.Checksums+" --ignore-missing"),
	)
}

// pasteBox is the textarea and the file input.
func (p *acceptancePage) pasteBox() app.UI {
	m := p.st.Lang.Msg()
	return app.Div().Class("block", "paste").Body(
		app.Label().For("facts-input").Text(m.Text("site.page.paste_label")),
		app.Textarea().ID("facts-input").Rows(8).Spellcheck(false).
			Placeholder("<?xml version=\"1.0\" ?>\n<nvidia_smi_log>…").
			Aria("describedby", "facts-help").OnInput(p.onPaste),
		app.P().ID("facts-help").Class("help").Text(m.Text("site.page.paste_help")),
		app.Label().Class("btn", "file-btn").For("facts-file").Body(
			app.Text(m.Text("site.page.load_file")),
			app.Input().ID("facts-file").Type("file").Multiple(true).OnChange(p.onFile),
		),
		app.P().Class("help").Text(m.Text("site.page.fleet_help")),
	)
}

// outcome shows the parsed facts and the check table.
func (p *acceptancePage) outcome() app.UI {
	l := p.st.Lang
	m := l.Msg()
	c := p.check
	if tb, ok := c.Err.(errTooBig); ok {
		return app.P().ID("facts-error").Class("plan-error").Attr("role", "alert").Text(m.Text("site.page.paste_too_big", msg.Text(strconv.Itoa(tb.limit))))
	}
	if p.fleet != nil && c.Err == nil {
		return app.Div().ID("check-outcome").Body(fleetBlock(l, p.fleet))
	}
	if c.Err != nil {
		return app.P().ID("facts-error").Class("plan-error").Attr("role", "alert").
			Text(m.Text("site.page.parse_failed", msg.Text(fmt.Sprint(c.Err))))
	}
	var kids []app.UI
	otherPlan := c.Report != nil && c.Report.Plan == planOther
	if otherPlan {
		kids = append(kids, otherPlanBlock(l, c.Report))
	}
	if c.Facts != nil && c.Report == nil {
		kids = append(kids, app.P().ID("facts-origin").Class("warn-line").Attr("data-origin", "file").Text(m.Text("site.page.pasted_not_proof")))
	}
	if c.Facts != nil {
		kids = append(kids, factsTable(l, c.Facts))
	}
	if c.Report != nil {
		kids = append(kids, reportBlock(l, c.Report), p.signatureBlock())
	}
	if why := p.noVerdict(); why != "" {
		// Issue 15: a report that does not verify gets no verdict at
		// all, not a green "No check failed" under the red box.
		return app.Div().ID("check-outcome").Body(append([]app.UI{noVerdictBlock(l, why)}, kids...)...)
	}
	if c.Results != nil {
		kids = append(kids, checkTable(l, c.Results, c.Report != nil, otherPlan))
	}
	return app.Div().ID("check-outcome").Body(kids...)
}

// otherPlanBlock is the failing check a report written for another plan
// gets, first in the outcome and in red: both plans' SHA-256, and what to
// run instead.
func otherPlanBlock(l Lang, r *reportInfo) app.UI {
	t := l.Msg()
	hash := func(label, id, sha string) app.UI {
		return app.P().Body(app.Text(t.Text(label)+" "), app.Code().ID("%s", id).Class("sha").Text(sha))
	}
	return app.Div().ID("check-plan").Class("verdict", "bad", "plan-mismatch").Attr("data-status", "fail").
		Attr("role", "alert").Body(
		para("digest-title", t.Text("site.report.other.title")),
		para("", t.Text("site.report.other.detail")),
		hash("site.report.other.theirs", "check-plan-report", r.PlanSHA256),
		hash("site.report.other.ours", "check-plan-page", r.PagePlanSHA256),
	)
}

// noVerdict says why the loaded report cannot have a verdict: "digest"
// when its digest is not that of its content, "signature" when a given
// signature does not verify; "" when it can (or no report is loaded).
func (p *acceptancePage) noVerdict() string {
	r := p.check.Report
	switch {
	case r == nil:
		return ""
	case !r.DigestOK:
		return "digest"
	case p.signatureState() == "bad":
		return "signature"
	case r.Plan == planOther:
		// Checked against another acceptance block: its checks say
		// nothing about this plan (gpuverify verify-report --plan).
		return "plan"
	}
	return ""
}

// noVerdictBlock stands where the verdict and the check table would be,
// first in the outcome, so no result of the report reads as a verdict.
func noVerdictBlock(l Lang, why string) app.UI {
	text := l.Msg().Text("site.ux.noverdict.digest")
	switch why {
	case "signature":
		text = l.Msg().Text("site.ux.noverdict.signature")
	case "plan":
		text = l.Msg().Text("report.no_verdict.plan")
	}
	return app.Div().ID("check-verdict").Class("verdict", "bad", "no-verdict").
		Attr("data-verdict", "unverified").Attr("data-why", why).Attr("role", "alert").Body(
		app.P().Class("digest-title").Text(l.Msg().Text("site.ux.noverdict.title")),
		app.P().Text(text),
	)
}

// reportBlock says who wrote a loaded report, against which plan, where
// its facts came from, whether its digest matches its content and whether
// its checks are the ones its facts give. A mismatch is an alert: the
// report was edited after gpuverify wrote it.
func reportBlock(l Lang, r *reportInfo) app.UI {
	m := l.Msg()
	var digest app.UI = app.P().ID("report-digest").Class("digest", "good").Attr("data-digest", "match").Text(m.Text("site.page.digest_ok"))
	if !r.DigestOK {
		digest = app.Div().ID("report-digest").Class("digest", "bad").Attr("data-digest", "mismatch").
			Attr("role", "alert").Body(app.P().Class("digest-title").Text(m.Text("site.page.digest_bad")))
	}
	var derived app.UI = app.P().ID("report-derived").Class("digest", "good").Attr("data-derived", "agree").Text(m.Text("site.page.derived_okf", msg.Int(r.Derived)))
	if !r.DigestOK {
		// Agreement of an edited report with itself proves nothing.
		derived = nil
	}
	if len(r.Disagree) > 0 {
		derived = app.Div().ID("report-derived").Class("digest", "bad").Attr("data-derived", "disagree").Attr("role", "alert").Body(
			app.P().Class("digest-title").Text(m.Text("site.page.derived_bad", msg.Int(len(r.Disagree)))),
			reasonList("report-disagree", r.Disagree),
		)
	}
	var origin app.UI = app.P().ID("report-origin").Class("help").Attr("data-origin", "live").Text(m.Text("site.page.origin_live"))
	if !r.Live {
		origin = app.P().ID("report-origin").Class("warn-line").Attr("data-origin", "file").Attr("role", "alert").
			Text(m.Text("site.page.origin_file", msg.Text(cmpOr(r.OriginFile, "?"))))
	}
	nonce := m.Text("site.page.nonce_none")
	if r.Nonce != "" {
		nonce = m.Text("site.page.nonce", msg.Text(r.Nonce))
	}
	planLine := map[string]string{planSame: m.Text("site.page.report_plan_same"), planSameBlock: m.Text("site.page.report_plan_same_block"),
		planOther: m.Text("site.page.report_plan_other"), planNone: m.Text("site.page.report_plan_none")}[r.Plan]
	return app.Div().ID("report").Class("block", "report").Attr("data-plan", r.Plan).Body(
		app.H2().Text(m.Text("site.page.report_title")),
		origin,
		digest,
		derived,
		app.P().Class("help").Text(m.Text("site.page.report_from", msg.Text(r.Tool), msg.Text(r.Time))),
		app.P().ID("report-nonce").Class("help").Text(nonce),
		app.P().ID("report-plan").Class(map[bool]string{true: "help", false: "warn-line"}[r.Plan != planOther]).
			Body(app.Text(planLine+" "), app.Code().Class("sha").Text(r.PlanSHA256)),
	)
}

// signatureBlock takes a loaded report's signature and an allowed_signers
// file and says whether the signature is good and whose it is.
func (p *acceptancePage) signatureBlock() app.UI {
	m := p.st.Lang.Msg()
	state, text := "none", m.Text("site.page.sig_none")
	if who, given, err := p.signature(); given {
		if err != nil {
			state, text = "bad", m.Text("site.page.sig_bad", msg.Text(fmt.Sprint(err)))
		} else {
			state, text = "good", m.Text("site.page.sig_good", msg.Text(strings.Fields(who)[0]), msg.Text(strings.Fields(who)[len(strings.Fields(who))-1]))
		}
	}
	result := app.P().ID("report-signature").Class("digest", map[string]string{"good": "good", "bad": "bad", "none": "help"}[state]).
		Attr("data-signature", state).Text(text)
	if state == "bad" {
		result = result.Attr("role", "alert")
	}
	return app.Div().ID("signature").Class("block", "signature").Body(
		app.H2().Text(m.Text("site.page.sig_title")),
		app.P().Class("help").Text(m.Text("site.page.sig_help")),
		app.Label().For("sig-input").Text(m.Text("site.page.sig_label")),
		app.Textarea().ID("sig-input").Rows(6).Spellcheck(false).Placeholder("-----BEGIN SSH SIGNATURE-----").
			OnInput(func(ctx app.Context, e app.Event) { p.sig = ctx.JSSrc().Get("value").String() }),
		app.Label().For("signers-input").Text(m.Text("site.page.signers_label")),
		app.Textarea().ID("signers-input").Rows(3).Spellcheck(false).Placeholder("alice@example.com namespaces=\"gpuplan-report\" ssh-ed25519 AAAA…").
			OnInput(func(ctx app.Context, e app.Event) { p.signers = ctx.JSSrc().Get("value").String() }),
		result,
	)
}

// signature checks the pasted signature of the loaded report; given is
// false when the signature, the allowed signers or the report is missing.
func (p *acceptancePage) signature() (who string, given bool, err error) {
	if strings.TrimSpace(p.sig) == "" || strings.TrimSpace(p.signers) == "" || p.check.Report == nil {
		return "", false, nil
	}
	s := report.CheckSignature(p.check.Report.Bytes, []byte(p.sig), []byte(p.signers))
	if s.Status != report.SigGood {
		return "", true, errors.New(s.Detail)
	}
	return s.Signer + " " + s.Fingerprint, true, nil
}

// signatureState is "none", "good" or "bad", as signatureBlock shows it.
func (p *acceptancePage) signatureState() string {
	_, given, err := p.signature()
	switch {
	case !given:
		return "none"
	case err != nil:
		return "bad"
	}
	return "good"
}

// cmpOr returns s, or def when s is empty.
func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// factText is a fact for a table cell: its value, or "—" when unavailable.
func factText[T any](v facts.Value[T]) string {
	x, ok := v.Get()
	if !ok {
		return "—"
	}
	return fmt.Sprint(x)
}

// reading is a driver's word (ECC "Enabled") in the reader's language;
// any other reading as the driver gave it.
func reading(l Lang, v string) string {
	if msg.Known("site.reading." + v) {
		return l.Msg().Text("site.reading." + v)
	}
	return v
}

// factsTable lists what each GPU reports.
func factsTable(l Lang, f *facts.Facts) app.UI {
	m := l.Msg()
	rows := make([][]string, len(f.GPUs))
	for i, g := range f.GPUs {
		reasons := m.Text("site.page.no_throttle")
		if rs, ok := g.ClockEventReasons.Get(); ok && len(rs) > 0 {
			reasons = strings.Join(rs, ", ")
		} else if !ok {
			reasons = "—"
		}
		pcie := "Gen" + factText(g.PCIe.GenMax) + " x" + factText(g.PCIe.WidthMax)
		rows[i] = []string{text.Int(g.Index), factText(g.Name), factText(g.MemoryTotalMiB), factText(g.PCIDeviceID),
			reading(l, factText(g.ECCMode)), pcie, reasons}
	}
	kids := []app.UI{
		app.H2().Text(m.Text("site.page.facts_title")),
		app.P().Class("help").Text(m.Text("site.page.facts_source", msg.Text(string(f.Source))) + " " + m.Text("site.page.facts_driver") + ": " + factText(f.DriverVersion)),
		app.Div().Class("table-wrap").Body(dataTable("facts-table", m.Text("site.page.facts_title"),
			[]string{m.Text("site.page.facts_gpu"), m.Text("site.page.facts_name"), m.Text("site.page.facts_memory"), m.Text("site.page.facts_pci"), m.Text("site.page.facts_ecc"), m.Text("site.page.facts_pc_ie"), m.Text("site.page.facts_throttle")}, rows)),
	}
	if len(f.Problems) > 0 {
		kids = append(kids, app.P().Class("warn-line").Text(m.Text("site.page.facts_problems")), reasonList("facts-problems", f.Problems))
	}
	return app.Div().Class("block").Body(kids...)
}

// checkTable is the verifier's result, answer first: the
// verdict, then the checks grouped by kind as gpuverify check prints them
// (acceptance.ByKind: the groups with a failure first and open, the
// passed ones folded, each group worst first), then the GPU × check grid
// when more than one GPU was checked. #check-table holds every check row.
func checkTable(l Lang, rs []acceptance.Result, report, otherPlan bool) app.UI {
	m := l.Msg()
	sum := acceptance.Summarize(rs)
	failed := sum.Fail
	verdict := m.Text("site.page.verdict_pass", msg.Int(len(rs)))
	switch sum.Verdict {
	case acceptance.VerdictFail:
		verdict = m.Text("site.page.verdict_fail", msg.Int(failed), msg.Int(len(rs)))
	case acceptance.VerdictIncomplete:
		verdict = m.Text("site.page.verdict_incomplete", msg.Int(len(acceptance.UnmeasuredDemanded(rs))), msg.Int(len(rs)))
	}
	verdictID := sum.Verdict
	if otherPlan {
		// The report's checks are of another plan's acceptance block:
		// however they came out, this plan's delivery is not accepted.
		verdict = l.Msg().Text("site.report.other.verdict", msg.Int(len(rs)))
		verdictID, failed = acceptance.VerdictFail, failed+1
	}
	groups := acceptance.ByKind(rs)
	kids := make([]app.UI, len(groups))
	for i, g := range groups {
		kids[i] = kindGroup(l, g)
	}
	return app.Div().Class("block").Body(
		app.H2().Text(m.Text("site.page.checks_title")),
		app.If(report, func() app.UI { return app.P().Class("help").Text(m.Text("site.page.report_loaded")) }),
		app.P().ID("check-verdict").Class("verdict", map[bool]string{true: "bad", false: "good"}[verdictID != acceptance.VerdictPass]).
			Attr("data-failed", failed).Attr("data-verdict", verdictID).Text(verdict),
		app.Div().ID("check-table").Class("check-groups").Body(kids...),
		checkGrid(l, acceptance.GridOf(rs)),
	)
}

// kindGroup is one kind's checks: a <details> open when any of them did
// not pass, headed by the kind, its worst status and its counts.
func kindGroup(l Lang, g acceptance.KindGroup) app.UI {
	m := l.Msg()
	worst := acceptance.Worst(g.Results)
	head := app.Tr().Body(app.Th().Scope("col").Text(m.Text("site.page.check_status")), app.Th().Scope("col").Text(m.Text("site.page.check_id")),
		app.Th().Scope("col").Text(m.Text("site.page.check_expected")), app.Th().Scope("col").Text(m.Text("site.page.check_measured")),
		app.Th().Scope("col").Text(m.Text("site.page.check_message")))
	rows := make([]app.UI, len(g.Results))
	for i, r := range g.Results {
		rows[i] = app.Tr().Class("st-"+string(r.Status)).Attr("data-check", r.ID).Attr("data-status", string(r.Status)).Body(
			app.Td().Body(app.Span().Class("status", "st-"+string(r.Status)).Text(l.Enum("status", string(r.Status)))),
			app.Th().Scope("row").Title(r.ID).Body(app.Text(checkLabel(l, r.ID)+" "), ruleRef(l, r.Rule)),
			app.Td().Text(r.Expected),
			app.Td().Text(r.Measured),
			app.Td().Text(r.Text(l.Msg())),
		)
	}
	d := app.Details().Class("kind-group").Attr("data-kind", string(g.Kind)).Attr("data-status", string(worst))
	if worst != acceptance.Pass {
		// Only ever set: go-app writes Open(false) as open="false",
		// which a browser reads as open.
		d = d.Open(true)
	}
	return d.Body(
		app.Summary().Body(
			app.Span().Class("status", "st-"+string(worst)).Text(l.Enum("status", string(worst))),
			app.Text(" "+g.Kind.Title(l.Msg())+" · "+statusCounts(l, g.Summary)),
		),
		app.Div().Class("table-wrap").Body(
			app.Table().Class("data", "checks").Body(app.THead().Body(head), app.TBody().Body(rows...))),
	)
}

// statusCounts names the statuses that occur in s, worst first:
// "fail 1 · pass 14".
func statusCounts(l Lang, s acceptance.Summary) string {
	var parts []string
	for _, c := range []struct {
		n  int
		st acceptance.Status
	}{{s.Fail, acceptance.Fail}, {s.Warn, acceptance.Warn}, {s.Skip, acceptance.Skip}, {s.Pass, acceptance.Pass}} {
		if c.n > 0 {
			parts = append(parts, l.Enum("status", string(c.st))+" "+text.Int(c.n))
		}
	}
	return strings.Join(parts, " · ")
}

// checkGrid is the GPU × check table: one row a GPU, one column a check,
// each cell that check's status on that GPU; nil for one GPU or none.
func checkGrid(l Lang, g acceptance.Grid) app.UI {
	if len(g.GPUs) < 2 {
		return nil
	}
	gridTitle := l.Msg().Text("site.ux.grid.title")
	head := []app.UI{app.Th().Scope("col").Text(l.Msg().Text("site.ux.grid.gpu"))}
	for _, c := range g.Checks {
		head = append(head, app.Th().Scope("col").Class("grid-check").Title(c).Text(checkLabel(l, c)))
	}
	rows := make([]app.UI, len(g.GPUs))
	for i, gpu := range g.GPUs {
		cells := []app.UI{app.Th().Scope("row").Text(l.Msg().Text("site.check.gpu", msg.Int(gpu)))}
		for j, st := range g.Cells[i] {
			id := "gpu" + text.Int(gpu) + "/" + g.Checks[j]
			if st == "" {
				cells = append(cells, app.Td().Class("cell-none").Text("·"))
				continue
			}
			cells = append(cells, app.Td().Class("cell", "st-"+string(st)).Attr("data-cell", id).
				Title(id+": "+l.Enum("status", string(st))).Text(gridMark(st)))
		}
		rows[i] = app.Tr().Body(cells...)
	}
	return app.Div().Class("check-grid-block").Body(
		app.H2().Text(gridTitle),
		app.Div().Class("table-wrap").Body(
			app.Table().ID("check-grid").Class("data", "check-grid").Body(
				app.Caption().Text(gridTitle),
				app.THead().Body(app.Tr().Body(head...)), app.TBody().Body(rows...))),
	)
}

// checkLabel names a check by its result id in the reader's language:
// "GPU 3 · ECC 错误" for "gpu3/ecc_errors", "驱动" for "driver"; a check
// the catalogue does not name (a kernel or bench check) keeps its id.
func checkLabel(l Lang, id string) string {
	t := l.Msg()
	name := acceptance.CheckName(id)
	label := name
	if msg.Known("site.check." + name) {
		label = t.Text("site.check." + name)
	}
	if gpu, ok := acceptance.GPUOf(id); ok {
		return t.Text("site.check.on", msg.Text(t.Text("site.check.gpu", msg.Int(gpu))), msg.Text(label))
	}
	return label
}

// gridMark is a cell's mark: ✓ pass, ✗ fail, ! warn, – skip.
func gridMark(s acceptance.Status) string {
	switch s {
	case acceptance.Pass:
		return "✓"
	case acceptance.Fail:
		return "✗"
	case acceptance.Warn:
		return "!"
	}
	return "–"
}
