package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The planner's files and print: the sheet summary of the printed brief,
// the plan file and Markdown downloads, importing a plan file, and
// clearing the procurement sections.

// sheetSummary lists the sheet for the printed brief, where the form is
// hidden. Until the print-only parts are shown (printParts) it is an empty
// block in the same place, so that filling it changes nothing around it.
func (p *plannerPage) sheetSummary() app.UI {
	if !p.printParts() {
		return app.Div().Class("print-only-block")
	}
	l := p.st.Lang
	var rows [][]string
	for _, f := range form.SheetFields {
		v := p.st.Input.Get(f.Key)
		switch f.Kind {
		case form.KindChoice:
			if v == "" {
				continue // not chosen, or not for this workload: no empty row on paper
			}
			v = choiceLabel(f, l, v)
		case form.KindBool:
			v = map[bool]string{true: l.Text("site.page.yes"), false: l.Text("site.page.no")}[v == "true"]
		default:
			if v == "" {
				v = p.placeholder(f.Key)
			}
			if v == "" {
				continue
			}
			v += " " + f.Unit(l)
		}
		rows = append(rows, []string{f.Label(l), v})
	}
	return app.Div().Class("print-only-block").Body(
		app.P().ID("print-line").Class("help").Text(l.Text("site.print.line",
			msg.Date(time.Now().Format("2006-01-02")), msg.Text(siteOrigin()+p.pageLink(p.route(), l)))),
		table(l, "sheet-summary", l.Text("site.page.sheet_title"), []string{l.Text("site.page.table_input"), l.Text("site.page.table_value")}, rows))
}

// actions are export, import, print and the share link.
func (p *plannerPage) actions() app.UI {
	l := p.st.Lang
	return app.Div().Class("actions").Body(
		app.Button().ID("export-json").Type("button").Class("btn", "primary").Text(l.Text("site.page.export_json")).OnClick(p.exportJSON),
		app.Button().ID("export-md").Type("button").Class("btn").Text(l.Text("site.page.export_md")).OnClick(p.exportMD),
		app.Label().Class("btn", "file-btn").For("import-file").Body(
			app.Text(l.Text("site.page.import_plan")),
			app.Input().ID("import-file").Type("file").Accept(".json,application/json").OnChange(p.importFile),
		),
		app.Button().ID("print").Type("button").Class("btn").Text(l.Text("site.page.print_brief")).OnClick(printPage),
		app.If(len(p.st.Proc.Names()) > 0, p.procurementNote),
		app.A().ID("share").Class("share").Href("%s", p.pageLink(p.route(), p.st.Lang)).Text(l.Text("site.page.share_link")),
		app.If(p.imported != "", func() app.UI {
			return app.P().ID("import-result").Class("import-result").Attr("data-error", p.importErr).Text(p.imported)
		}),
		app.If(!p.embed, func() app.UI { return p.embedPanel(viewPlan) }),
	)
}

// exportJSON downloads the plan file: exactly plan.Encode's output, the file
// gpuverify check reads.
func (p *plannerPage) exportJSON(ctx app.Context, e app.Event) {
	p.exportWith("plan.json", "application/json", planJSON)
}

// exportMD downloads plan.WriteMarkdownIn's summary in the page's language.
func (p *plannerPage) exportMD(ctx app.Context, e app.Event) {
	l := p.st.Lang
	p.exportWith("plan.md", "text/markdown", func(pl *plan.Plan) ([]byte, error) {
		var b bytes.Buffer
		err := plan.WriteMarkdownIn(&b, pl, l)
		return b.Bytes(), err
	})
}

func (p *plannerPage) exportWith(name, mime string, encode func(*plan.Plan) ([]byte, error)) {
	p.fail = guard("export "+name, func() {
		data, err := p.exportData(encode)
		if err != nil {
			p.imported, p.importErr = p.st.Lang.Err(err), true
			return
		}
		download(name, mime+";charset=utf-8", data)
	})
}

// exportData is what an export button downloads: encode applied to the plan
// on screen.
func (p *plannerPage) exportData(encode func(*plan.Plan) ([]byte, error)) ([]byte, error) {
	if p.out.Plan == nil {
		return nil, errors.New("no plan to export: fix the sheet first")
	}
	return encode(p.out.Plan)
}

