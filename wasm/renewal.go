package main

import (
	"bytes"
	"fmt"
	"time"

	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renewalPage lays out the renewal and exit timeline with exit.Schedule,
// the code gpuverify plan runs: the renewal decision 3–5 days before the
// end (rule E1), the export, the end, the deletion certificate within the
// contract's working days (rule K2) and the final bill (rule E2), and
// offers them as an iCalendar file, the one `gpuverify plan --ics` writes.
type renewalPage struct {
	app.Compo
	pageState
	shown map[string]int // date fields shown per list, empty ones included
}

func newRenewalPage() app.Composer { return &renewalPage{pageState: pageState{page: routeRenewal}} }

// Render draws the page: the timeline first, then the dates.
func (p *renewalPage) Render() app.UI {
	return p.layout(routeByID(routeRenewal), func() app.UI {
		l := p.st.Lang
		return app.Div().Class("proc-page", "renewal-page").Body(
			heading(1, p.st.Lang.Text("site.proc.nav_renewal")),
			para("intro", l.Text("site.journey.renewal_intro")),
			renewalAnswer(p.st.Lang, p.st.Proc),
			p.readyFields(p.renewalForm),
		)
	})
}

var exitFields = []pfield{
	{Path: "vendor", Kind: pText}, {Path: "contract_end", Kind: pText},
	{Path: "contract_start", Kind: pText}, {Path: "term_months"}, {Path: "deletion_working_days"},
}

// renewalForm is the contract dates and the calendar's days off.
func (p *renewalPage) renewalForm() app.UI {
	r := routeByID(routeRenewal)
	l := p.st.Lang
	return app.Section().ID("exit-form").Class("block", "proc-form").Body(
		heading(2, l.Text("site.proc.inputs_title")),
		p.errSlot("exit"),
		p.fields(r, "exit", "", exitFields),
		para("help", l.Text("site.journey.days_help")),
		p.dateList("holidays", l.Text("site.journey.holidays")),
		p.dateList("workdays", l.Text("site.journey.workdays")),
	)
}

// dateList is a list of dates (holidays, worked weekend days), one field
// a date; Add shows one more empty field, which becomes a row once a date
// is typed in it.
func (p *renewalPage) dateList(name, label string) app.UI {
	r := routeByID(routeRenewal)
	n := max(p.draft("exit").Rows(name), p.shown[name])
	kids := []app.UI{heading(3, label)}
	for i := range n {
		kids = append(kids, app.Div().Class("pline").Body(
			p.fields(r, "exit", "", []pfield{{Path: fmt.Sprintf("%s[%d]", name, i), Kind: pText}}),
			p.removeRow(r, "exit", name, i)))
	}
	return app.Div().Class("plines").Body(append(kids, app.Button().ID("exit-add-%s", name).Type("button").Class("btn").
		Text(p.st.Lang.Text("site.proc.add_row")).OnClick(func(ctx app.Context, e app.Event) {
		if p.shown == nil {
			p.shown = map[string]int{}
		}
		p.shown[name] = n + 1
	}, app.EventScope(name)))...)
}

// renewalAnswer is the timeline by exit.Schedule on the saved section,
// and the calendar download.
func renewalAnswer(l Lang, proc *form.Procurement) app.UI {
	in := proc.Valid().Exit
	if in == nil {
		return resultMsg("exit-result", "empty", l.Text("site.journey.no_exit"))
	}
	cal, err := exit.Schedule(*in)
	if err != nil {
		return resultMsg("exit-result", "error", l.Err(err))
	}
	items := make([]app.UI, len(cal.Steps))
	for i, s := range cal.Steps {
		when := s.Start
		if s.Due != s.Start {
			when = l.Text("site.journey.span", msg.Text(s.Start), msg.Text(s.Due))
		}
		items[i] = app.Li().Attr("data-step", s.ID).Body(
			app.Strong().Text(when+" "+s.TitleIn(l)+" "), ruleRef(l, s.Rule), para("help", s.DetailIn(l)))
	}
	return resultOK(l, proc, "exit", "data-end", cal.ContractEnd,
		app.P().ID("exit-end").Class("verdict").Text(l.Text("site.journey.end", msg.Text(cal.ContractEnd))),
		app.Ol().ID("exit-steps").Class("timeline").Body(items...),
		app.Button().ID("exit-ics").Type("button").Class("btn").Text(l.Text("site.journey.download_ics")).
			OnClick(func(ctx app.Context, e app.Event) { downloadICS(cal, l) }),
		para("help", l.Text("site.journey.ics_help")),
	)
}

// downloadICS hands the calendar to the browser as exit.ics, in the page's
// language: the file gpuverify plan --ics --lang writes, stamped now.
func downloadICS(cal exit.Calendar, l Lang) {
	var b bytes.Buffer
	if err := cal.WriteICS(&b, time.Now(), l); err != nil {
		return
	}
	download("exit.ics", "text/calendar", b.Bytes())
}

// renewalStage: done once the timeline can be laid out.
func renewalStage(st form.State) stage { return sectionStage(st.Proc, "exit") }
