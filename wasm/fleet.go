package main

import (
	"sort"
	"time"

	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// loadedFile is one file read from a file input.
type loadedFile struct {
	name string
	data []byte
	err  error
}

// runFleet merges several reports as gpuverify merge does. The plan on
// the page is the fleet's plan when a report names it; otherwise the plan
// most reports name is.
func runFleet(files []loadedFile, pl *plan.Plan, now time.Time) (*fleet.Fleet, error) {
	opt := fleet.Options{Tool: report.Tool{Name: "gpuplan site"}, Now: now}
	in := make([]fleet.Input, 0, len(files))
	for _, f := range files {
		in = append(in, fleet.Input{Name: f.name, Data: f.data, Err: f.err})
	}
	if pl != nil {
		if file, err := planJSON(pl); err == nil {
			if p, err := fleet.PlanOf(file); err == nil && namesPlan(in, p.SHA256) {
				opt.Plan = p
			}
		}
	}
	return fleet.Merge(in, opt)
}

// namesPlan reports whether any input is a report of the plan sha.
func namesPlan(in []fleet.Input, sha string) bool {
	for _, x := range in {
		if r, err := report.Decode(x.Data); err == nil && r.PlanSHA256 == sha {
			return true
		}
	}
	return false
}

// readAllFiles reads every file of a multiple file input, then calls done
// once with all of them in the order selected.
func readAllFiles(ctx app.Context, done func(ctx app.Context, files []loadedFile)) {
	input := ctx.JSSrc()
	list := input.Get("files")
	n := list.Length()
	if n > fleet.MaxReports {
		n = fleet.MaxReports
	}
	files := make([]loadedFile, n)
	pending := n
	finish := func(i int, f loadedFile) {
		files[i] = f
		pending--
		if pending == 0 {
			sort.SliceStable(files, func(a, b int) bool { return files[a].name < files[b].name })
			done(ctx, files)
		}
	}
	for i := range n {
		file := list.Index(i)
		name := file.Get("name").String()
		readBrowserFile(ctx, file, report.MaxBytes, func(_ app.Context, data []byte, err error) {
			finish(i, loadedFile{name: name, data: data, err: err})
		})
	}
	input.Set("value", "")
}

// fleetBlock is the fleet table gpuverify merge prints: one row per node,
// the files not merged, then the fleet checks.
func fleetBlock(l Lang, f *fleet.Fleet) app.UI {
	head := fleet.NodeHeader(l)
	kids := []app.UI{
		heading(2, l.Text("site.page.fleet_title")),
		para("help", l.Text("site.page.fleet_intro")),
		tableWrap(dataTable("fleet-table", l.Text("site.page.fleet_title"), head, f.NodeRows(l))),
	}
	if len(f.Rejected) > 0 {
		items := make([]string, len(f.Rejected))
		for i, r := range f.Rejected {
			items[i] = l.Text("report.line", msg.Text(r.File), msg.Text(r.Reason.M.In(l)))
		}
		kids = append(kids, para("warn-line", l.Text("site.page.fleet_rejected")), reasonList("fleet-rejected", items))
	}
	return app.Div().ID("fleet").Attr("data-verdict", f.Summary.Verdict).Body(
		block(kids...),
		checkTable(l, f.Checks, true, false),
	)
}