// importFile restores the sheet from a plan file or a requirement sheet.
func (p *plannerPage) importFile(ctx app.Context, e app.Event) {
	p.fail = guard("import", func() {
		readFirstFile(ctx, plan.MaxBytes, p.applyImport)
	})
}

// applyImport puts an imported sheet into the form. A file that fails
// validation, or holds a value the form cannot hold, changes nothing. A
// plain sheet keeps the procurement sections already here; a plan file with
// sections replaces them. Over saved work the import is shown but saved
// only once the user keeps it (savedWork); otherwise it is saved at once,
// with Undo.
func (p *plannerPage) applyImport(ctx app.Context, name string, data []byte, err error) {
	l := p.st.Lang
	next, err := p.importedState(data, err)
	if err != nil {
		p.imported, p.importErr = l.Text("site.page.import_failed", msg.Text(name), msg.Text(fmt.Sprint(err))), true
		return
	}
	done := "site.page.imported"
	if next.Proc != nil && next.Proc != p.st.Proc {
		done = "site.page.imported_proc"
	}
	p.imported, p.importErr = l.Text(done, msg.Text(name)), false
	hadWork := !p.st.Input.Empty() || p.st.Proc != nil
	changes := !next.Input.Equal(p.st.Input) || next.Proc != p.st.Proc
	r := p.route()
	if p.pending == nil && hadWork && changes && !p.locked {
		p.pending = &pending{saved: p.st, source: form.FromFile, name: form.Clip(name)}
	}
	p.setState(next)
	p.problems = nil
	if p.pending == nil {
		p.replaceSaved()
	}
	writeURL(ctx, p.st, r.KeepsInput)
}

// importedState reads an imported file into the state it would give, or the
// reason it changes nothing.
func (p *plannerPage) importedState(data []byte, readErr error) (form.State, error) {
	if readErr != nil {
		return form.State{}, readErr
	}
	req, err := importSheet(data)
	if err != nil {
		return form.State{}, err
	}
	proc := p.st.Proc
	if req.Procurement != nil {
		if proc, err = form.NewProcurement(req.Procurement); err != nil {
			return form.State{}, err
		}
	}
	in, problems := form.InputFrom(form.FromFile, form.FromRequirements(req).Texts())
	if len(problems) > 0 {
		return form.State{}, errors.New(problems[0].Message(p.st.Lang))
	}
	prices := p.st.Prices
	if csv := form.PricesCSV(req); csv != "" {
		prices = csv
	}
	return form.State{Lang: p.st.Lang, Input: in, Proc: proc, Prices: prices}.WithAsOf(req.AsOf), nil
}

// clearProcurement forgets the procurement sections of an import; the sheet
// stays. The sections stay in backupKey, and Undo brings them back.
func (p *plannerPage) clearProcurement(ctx app.Context, e app.Event) {
	p.fail = guard("removing the procurement sections", func() {
		p.setState(form.State{Lang: p.st.Lang, Input: p.st.Input, Prices: p.st.Prices, AsOf: p.st.AsOf})
		p.imported = ""
		if p.pending == nil {
			p.replaceSaved()
		}
		writeURL(ctx, p.st, p.route().KeepsInput)
	})
}

// procurementNote says that the plan holds procurement sections, which the
// planner's link does not carry (a procurement page's share link does), and
// offers to remove them. It shows only when a section is saved: text typed
// on a procurement page and never valid is not a section yet.
func (p *plannerPage) procurementNote() app.UI {
	l := p.st.Lang
	names := p.st.Proc.Names()
	labels := make([]string, len(names))
	for i, n := range names {
		labels[i] = l.Enum("procurement", n)
	}
	return app.Div().ID("procurement-note").Class("procurement-note").Attr("data-sections", strings.Join(names, " ")).Body(
		para("", l.Text("site.page.procurement_note", msg.Text(l.JoinList(labels)))),
		app.Button().ID("procurement-clear").Type("button").Class("btn").Text(l.Text("site.page.procurement_clear")).OnClick(p.clearProcurement),
	)
}

// printPage opens the browser's print dialog; the print stylesheet turns
// the plan into a one-page brief.
func printPage(ctx app.Context, e app.Event) {
	if app.IsClient {
		app.Window().Call("print")
	}
}

// preventSubmit keeps Enter in a field from reloading the page.
func preventSubmit(ctx app.Context, e app.Event) {
	e.PreventDefault()
}
