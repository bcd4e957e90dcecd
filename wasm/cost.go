package main

import (
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// costPage is the full-cost (TCO) page: every C1 fee as the user's own
// monthly amount, card prices replaced by real quotes, the annual discount,
// and the breakdown as stacked bars.
type costPage struct {
	app.Compo
	pageState
}

func newCostPage() app.Composer { return &costPage{pageState: pageState{page: routeCost}} }

// Render draws the page.
func (p *costPage) Render() app.UI {
	return p.layout(routeByID(routeCost), p.body)
}

func (p *costPage) body() app.UI {
	l := p.st.Lang
	pl := p.out.Plan
	kids := []app.UI{heading(1, l.Text("site.page.cost_title")), para("intro", l.Text("site.page.cost_intro")), p.status()}
	if pl != nil {
		kids = append(kids,
			app.Div().Class("kpis").Body(
				kpi(l.Text("site.page.kgpu"), app.Output().ID("gpu-pick").Attr("data-card", pl.GPU.ID).Attr("data-count", pl.GPU.Count).
					Text(l.Text("site.page.gpu_pick", msg.Int(pl.GPU.Count), msg.Text(pl.GPU.Name))), l.Enum("link", string(pl.GPU.Interconnect))),
				kpi(l.Text("site.page.k_cost"), app.Output().ID("monthly-cost").Text(l.MoneyRange(pl.Cost.Monthly.Low, pl.Cost.Monthly.High)),
					hiddenShare(l, pl.Cost.HiddenShare.Low, pl.Cost.HiddenShare.High)),
				kpi(l.Text("site.page.k_billing"), app.Output().ID("cost-rent-mode").Attr("data-mode", pl.Cost.BillingMode).
					Text(l.Enum("billing", string(pl.Cost.BillingMode))), otherModes(l, pl)),
			),
			app.If(pl.GPU.Offer != nil, func() app.UI {
				return app.P().ID("offer-used").Class("offer-line").Attr("data-provider", pl.GPU.Offer.Provider).Body(
					app.Text(offerLine(l, pl.GPU.Offer.Offer, provName(l, pl.GPU.Offer.Provider, pl.GPU.Offer.ProviderName), pl.GPU.Offer.AgeMonths)+" "),
					app.A().Href(p.pageLink(routeByID(routePrices), l)).Text(msg.New("site.prices.nav").In(l)+" →"))
			}),
			costChart(l, pl),
			app.If(hasCostWarning(pl), func() app.UI {
				return app.P().ID("cost-warning").Class("warn-line").Text(pl.Cost.WarningMessage.In(l))
			}),
		)
	}
	if pl != nil && len(pl.GPU.Offers) > 0 {
		kids = append(kids, offersTable(l, pl))
	}
	kids = append(kids, p.items(), p.discount(), p.prices(),
		app.P().Class("more").Body(app.A().Href("%s#fees", link("/about", langQuery(l))).Text(l.Text("site.page.fee_defaults_link")+" →")))
	return app.Div().Class("cost-page").Body(kids...)
}

// status says why there is no plan to show, if there is none.
func (p *costPage) status() app.UI {
	l := p.st.Lang
	switch {
	case len(p.out.Errors) > 0:
		return app.P().ID("result-pending").Class("pending").Text(l.Text("site.page.result_pending"))
	case p.out.Plan == nil && p.out.Err != nil:
		return app.Div().ID("plan-error").Class("plan-error").Attr("role", "alert").Body(
			para("", l.Text("site.page.plan_failed")), para("", p.st.Lang.Err(p.out.Err)))
	}
	return nil
}

// rangeOf is a cost line's low–high range.
func rangeOf(it plan.CostItem) money.Range { return money.Range{Low: it.Low, High: it.High} }

// costChart stacks the C1 items, once at the low and once at the high
// estimate, on the same scale.
func costChart(l Lang, pl *plan.Plan) app.UI {
	var low, high []segment
	for _, it := range pl.Cost.Items {
		name := l.Enum("item", it.Name)
		low = append(low, segment{Label: name + " " + l.Money(it.Low), Value: it.Low, Class: "item-" + it.Name})
		high = append(high, segment{Label: name + " " + l.Money(it.High), Value: it.High, Class: "item-" + it.Name})
	}
	for i := range low {
		low[i].Label = l.Enum("item", pl.Cost.Items[i].Name) // the legend names the items only
	}
	rows := []stackRow{
		{Label: l.Text("site.page.chart_low"), Segments: low, Text: l.Money(pl.Cost.Monthly.Low)},
		{Label: l.Text("site.page.chart_high"), Segments: high, Text: l.Money(pl.Cost.Monthly.High)},
	}
	return block(
		heading(2, l.Text("site.page.cost_chart_title")),
		stackChart("cost-chart", l.Text("site.page.cost_chart_title"), rows, pl.Cost.Monthly.High, nil),
	)
}

// items is rule C1's table: each line's estimate and the user's amount.
func (p *costPage) items() app.UI {
	l := p.st.Lang
	r := routeByID(routeCost)
	est := map[string]plan.CostItem{}
	if p.out.Plan != nil {
		for _, it := range p.out.Plan.Cost.Items {
			est[it.Name] = it
		}
	}
	head := headRow(l, "site.page.item_col", "site.page.low_high_col", "site.page.basis_col", "site.page.yours_col")
	rows := make([]app.UI, len(form.ItemFields))
	for i, f := range form.ItemFields {
		it := est[f.Key[len("cost.items."):]]
		estimate, basis := "", it.BasisIn(l)
		if it.Name != "" {
			estimate = moneyRange(l, rangeOf(it))
		}
		rows[i] = app.Tr().Body(
			app.Th().Scope("row").Body(app.Text(f.Label(l)), app.Text(" "), ruleRef(l, it.Rule)),
			cell("num", estimate),
			cell("basis", basis),
			app.Td().Body(p.input(r, f, "")),
		)
	}
	return block(
		heading(2, l.Text("site.page.items_title")),
		para("help", l.Text("site.page.items_help")),
		tableWrap(
			app.Table().ID("cost-items").Class("data", "inputs").Body(
				headBody(head, rows)...)),
	)
}

// discount is the annual-contract discount (rules B2, B3).
func (p *costPage) discount() app.UI {
	l := p.st.Lang
	return block(
		heading(2, l.Text("site.page.discount_title")),
		p.input(routeByID(routeCost), form.DiscountField, ""),
	)
}

// prices lists every card with its reference price and the user's quotes;
// the card the plan chose is marked.
func (p *costPage) prices() app.UI {
	l := p.st.Lang
	r := routeByID(routeCost)
	chosen := ""
	if p.out.Plan != nil {
		chosen = p.out.Plan.GPU.ID
	}
	head := headRow(l, "site.page.alt_card", "site.page.ref_monthly", "site.page.quote_monthly", "site.page.quote_hourly")
	var rows []app.UI
	var req plan.Requirements
	if p.out.Plan != nil {
		req = p.out.Plan.Requirements
	}
	for _, c := range catalog.All() {
		refCell := cell("num", "—")
		if of, rent, ok := plan.CardOffer(req, c.ID, 1); ok {
			refCell = app.Td().Class("num").Title(of.ProviderName + ", " + of.Date + ": " + of.Source).
				Text(moneyRange(l, rent.Round2()) + " · " + provName(l, of.Provider, of.ProviderName) + " · " + l.Enum("billing", string(billingMode(of.Term))))
		}
		mon, _ := form.ByKey("cost.prices." + c.ID + ".monthly")
		hr, _ := form.ByKey("cost.prices." + c.ID + ".hourly")
		name := app.Th().Scope("row").Text(c.Name)
		tr := app.Tr().Attr("data-card", c.ID)
		if c.ID == chosen {
			name = app.Th().Scope("row").Body(app.Text(c.Name+" "), app.Span().Class("tag").Text(l.Text("site.page.chosen")))
			tr = tr.Class("chosen")
		}
		rows = append(rows, tr.Body(
			name,
			refCell,
			app.Td().Body(p.input(r, mon, "")),
			app.Td().Body(p.input(r, hr, "")),
		))
	}
	return block(
		heading(2, l.Text("site.page.prices_title")),
		tableWrap(
			app.Table().ID("card-prices").Class("data", "inputs").Body(
				headBody(head, rows)...)),
	)
}

// otherModes says what the full cost would be in the billing modes the plan
// did not choose (rule B1: the user sees what the other choice costs).
func otherModes(l Lang, pl *plan.Plan) string {
	parts := make([]string, 0, len(pl.Cost.OtherModes))
	for _, o := range pl.Cost.OtherModes {
		parts = append(parts, l.Text("site.page.total_if", msg.Text(l.Enum("billing", string(o.Mode))))+": "+l.MoneyRange(o.Monthly.Low, o.Monthly.High))
	}
	return strings.Join(parts, " · ")
}

// billingMode is the billing mode a price-book term is paid in.
func billingMode(t pricebook.Term) billing.Mode { return billing.ModeOf(t) }

// maxOfferRows is how many of the plan's card × provider × term rows the
// cost page lists: the cheapest; the plan file keeps them all.
const maxOfferRows = 12

// offersTable is who sells each qualifying card cheapest at the sheet's
// use: card, provider, term, rent and all-in a month, the price's date.
func offersTable(l Lang, pl *plan.Plan) app.UI {
	t := func(id string, args ...msg.Arg) string { return msg.New(id, args...).In(l) }
	head := app.Tr()
	var cells []app.UI
	for _, id := range []string{"card", "provider", "term", "rent", "all_in", "date"} {
		cells = append(cells, colHead(t("site.offers.col."+id)))
	}
	head = head.Body(cells...)
	offers := pl.GPU.OffersPickFirst()
	offers = offers[:min(len(offers), maxOfferRows)]
	rent, allIn := offerColumns(l, offers)
	var rows []app.UI
	for i, o := range offers {
		mode := l.Enum("billing", string(o.Mode))
		if o.Rule != "" {
			mode += " · " + t("render.offers.ruled_out", msg.Text(o.Rule))
		}
		tr := app.Tr().Attr("data-offer-card", o.Card).Attr("data-provider", o.Offer.Provider).Attr("data-mode", o.Mode)
		if pl.GPU.Offer != nil && o.Card == pl.GPU.ID && o.Offer.Provider == pl.GPU.Offer.Provider && o.Offer.Term == pl.GPU.Offer.Term {
			tr = tr.Class("chosen")
		}
		rows = append(rows, tr.Body(
			cell("", strconv.Itoa(o.Count)+" × "+o.CardName),
			app.Td().Title(o.Offer.Source).Text(provName(l, o.Offer.Provider, o.Offer.ProviderName)),
			cell("", mode),
			cell("num", rent[i]),
			cell("num", allIn[i]),
			cell("", o.Offer.Date),
		))
	}
	return block(
		heading(2, t("site.offers.title")),
		para("help", t("site.offers.help", msg.Int(len(pl.GPU.Offers)))),
		tableWrap(app.Table().ID("offer-table").Class("data").Body(
			headBody(head, rows)...)),
	)
}

// offerColumns writes the rent and all-in columns of the offers table,
// each column in one unit (msg.MoneyColumn): never 8,500元 above 1.2万元.
func offerColumns(l Lang, offers []plan.OfferCost) (rent, allIn []string) {
	lo, hi, all := make([]decimal.Decimal, len(offers)), make([]decimal.Decimal, len(offers)), make([]decimal.Decimal, len(offers))
	for i, o := range offers {
		r := o.Rent.Round2()
		lo[i], hi[i], all[i] = r.Low, r.High, o.AllInMonthly
	}
	return l.MoneyRangeColumn(lo, hi), l.MoneyColumn(all)
}
