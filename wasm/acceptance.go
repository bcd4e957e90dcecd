package main

import (
	"fmt"
	"time"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/wasm/internal/release"
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

// checkOutcome is what one pasted text gave (report.ReadPasted).
type checkOutcome = report.Pasted

// reportInfo is what the page says about a loaded gpuverify report.
type reportInfo = report.Loaded

// How a report's plan relates to the plan on the page.
const (
	planSame      = report.PlanSame
	planSameBlock = report.PlanSameBlock
	planOther     = report.PlanOther
	planNone      = report.PlanNone
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
// and checks it against the plan pl (report.ReadPasted, the reading
// gpuverify's own code does); pl is nil when there is none. Text over
// maxPaste is refused.
func runCheck(data []byte, pl *plan.Plan) checkOutcome {
	if len(data) > maxPaste {
		return checkOutcome{Err: errTooBig{maxPaste}}
	}
	var page *report.PagePlan
	if pl != nil {
		page = &report.PagePlan{Acceptance: pl.Acceptance}
		if file, err := planJSON(pl); err == nil {
			page.File = file
		}
	}
	return report.ReadPasted(data, page)
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
	kids := []app.UI{heading(1, l.Text("site.page.acceptance_title")), para("intro", l.Text("site.page.acceptance_intro"))}
	if p.out.Plan == nil {
		kids = append(kids, app.P().ID("result-pending").Class("pending").Text(l.Text("site.page.check_not_available")))
	} else {
		kids = append(kids, acceptanceBlock(l, p.out.Plan.Acceptance))
	}
	kids = append(kids, p.howTo(), releaseBlock(l, siteRelease()), p.pasteBox(), p.outcome())
	return app.Div().Class("acceptance-page").Body(kids...)
}

// acceptanceBlock is what gpuverify will demand.
func acceptanceBlock(l Lang, a planfile.Acceptance) app.UI {
	orAny := func(s string) string {
		if s == "" || s == "any" {
			return l.Text("site.page.acc_any")
		}
		return s
	}
	width := l.Text("site.page.acc_any")
	if a.MinPCIeWidth > 0 {
		width = fmt.Sprintf("x%d", a.MinPCIeWidth)
	}
	return block(
		app.H2().Body(app.Text(l.Text("site.page.acc_block_title")+" "), ruleRefs(l, []string{"A1", "A2", "A3"})),
		dataTable("acc-block", l.Text("site.page.acc_block_title"), []string{l.Text("site.page.table_input"), l.Text("site.page.table_value")}, [][]string{
			{l.Text("site.page.acc_gpu_count"), gpuCount(l, a)},
			{l.Text("site.page.acc_gpui_ds"), l.JoinList(a.GPUIDs)},
			{l.Text("site.page.acc_min_memory"), l.Int(a.MinMemoryMiB) + " MiB"},
			{l.Text("site.page.acc_interconnect"), l.Enum("link", string(a.Interconnect))},
			{l.Text("site.page.acc_mig"), l.Enum("mig", string(a.MIG))},
			{l.Text("site.page.acc_virt"), l.Enum("virt", string(a.Virtualization))},
			{l.Text("site.page.acc_pc_ie"), width},
			{l.Text("site.page.acc_ecc"), l.Enum("ecc", string(a.ECC))},
			{l.Text("site.page.acc_driver"), orAny(a.MinDriver)},
		}),
	)
}

// gpuCount shows the count, and what one server must show on a multi-node
// plan (gpuverify checks one node at a time).
func gpuCount(m msg.Lang, a planfile.Acceptance) string {
	if a.GPUsPerNode > 0 && a.GPUsPerNode < a.GPUCount {
		return m.Text("site.page.acc_per_node", msg.Text(m.Int(a.GPUCount)), msg.Text(m.Int(a.GPUsPerNode)))
	}
	return m.Int(a.GPUCount)
}

// howTo says how to get gpuverify and what to run.
func (p *acceptancePage) howTo() app.UI {
	l := p.st.Lang
	return app.Div().Class("block", "howto").Body(
		heading(2, l.Text("site.page.how_title")),
		app.Ol().Body(
			app.Li().Body(app.Text(l.Text("site.page.how_step1")+" "),
				app.Button().ID("export-json").Type("button").Class("btn", "primary").Disabled(p.out.Plan == nil).
					Text(l.Text("site.page.export_json")).OnClick(p.exportJSON)),
			app.Li().Body(app.Text(l.Text("site.page.how_step2")),
				app.Pre().Class("cmd").Text("gpuverify check --plan plan.json --nonce VALUE --out report.json --sign KEY")),
			app.Li().Body(app.Text(l.Text("site.page.how_step3")),
				app.Pre().Class("cmd").Text("nvidia-smi -q -x > smi.xml\nnvidia-smi -q > smi.txt\n"+facts.QueryCommand()+"\ngpuverify facts --print-query")),
		),
	)
}

// releaseBlock lists the gpuverify downloads of the release this site was
// built with: each file with its full SHA-256 and a link, the checksum
// file and the command that checks a download against it. A build without
// a published release (a snapshot, a local build) says so.
func releaseBlock(l Lang, r *release.Manifest) app.UI {
	if !r.Published() {
		kids := []app.UI{heading(2, l.Text("site.page.release_title")), app.P().ID("release-none").Text(l.Text("site.page.release_none"))}
		if r != nil {
			kids = append(kids, para("help", l.Text("site.page.release_unpublished", msg.Text(r.Version))))
		}
		return app.Div().ID("release").Class("block", "release").Body(kids...)
	}
	head := app.Tr().Body(colHead(l.Text("site.page.release_file")), colHead(l.Text("site.page.release_arch")),
		colHead(l.Text("site.page.release_kind")), colHead(l.Text("site.page.release_size")),
		colHead("SHA-256"))
	rows := make([]app.UI, len(r.Files))
	for i, f := range r.Files {
		rows[i] = app.Tr().Attr("data-file", f.Name).Body(
			app.Th().Scope("row").Body(app.A().Href("%s", r.BaseURL+f.Name).Text(f.Name)),
			cell("", f.OS+"/"+f.Arch),
			cell("", f.Kind),
			app.Td().Class("num").Title(l.Int(int(f.Size))+" B").Text(l.Num(float64(f.Size)/1e6, 2)+" MB"),
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
		heading(2, l.Text("site.page.release_title")),
		para("", l.Text("site.page.release_intro", msg.Text(name), msg.Text(commit), msg.Text(r.CommitDate))),
		tableWrap(
			app.Table().ID("release-files").Class("data", "release-files").Body(
				app.Caption().Text(l.Text("site.page.release_title")),
				app.THead().Body(head), app.TBody().Body(rows...))),
		app.P().Body(app.Text(l.Text("site.page.release_checksums")+" "),
			app.A().ID("release-checksums").Href("%s", r.BaseURL+r.Checksums).Text(r.Checksums),
			app.Text(l.Text("site.page.release_verify"))),
		app.Pre().ID("release-verify").Class("cmd").Text("sha256sum -c "+r.Checksums+" --ignore-missing"),
	)
}

// pasteBox is the textarea and the file input.
func (p *acceptancePage) pasteBox() app.UI {
	l := p.st.Lang
	return app.Div().Class("block", "paste").Body(
		app.Label().For("facts-input").Text(l.Text("site.page.paste_label")),
		app.Textarea().ID("facts-input").Rows(8).Spellcheck(false).
			Placeholder("<?xml version=\"1.0\" ?>\n<nvidia_smi_log>…").
			Aria("describedby", "facts-help").OnInput(p.onPaste),
		app.P().ID("facts-help").Class("help").Text(l.Text("site.page.paste_help")),
		app.Label().Class("btn", "file-btn").For("facts-file").Body(
			app.Text(l.Text("site.page.load_file")),
			app.Input().ID("facts-file").Type("file").Multiple(true).OnChange(p.onFile),
		),
		para("help", l.Text("site.page.fleet_help")),
	)
}

// outcome shows the parsed facts and the check table.
func (p *acceptancePage) outcome() app.UI {
	l := p.st.Lang
	c := p.check
	if tb, ok := c.Err.(errTooBig); ok {
		return app.P().ID("facts-error").Class("plan-error").Attr("role", "alert").Text(l.Text("site.page.paste_too_big", msg.Int(tb.limit)))
	}
	if p.fleet != nil && c.Err == nil {
		return app.Div().ID("check-outcome").Body(fleetBlock(l, p.fleet))
	}
	if c.Err != nil {
		return app.P().ID("facts-error").Class("plan-error").Attr("role", "alert").
			Text(l.Text("site.page.parse_failed", msg.Text(fmt.Sprint(c.Err))))
	}
	var kids []app.UI
	otherPlan := c.Report != nil && c.Report.Plan == planOther
	if otherPlan {
		kids = append(kids, otherPlanBlock(l, c.Report))
	}
	if c.Facts != nil && c.Report == nil {
		kids = append(kids, app.P().ID("facts-origin").Class("warn-line").Attr("data-origin", "file").Text(l.Text("site.page.pasted_not_proof")))
	}
	if c.Facts != nil {
		kids = append(kids, factsTable(l, c.Facts))
	}
	if c.Report != nil {
		kids = append(kids, reportBlock(l, c.Report), p.signatureBlock())
	}
	if why := p.noVerdict(); why != "" {
		// A report that does not verify gets no verdict at
		// all, not a green "No check failed" under the red box.
		return app.Div().ID("check-outcome").Body(append([]app.UI{noVerdictBlock(l, why)}, kids...)...)
	}
	if c.Results != nil {
		kids = append(kids, checkTable(l, c.Results, c.Report != nil, otherPlan))
	}
	return app.Div().ID("check-outcome").Body(kids...)
}
