package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/vendors"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// vendorsPage screens and ranks the candidate vendors with vendors.Rank,
// the code gpuverify plan runs: the hard filters and why a vendor is out,
// the five weighted scores, the ranking and the primary/backup split of
// the cards within 60–70 / 30–40 (rules V1–V5).
type vendorsPage struct {
	app.Compo
	pageState
}

func newVendorsPage() app.Composer { return &vendorsPage{pageState: pageState{page: routeVendors}} }

// Render draws the page.
func (p *vendorsPage) Render() app.UI {
	l := p.st.Lang
	return p.procPage(routeByID(routeVendors), "vendors-page", l.Text("site.proc.vendors_title"), l.Text("site.proc.vendors_intro"),
		func() app.UI { return vendorsAnswer(p.st.Lang, p.st.Proc, false) }, p.vendorsForm)
}

var weightFields = []pfield{{Path: "gpu_coverage"}, {Path: "sla"}, {Path: "data_security"},
	{Path: "price_transparency"}, {Path: "network"}}

var vendorFields = []pfield{
	{Path: "name", Kind: pText},
	{Path: "b11_licence", Kind: pChoice, Choices: boolChoices, Labels: "choice:bool"},
	{Path: "business_licence", Kind: pChoice, Choices: boolChoices, Labels: "choice:bool"},
	{Path: "vat_special_invoice", Kind: pChoice, Choices: boolChoices, Labels: "choice:bool"},
	{Path: "sla_pays", Kind: pChoice, Choices: choices("money", "voucher", "hours", "none"), Labels: "choice:sla_pays"},
	{Path: "scores.gpu_coverage"}, {Path: "scores.sla"}, {Path: "scores.data_security"},
	{Path: "scores.price_transparency"}, {Path: "scores.network"},
	{Path: "tier3_gpu_room", Kind: pChoice, Choices: boolChoices, Labels: "choice:bool"},
	{Path: "same_card_cases", Kind: pChoice, Choices: boolChoices, Labels: "choice:bool"},
	{Path: "poc", Kind: pChoice, Choices: choices("offered", "refused"), Labels: "choice:poc"},
	{Path: "preemptible", Kind: pChoice, Choices: boolChoices, Labels: "choice:bool"},
}

// vendorsForm is the weights, the cards to split and one block per vendor.
func (p *vendorsPage) vendorsForm() app.UI {
	r := routeByID(routeVendors)
	l := p.st.Lang
	d := p.draft("vendors")
	kids := []app.UI{
		heading(2, l.Text("site.proc.inputs_title")),
		p.sectionErr("vendors"),
		p.fields(r, "vendors", "", []pfield{{Path: "cards"}}),
		heading(3, l.Text("site.proc.weights_title")),
		p.fields(r, "vendors", "weights.", weightFields),
	}
	for i := range d.Rows("vendors") {
		kids = append(kids, app.FieldSet().ID("vendor-%d", i).Class("prow").Body(
			app.Legend().Text(l.Text("site.proc.vendor_row", msg.Int(i+1))),
			p.fields(r, "vendors", fmt.Sprintf("vendors[%d].", i), vendorFields),
			p.removeRow(r, "vendors", "vendors", i),
		))
	}
	kids = append(kids, p.addRow(r, "vendors", "vendors", l.Text("site.proc.add_vendor"), p.newVendor, p.cardsFromPlan))
	return app.Section().ID("vendors-form").Class("block", "proc-form").Body(kids...)
}

// newVendor seeds vendor n with a name and middle marks; the first one
// also takes the plan's card count to split.
func (p *vendorsPage) newVendor(n int) map[string]string {
	v := map[string]string{"name": fmt.Sprintf("%s %c", p.st.Lang.Text("site.proc.v_name"), 'A'+rune(n%26))}
	for _, f := range weightFields {
		v["scores."+f.Path] = "3"
	}
	return v
}

// cardsFromPlan fills the cards to split from the plan when empty.
func (p *vendorsPage) cardsFromPlan(d form.Draft) form.Draft {
	if d.Get("cards") != "" || p.out.Plan == nil {
		return d
	}
	return d.With("cards", strconv.Itoa(p.out.Plan.GPU.Count))
}

// vendorsAnswer is the ranking, the split and the notes, by vendors.Rank
// on the saved section.
func vendorsAnswer(l Lang, proc *form.Procurement, embed bool) app.UI {
	in := proc.Valid().Vendors
	if in == nil {
		return app.Section().ID("vendors-result").Class("block", "result").Attr("data-state", "empty").Body(
			para("", l.Text("site.proc.no_vendors")))
	}
	res, err := vendors.Rank(*in)
	if err != nil {
		return app.Section().ID("vendors-result").Class("block", "result").Attr("data-state", "error").Body(
			para("warn-line", l.Err(err)))
	}
	top := ""
	if len(res.Vendors) > 0 && res.Vendors[0].Rank == 1 {
		top = res.Vendors[0].Name
	}
	rows := make([][]string, len(res.Vendors))
	for i, v := range res.Vendors {
		rank := "—"
		if v.Rank > 0 {
			rank = strconv.Itoa(v.Rank)
		}
		why := v.ReasonsIn(l)
		for _, a := range v.Adjustments {
			why = append(why, a.ReasonIn(l))
		}
		rows[i] = []string{rank, v.Name, label(l, "choice:status:"+string(v.Status)),
			v.Base.StringFixed(2), v.Score.StringFixed(2), strings.Join(why, l.Gap())}
	}
	return app.Section().ID("vendors-result").Class("block", "result").Attr("data-state", "ok").
		Attr("data-top", top).Body(
		heading(2, l.Text("site.proc.result_title")),
		app.If(!embed && proc.Held("vendors"), func() app.UI { return para("note", l.Text("site.proc.last_valid_note")) }),
		leftNote(l, proc, "vendors"),
		app.If(top != "", func() app.UI {
			return app.P().ID("vendors-verdict").Class("verdict").Text(l.Text("site.proc.top", msg.Text(top)))
		}),
		table(l, "vendors-table", l.Text("site.proc.vendors_title"),
			[]string{l.Text("site.proc.v_rank"), l.Text("site.proc.v_name"), l.Text("site.proc.v_status"), l.Text("site.proc.v_base"), l.Text("site.proc.v_score"), l.Text("site.proc.v_reasons")}, rows),
		splitLine(l, res.Split),
		app.If(len(res.Notes) > 0, func() app.UI { return reasons(l, "vendors-notes", res.NotesIn(l)) }),
	)
}

// splitLine says how the cards split, or plainly why they cannot.
func splitLine(l Lang, s *vendors.Split) app.UI {
	if s == nil {
		return nil
	}
	reason := s.ReasonIn(l)
	line := l.Text("site.proc.split_impossible", msg.Int(s.Cards), msg.Text(reason))
	if s.InRange {
		primary, backup := s.PrimaryVendor, s.BackupVendor
		if primary == "" {
			// Fewer than two eligible vendors: the split stands, unnamed.
			primary, backup = l.Text("site.proc.primary_word"), l.Text("site.proc.backup_word")
		}
		line = l.Text("site.proc.split", msg.Int(s.Cards), msg.Int(s.Primary), msg.Text(primary), msg.Int(s.Backup), msg.Text(backup), msg.Text(l.Percent(s.PrimaryShare))) + " " + reason
	}
	return app.Div().ID("vendors-split").Class("split").Attr("data-in-range", s.InRange).
		Attr("data-primary", s.Primary).Attr("data-backup", s.Backup).Body(
		heading(3, l.Text("site.proc.split_title")),
		para("", line),
	)
}
