package main

import (
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pricesPage is the buyer's own price list: pasted or uploaded CSV (the
// columns gpuverify prices --format csv writes), read row by row with each
// refused cell shown at its line, kept in the saved state and the plan
// file, laid over the built-in book when every row reads, and dropped in
// one click. The built-in book is listed below it with its dates and
// sources.
type pricesPage struct {
	app.Compo
	pageState
	fileErr string // why the last upload was not read
}

func newPricesPage() app.Composer { return &pricesPage{pageState: pageState{page: routePrices}} }

// Render draws the page.
func (p *pricesPage) Render() app.UI { return p.layout(routeByID(routePrices), p.body) }

func (p *pricesPage) t(id string, args ...msg.Arg) string { return msg.New(id, args...).In(p.st.Lang) }

func (p *pricesPage) body() app.UI {
	return app.Div().Class("prices-page").Body(
		heading(1, p.t("site.prices.title")),
		para("intro", p.t("site.prices.intro")),
		p.offerUsed(),
		p.editor(),
		p.parsed(),
		p.builtin(),
	)
}

// offerUsed is the offer the plan takes, with its provider and age.
func (p *pricesPage) offerUsed() app.UI {
	pl := p.out.Plan
	if pl == nil || pl.GPU.Offer == nil {
		return nil
	}
	return app.P().ID("offer-used").Class("offer-line").Attr("data-provider", pl.GPU.Offer.Provider).
		Text(offerLine(p.st.Lang, pl.GPU.Offer.Offer, provName(p.st.Lang, pl.GPU.Offer.Provider, pl.GPU.Offer.ProviderName), pl.GPU.Offer.AgeMonths))
}

// editor is the text box, the upload, the quotes button and the drop
// button.
func (p *pricesPage) editor() app.UI {
	r := routeByID(routePrices)
	return block(
		heading(2, p.t("site.prices.yours")),
		para("help", p.t("site.prices.help", msg.Text(strings.Join(pricebook.Required, ",")))),
		app.Pre().Class("example").Text(strings.Join(pricebook.Required, ",")+"\n"+
			p.t("site.prices.example_own")+"\n"+p.t("site.prices.example_builtin")),
		app.Textarea().ID("price-list-csv").Attr("rows", 8).Attr("spellcheck", "false").
			Attr("aria-label", p.t("site.prices.yours")).Text(p.st.Prices).
			OnInput(func(ctx app.Context, e app.Event) { p.setPrices(ctx, r, ctx.JSSrc().Get("value").String()) }),
		app.Div().Class("actions").Body(
			app.Label().Class("btn", "small").Body(
				app.Text(p.t("site.prices.upload")),
				app.Input().ID("price-list-file").Type("file").Accept(".csv,text/csv,text/plain").Class("visually-hidden").
					OnChange(func(ctx app.Context, e app.Event) {
						readFirstFile(ctx, pricebook.MaxCSVBytes, func(ctx app.Context, _ string, data []byte, err error) {
							p.fileErr = ""
							if err != nil {
								p.fileErr = p.st.Lang.Err(err)
								return
							}
							p.setPrices(ctx, r, string(data))
						})
					})),
			app.Button().ID("price-list-from-quotes").Type("button").Class("btn", "small").
				Text(p.t("site.prices.from_quotes")).OnClick(func(ctx app.Context, e app.Event) { p.fromQuotes(ctx, r) }),
			app.Button().ID("price-list-drop").Type("button").Class("btn", "small").Disabled(p.st.Prices == "").
				Text(p.t("site.prices.drop")).OnClick(func(ctx app.Context, e app.Event) { p.setPrices(ctx, r, "") }),
		),
		app.If(p.fileErr != "", func() app.UI { return para("warn-line", p.fileErr) }),
	)
}

// setPrices keeps the typed list and plans with it.
func (p *pricesPage) setPrices(ctx app.Context, r route, csv string) {
	p.fail = guard("reading the price list", func() {
		p.setState(p.st.WithPrices(csv))
		p.saveEdit(ctx, r)
	})
}

// fromQuotes adds the per-card GPU prices of the quotes entered on /quotes
// to the list as month offers of the plan's card, dated today.
func (p *pricesPage) fromQuotes(ctx app.Context, r route) {
	in := p.st.Proc.Valid().Quotes
	if in == nil || p.out.Plan == nil {
		p.fileErr = p.t("site.prices.no_quotes")
		return
	}
	rows := quoteRows(*in, p.out.Plan.GPU.ID, today())
	if rows == "" {
		p.fileErr = p.t("site.prices.no_quotes")
		return
	}
	text := strings.TrimRight(p.st.Prices, "\n")
	if strings.TrimSpace(text) == "" {
		text = strings.Join(pricebook.Required, ",") + ",includes"
	}
	p.fileErr = ""
	p.setPrices(ctx, r, text+"\n"+rows)
}

// quoteRows are CSV rows of the quotes that name a GPU price per card: the
// vendor, card, a month, the price and what VAT it includes.
func quoteRows(in quote.Input, card, date string) string {
	var b strings.Builder
	for _, q := range in.Quotes {
		if q.GPUPerCard == nil || !q.GPUPerCard.IsPositive() {
			continue
		}
		tax := "VAT not stated"
		if v := q.VAT.Included; v != nil && *v {
			tax = "VAT included"
		} else if v != nil {
			tax = "VAT excluded"
		}
		b.WriteString(csvCell(q.Vendor) + "," + card + ",card,month," + q.GPUPerCard.String() + "," + date +
			"," + csvCell("quote from "+q.Vendor+", entered on /quotes") + "," + csvCell(tax) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func csvCell(s string) string {
	if strings.ContainsAny(s, ",\"\n\r") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// parsed shows the list as read: its offers and each refused cell.
func (p *pricesPage) parsed() app.UI {
	l := p.st.Lang
	list, errs := p.st.PriceList()
	if p.st.Prices == "" {
		return app.P().ID("price-list-state").Attr("data-state", "none").Text(p.t("site.prices.none"))
	}
	var kids []app.UI
	state, status := "used", p.t("site.prices.used", msg.Int(len(list.Offers)), msg.Int(len(list.Providers)))
	if len(errs) > 0 {
		state, status = "refused", p.t("site.prices.refused", msg.Int(len(errs)))
		items := make([]app.UI, len(errs))
		for i, e := range errs {
			items[i] = app.Li().Attr("data-line", e.Line).Attr("data-column", e.Column).Text(e.Message().In(l))
		}
		kids = append(kids, app.Ul().ID("price-list-errors").Class("errors").Body(items...))
	}
	rows := make([]app.UI, len(list.Offers))
	for i, o := range list.Offers {
		rows[i] = app.Tr().Attr("data-line", list.Lines[i]).Body(
			cell("num", strconv.Itoa(list.Lines[i])),
			cell("", provName(l, o.Provider, list.ProviderName(o.Provider))), cell("", o.Card), cell("", o.Unit.String()),
			cell("", l.Enum("billing", string(billing.ModeOf(o.Term)))), cell("num", l.MoneyRange(o.Price.Low, o.Price.High)),
			cell("", o.Date), cell("basis", o.Source))
	}
	kids = append([]app.UI{app.P().ID("price-list-state").Attr("data-state", state).Class(stateClass(state)).Text(status)}, kids...)
	if len(rows) > 0 {
		kids = append(kids, tableWrap(app.Table().ID("price-list-rows").Class("data").Body(
			app.THead().Body(app.Tr().Body(p.heads("line", "provider", "card", "unit", "term", "price", "date", "source")...)),
			app.TBody().Body(rows...))))
	}
	return block(kids...)
}

func stateClass(state string) string {
	if state == "refused" {
		return "warn-line"
	}
	return "ok-line"
}

func (p *pricesPage) heads(ids ...string) []app.UI {
	out := make([]app.UI, len(ids))
	for i, id := range ids {
		out[i] = colHead(p.t("site.prices.col." + id))
	}
	return out
}

// builtin lists the built-in book: provider, card, unit, term, price,
// date with the age warning, source.
func (p *pricesPage) builtin() app.UI {
	l := p.st.Lang
	b := pricebook.Builtin()
	asOf := today()
	rows := make([]app.UI, len(b.Offers))
	for i, o := range b.Offers {
		date := cell("", o.Date)
		if age, ok := pricebook.AgeMonths(o.Date, asOf); ok && age >= pricebook.StaleMonths {
			date = app.Td().Class("stale").Title(p.t("site.prices.stale", msg.Int(age))).Text(o.Date + " ⚠")
		}
		rows[i] = app.Tr().Body(cell("", provName(l, o.Provider, b.ProviderName(o.Provider))), cell("", o.Card), cell("", o.Unit.String()),
			cell("", l.Enum("billing", string(billing.ModeOf(o.Term)))), cell("num", l.MoneyRange(o.Price.Low, o.Price.High)),
			date, cell("basis", o.Source))
	}
	return block(
		heading(2, p.t("site.prices.builtin", msg.Date(b.Date))),
		tableWrap(app.Table().ID("builtin-offers").Class("data").Body(
			app.THead().Body(app.Tr().Body(p.heads("provider", "card", "unit", "term", "price", "date", "source")...)),
			app.TBody().Body(rows...))),
	)
}

// offerLine is an offer in one sentence: provider, price per unit and
// term, date and age.
func offerLine(l Lang, o pricebook.Offer, provider string, age *int) string {
	unit := msg.New("site.prices.unit.card")
	if o.Unit.Node() {
		unit = msg.New("site.prices.unit.node", msg.Int(o.Unit.Cards()))
	}
	ageText := msg.New("site.prices.age_unknown")
	if age != nil {
		ageText = msg.New("site.prices.age", msg.Int(*age))
		if *age >= pricebook.StaleMonths {
			ageText = msg.New("site.prices.age_stale", msg.Int(*age))
		}
	}
	return (msg.New("site.prices.offer", msg.Text(provider), msg.MoneyRange(o.Price.Low, o.Price.High),
		msg.Label("term."+string(o.Term)), msg.Sub(unit), msg.Date(o.Date), msg.Sub(ageText))).In(l)
}

// today is the date plans on the page are made: the browser's, or the
// built-in book's date in the prerender.
func today() string { return form.AsOf() }

// provName is a provider's name in the page's language (pricebook.NameIn).
func provName(l Lang, id, name string) string { return pricebook.NameIn(id, name, l) }
