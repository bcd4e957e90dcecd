package main

import (
	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// aboutPage says what the site is, and where every number comes from: the
// rules, each catalogue figure with its source and date (unconfirmed ones
// flagged), the default fee prices and the self-build reference values.
type aboutPage struct {
	app.Compo
	pageState
}

func newAboutPage() app.Composer { return &aboutPage{pageState: pageState{page: routeAbout}} }

// Render draws the page.
func (p *aboutPage) Render() app.UI {
	return p.layout(routeByID(routeAbout), func() app.UI {
		l := p.st.Lang
		return app.Div().Class("about-page").Body(
			heading(1, l.Text("site.page.about_title")),
			para("intro", l.Text("site.page.about_intro")),
			para("", l.Text("site.page.about_offline")),
			para("", l.Text("site.page.about_privacy")),
			rulesTable(l),
			feesTable(l),
			selfBuildTable(l),
			catalogue(l),
		)
	})
}

// rulesTable lists every rule; each row is the target of /about#rule-ID.
func rulesTable(l Lang) app.UI {
	rows := make([]app.UI, len(rules))
	for i, r := range rules {
		rows[i] = app.Tr().ID("%s", ruleAnchor(r.ID)).Body(
			app.Th().Scope("row").Text(r.ID),
			cell("", r.Text(l)),
		)
	}
	return block(
		app.H2().ID("rules").Text(l.Text("site.page.about_rules_title")),
		app.Table().ID("rules-table").Class("data", "rules").Body(app.TBody().Body(rows...)),
	)
}

// feesTable lists tco.DefaultPrices with their sources.
func feesTable(l Lang) app.UI {
	d := tco.DefaultPrices()
	row := func(item string, p tco.Price) []string {
		return []string{l.Enum("item", item), l.MoneyRange(p.Range.Low, p.Range.High) + unitText(l, p.Unit), p.Says.In(l)}
	}
	return block(
		app.H2().ID("fees").Text(l.Text("site.page.about_fees_title")),
		dataTable("fees-table", l.Text("site.page.about_fees_title"), []string{l.Text("site.page.fee_item"), l.Text("site.page.fee_price"), l.Text("site.page.fee_source")}, [][]string{
			row(tco.ItemEgress, d.EgressPerGB),
			row(tco.ItemStorage, d.StoragePerGBMonth),
			row(tco.ItemIPs, d.IPPerMonth),
			row(tco.ItemSupport, d.Support),
			row(tco.ItemAfterHours, d.AfterHours),
			row(tco.ItemMigration, d.MigrationPerGB),
		}),
	)
}

// selfBuildTable lists the reference values of the rent-or-build
// comparison (plan.SelfBuildDefaults, the ones shared/plan uses).
func selfBuildTable(l Lang) app.UI {
	m, t := l, l
	ref := plan.SelfBuildDefaults()
	return block(
		app.H2().ID("self-build").Text(m.Text("site.page.about_self_build_title")),
		dataTable("self-build-table", m.Text("site.page.about_self_build_title"), []string{m.Text("site.page.fee_item"), m.Text("site.page.spec_value"), m.Text("site.page.about_source_col")}, [][]string{
			{m.Text("site.page.f_residual"), ref.Residual.Shift(2).String() + "%", t.Text(selfBuildSources.Residual)},
			{m.Text("site.page.f_life"), t.Text("site.about.months", msg.Int(ref.LifeMonths)), t.Text(selfBuildSources.Life)},
			{m.Text("site.page.fpue"), ref.PUE.String(), t.Text(selfBuildSources.PUE)},
			{m.Text("site.page.fk_wh"), t.Text("site.about.kwh", msg.Dec(ref.PricePerKWh)), t.Text(selfBuildSources.KWh)},
			{m.Text("site.page.f_colo"), t.Text("site.about.colo", msg.Money(ref.ColocationPerKW)), t.Text(selfBuildSources.Colo)},
			{m.Text("site.page.f_staff"), t.Text("site.about.staff", msg.Money(ref.StaffPerFTE), msg.Dec(ref.CardsPerFTE)), t.Text(selfBuildSources.Staff)},
		}),
	)
}

// catalogue is one folded table per card: every figure with its source.
func catalogue(l Lang) app.UI {
	kids := []app.UI{app.H2().ID("catalogue").Text(l.Text("site.page.about_catalog_title"))}
	for _, c := range catalog.All() {
		kids = append(kids, cardDetails(l, c))
	}
	return app.Div().Class("block", "catalogue").Body(kids...)
}

// specRow is one catalogue figure.
type specRow struct {
	Name  string
	Value string
	Ref   catalog.Ref
}

// cardDetails shows one card's figures.
func cardDetails(l Lang, c catalog.Card) app.UI {
	spec := func(name string, s catalog.Spec, unit string) specRow {
		return specRow{Name: name, Value: l.Num(s.Value, decimalsOf(s.Value)) + " " + unit, Ref: s.Ref}
	}
	var rows []specRow
	book := pricebook.Builtin()
	for _, o := range book.Offers {
		if o.Card != c.ID {
			continue
		}
		name := provName(l, o.Provider, book.ProviderName(o.Provider)) + " · " + l.Enum("billing", string(billing.ModeOf(o.Term)))
		if o.Unit.Node() {
			name += " · " + o.Unit.String()
		}
		rows = append(rows, specRow{Name: name, Value: l.MoneyRange(o.Price.Low, o.Price.High), Ref: catalog.Ref{Source: o.Source, Date: o.Date, Note: priceNote(o.Note)}})
	}
	if pp, ok := catalog.PurchasePrice(c.ID); ok {
		rows = append(rows, specRow{Name: l.Text("site.page.purchase_label"), Value: l.MoneyRange(pp.Low, pp.High), Ref: pp.Ref})
	}
	for _, s := range []struct {
		name string
		spec catalog.Spec
		unit string
	}{
		{"memory", c.MemoryGB, "GB"},
		{"memory_mib", c.MemoryMiB, "MiB"},
		{"bandwidth", c.BandwidthGBs, "GB/s"},
		{"bf16", c.BF16TFLOPS, "TFLOPS"},
		{"fp32", c.FP32TFLOPS, "TFLOPS"},
		{"fp64", c.FP64TFLOPS, "TFLOPS"},
		{"tdp", c.TDPW, "W"},
		{"nvlink", c.NVLinkGBs, "GB/s"},
		{"nvlink_bridge", c.NVLinkBridgeGBs, "GB/s"},
		{"pcie_gen", c.PCIeGen, ""},
		{"pcie_width", c.PCIeWidth, ""},
		{"sm_clock", c.MaxSMClockMHz, "MHz"},
		{"power", c.DefaultPowerW, "W"},
	} {
		if s.spec.Known() {
			rows = append(rows, spec(l.Enum("spec", s.name), s.spec, s.unit))
		}
	}
	rows = append(rows, specRow{Name: l.Text("site.page.i_ds_label"), Value: joinNonEmpty(c.ProductNames, c.PCIDeviceIDs), Ref: c.IDRef})
	trs := make([]app.UI, len(rows))
	for i, r := range rows {
		src := app.Td().Body(sourceText(r.Ref.Source)...)
		if r.Ref.Unconfirmed {
			src = app.Td().Body(append([]app.UI{app.Span().Class("tag", "unconfirmed").Text(l.Text("site.page.unconfirmed")), app.Text(" ")}, sourceText(r.Ref.Source)...)...)
		}
		tr := app.Tr()
		if r.Ref.Unconfirmed {
			tr = tr.Class("unconfirmed")
		}
		trs[i] = tr.Body(app.Th().Scope("row").Text(r.Name), cell("num", r.Value), src,
			cell("", l.Date(r.Ref.Date)), cell("note", noteText(l, r.Ref.Note)))
	}
	head := headRow(l, "site.page.spec_figure", "site.page.spec_value", "site.page.spec_source", "site.page.spec_date", "site.page.spec_note")
	var caveats app.UI
	if len(c.Caveats) > 0 {
		texts := make([]string, len(c.Caveats))
		for i, cv := range c.Caveats {
			texts[i] = cv.M.In(l)
		}
		caveats = app.Div().Class("caveats").Body(para("", l.Text("site.page.caveats_label")+":"), reasonList("caveats-"+c.ID, texts))
	}
	return app.Details().ID("card-%s", c.ID).Class("card-details").Body(
		app.Summary().Text(c.Name),
		caveats,
		tableWrap(
			app.Table().Class("data", "specs").Body(headBody(head, trs)...)),
	)
}

// decimalsOf shows whole figures without decimals and others with one.
func decimalsOf(v float64) int {
	if v == float64(int64(v)) {
		return 0
	}
	return 1
}

// joinNonEmpty joins two lists with ", ".
func joinNonEmpty(a, b []string) string {
	out := ""
	for _, s := range append(append([]string{}, a...), b...) {
		if s == "" {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += s
	}
	return out
}

// unitText is a default price's unit ("CNY/GB") in l: "/GB", "/GB·月"; as
// given, after a space, when the catalogue does not know it.
func unitText(l Lang, unit string) string {
	if id := "tco.unit." + unit; msg.Known(id) {
		return l.Text(id)
	}
	return " " + unit
}

// noteText is a figure's source note in the page's language; empty when the
// figure has none.
func noteText(l Lang, note msg.English) string {
	return note.M.In(l)
}

// priceNote is the note of a price book offer: data of the book, as its
// CSV gives it, shown as written.
func priceNote(note string) msg.English {
	if note == "" {
		return msg.English{}
	}
	return msg.EnglishOf(msg.Verbatim(note))
}
