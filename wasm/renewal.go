package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/exit"
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
}

func newRenewalPage() app.Composer { return &renewalPage{} }

// OnInit reads the state before the first render.
func (p *renewalPage) OnInit() { p.preload() }

// OnNav reloads the state when the page is entered.
func (p *renewalPage) OnNav(ctx app.Context) { p.enter(ctx, routeByID(routeRenewal)) }

// Render draws the page: the timeline first, then the dates.
func (p *renewalPage) Render() app.UI {
	return p.layout(routeByID(routeRenewal), func() app.UI {
		j := p.st.Lang.J()
		return app.Div().Class("proc-page", "renewal-page").Body(
			app.H1().Text(p.st.Lang.P().NavRenewal),
			app.P().Class("intro").Text(j.RenewalIntro),
			renewalAnswer(p.st.Lang, p.st.Proc),
			p.renewalForm(),
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
	j := l.J()
	return app.Section().ID("exit-form").Class("block", "proc-form").Body(
		app.H2().Text(l.P().InputsTitle),
		p.errSlot("exit"),
		p.fields(r, "exit", "", exitFields),
		app.Button().ID("exit-from-contract").Type("button").Class("btn", "small").Text(j.FromContract).OnClick(p.fromContract),
		app.P().Class("help").Text(j.DaysHelp),
		p.dateList("holidays", j.Holidays),
		p.dateList("workdays", j.Workdays),
	)
}

// fromContract fills the term and the deletion days from the contract
// section, where the page has none of its own.
func (p *renewalPage) fromContract(ctx app.Context, e app.Event) {
	p.fail = guard("dates from the contract", func() {
		var c = p.st.Proc
		if c == nil || c.Sections == nil || c.Sections.Contract == nil {
			return
		}
		in := c.Sections.Contract
		d := p.draft("exit")
		if d.Get("term_months") == "" {
			d = d.With("term_months", strconv.Itoa(in.TermMonths))
		}
		if d.Get("deletion_working_days") == "" && in.Data.DeletionWorkingDays > 0 {
			d = d.With("deletion_working_days", strconv.Itoa(in.Data.DeletionWorkingDays))
		}
		p.editSection(ctx, routeByID(routeRenewal), "exit", d)
	})
}

// dateList is a list of dates typed one a line, kept as the rows of the
// list at name.
func (p *renewalPage) dateList(name, label string) app.UI {
	d := p.draft("exit")
	lines := make([]string, d.Rows(name))
	for i := range lines {
		lines[i] = d.Get(fmt.Sprintf("%s[%d]", name, i))
	}
	id := fieldDOMID("exit", name)
	fe := p.st.Proc.Err("exit")
	bad := fe != nil && strings.HasPrefix(fe.Field, name+"[")
	return app.Div().Class("field").Body(
		app.Label().For("%s", id).Text(label),
		app.Textarea().ID("%s", id).Rows(3).Spellcheck(false).Aria("invalid", bad).
			Text(strings.Join(lines, "\n")).OnInput(func(ctx app.Context, e app.Event) {
			p.fail = guard("input "+name, func() {
				p.editSection(ctx, routeByID(routeRenewal), "exit", withLines(p.draft("exit"), name, ctx.JSSrc().Get("value").String()))
			})
		}, app.EventScope(name)),
		app.If(bad, func() app.UI { return fieldErr(p.st.Lang, id, fe) }),
	)
}

// maxDateLines bounds the dates read from one box: exit.Input takes 100.
const maxDateLines = 101

// withLines returns d with the list at name set to the non-empty lines
// of text, in order.
func withLines(d Draft, name, text string) Draft {
	for i := d.Rows(name) - 1; i >= 0; i-- {
		d = d.With(fmt.Sprintf("%s[%d]", name, i), "")
	}
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && n < maxDateLines {
			d = d.With(fmt.Sprintf("%s[%d]", name, n), line)
			n++
		}
	}
	return d
}

// renewalAnswer is the timeline by exit.Schedule on the saved section,
// and the calendar download.
func renewalAnswer(l Lang, proc *Procurement) app.UI {
	j := l.J()
	var in *exit.Input
	if proc != nil && proc.Sections != nil {
		in = proc.Sections.Exit
	}
	if in == nil {
		return resultMsg("exit-result", "empty", j.NoExit)
	}
	cal, err := exit.Schedule(*in)
	if err != nil {
		return resultMsg("exit-result", "error", err.Error())
	}
	items := make([]app.UI, len(cal.Steps))
	for i, s := range cal.Steps {
		when := s.Start
		if s.Due != s.Start {
			when = fmt.Sprintf(j.SpanF, s.Start, s.Due)
		}
		items[i] = app.Li().Attr("data-step", s.ID).Body(
			app.Strong().Text(when+" "+s.Title+" "), ruleRef(l, s.Rule), app.P().Class("help").Text(s.Detail))
	}
	return resultOK(l, proc, "exit", "data-end", cal.ContractEnd,
		app.P().ID("exit-end").Class("verdict").Text(fmt.Sprintf(j.EndF, cal.ContractEnd)),
		app.Ol().ID("exit-steps").Class("timeline").Body(items...),
		app.Button().ID("exit-ics").Type("button").Class("btn").Text(j.DownloadICS).
			OnClick(func(ctx app.Context, e app.Event) { downloadICS(cal) }),
		app.P().Class("help").Text(j.ICSHelp),
	)
}

// downloadICS hands the calendar to the browser as exit.ics: the file
// gpuverify plan --ics writes, stamped now.
func downloadICS(cal exit.Calendar) {
	var b bytes.Buffer
	if err := cal.WriteICS(&b, time.Now()); err != nil {
		return
	}
	download("exit.ics", "text/calendar", b.Bytes())
}

// renewalStage: done once the timeline can be laid out.
func renewalStage(st State) stage { return sectionStage(st.Proc, "exit") }
