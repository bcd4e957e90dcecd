package plan

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

// quoteProvider sells the prices entered in cost.prices: a quote for a card
// is that card's only price.
var quoteProvider = pricebook.Provider{ID: "your-quote", Name: "your quote", Kind: pricebook.Buyer}

// prices is the book a plan prices from and, when that is the built-in
// book itself, its offers by card and provider, worked out once.
type prices struct {
	book   pricebook.Book
	byCard map[string][][]pricebook.Offer // nil: each card is looked up in book
}

// forCard is book.ForCard(card); its lists are only read.
func (p prices) forCard(card string) [][]pricebook.Offer {
	if p.byCard != nil {
		return p.byCard[card]
	}
	return p.book.ForCard(card)
}

// priceBook is what the plan prices from: the built-in book (with its
// index, when the sheet has no price list and no quotes), the buyer's list
// laid over it, and each card of cost.prices priced by its quote alone.
func priceBook(req Requirements) prices {
	if req.Cost.PriceList == nil && len(req.Cost.Prices) == 0 {
		return prices{builtinBook(), builtinByCard()}
	}
	b := builtinBook()
	if req.Cost.PriceList != nil {
		b = pricebook.Merge(b, *req.Cost.PriceList)
	}
	if len(req.Cost.Prices) == 0 {
		return prices{book: b}
	}
	quoted := map[string]bool{}
	var quotes []pricebook.Offer
	date := asOf(req)
	for _, id := range sortedKeys(req.Cost.Prices) {
		q := req.Cost.Prices[id]
		for _, p := range []struct {
			term pricebook.Term
			v    *decimal.Decimal
		}{{pricebook.Hour, q.Hourly}, {pricebook.Month, q.Monthly}} {
			if p.v != nil {
				quoted[id] = true
				quotes = append(quotes, pricebook.Offer{Provider: quoteProvider.ID, Card: id, Term: p.term,
					Price: money.Point(*p.v), Date: date, Source: quoteSource})
			}
		}
	}
	b = b.Without(quoted)
	b.Providers = append(slices.Clip(b.Providers), quoteProvider)
	b.Offers = append(b.Offers, quotes...)
	return prices{book: b}
}

// builtinBook is the built-in book, read once and shared by every Build.
// Nothing in this package writes into it: Merge and Without return new
// offer lists, and the quote provider is appended to a clipped slice.
var builtinBook = sync.OnceValue(pricebook.Builtin)

// builtinByCard is the built-in book's offers by card and provider
// (Book.ForCard of every card), worked out once.
var builtinByCard = sync.OnceValue(func() map[string][][]pricebook.Offer { return builtinBook().ByCard() })

func sortedKeys(m map[string]PriceQuote) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// asOf is the day offers are dated against: the sheet's as_of, else
// today, else the built-in book's date.
func asOf(req Requirements) string {
	switch {
	case req.AsOf != "":
		return req.AsOf
	case pricebook.ValidDate(req.Today):
		return req.Today
	}
	return pricebook.BuiltinDate
}

// offer is one card option priced at its cheapest provider and term.
type offer struct {
	provider string            // the provider's id
	offers   []pricebook.Offer // that provider's offers for the card
	terms    []billing.Option  // every term of theirs, priced
	pick     int               // the term taken
	forced   bool              // no term the rules allow: the cheapest taken
	mode     billing.Mode      // the mode of the term taken
	rent     money.Range       // rent of all the option's cards a month
	hidden   money.Range       // the hidden C1 items a month at the option's count
	allIn    decimal.Decimal   // likely all-in monthly cost: mid rent + mid hidden items
}

// taken is the offer of the term the option is priced at.
func (o offer) taken() pricebook.Offer { return o.terms[o.pick].Offer }

// priceCard prices count cards of card at every provider that sells it and
// returns each provider's best term, cheapest provider first (by likely
// rent, then book order); none when no provider sells the card.
func priceCard(p prices, req Requirements, card string, count int) []offer {
	in := billingNeed(req, count)
	var out []offer
	for _, list := range p.forCard(card) {
		terms, pick := billing.Terms(list, in)
		if pick < 0 {
			continue
		}
		o := offer{provider: list[0].Provider, offers: list, terms: terms, pick: pick,
			forced: terms[pick].Rule != "", mode: billing.ModeOf(terms[pick].Offer.Term), rent: terms[pick].Rent}
		o.allIn = o.rent.Mid()
		out = append(out, o)
	}
	slices.SortStableFunc(out, func(a, b offer) int {
		if a.forced != b.forced {
			if a.forced {
				return 1
			}
			return -1
		}
		return a.allIn.Cmp(b.allIn)
	})
	return out
}

// priceOptions prices every qualifying option at its cheapest provider and
// term with all of rule C1's items, and sets it as the option's ranking
// cost: a month, or the whole run when the training time is known. The
// hidden items depend on the count only through the support tier (8 cards
// or more), so they are computed at most twice. It returns each card's
// priced providers, cheapest first.
func priceOptions(req Requirements, p prices, cands *sizing.Candidates) (map[string][]offer, error) {
	priced := make(map[string][]offer, len(cands.Options))
	hidden := map[bool]money.Range{}
	usage := req.HoursPerDay.Mul(decimal.NewFromInt(int64(req.DaysPerMonth)))
	for i, o := range cands.Options {
		if !o.Fits || !o.Eligible {
			continue
		}
		offers := priceCard(p, req, o.CardID, o.Count)
		if len(offers) == 0 {
			continue
		}
		support := supportNeeded(req, o.Count)
		h, ok := hidden[support]
		if !ok {
			in := tcoInput(req, o.Count, offers[0], p.book)
			in.FiguresOnly = true
			r, err := tco.Compute(in)
			if err != nil {
				return nil, fmt.Errorf("cost: %w", err)
			}
			h = money.Range{Low: money.Round2(r.Hidden.Low), High: money.Round2(r.Hidden.High)}
			hidden[support] = h
		}
		hMid := h.Mid()
		for k := range offers {
			offers[k].hidden = h
			offers[k].allIn = offers[k].allIn.Add(hMid) // allIn was the rent's middle
		}
		priced[o.CardID] = offers
		best := offers[0]
		cost, label := best.allIn, msg.New("sizing.cost.month_all_in", modeLabel(best.mode))
		if hours := cands.TrainHours(i); hours > 0 && usage.IsPositive() && hours < 1e12 {
			run := decimal.NewFromInt(int64(hours + 0.999999))
			cost = best.allIn.Mul(run).DivRound(usage, money.DivPrecision)
			label = msg.New("sizing.cost.run_all_in", modeLabel(best.mode))
		}
		cands.SetCost(i, cost, label)
	}
	return priced, nil
}

// billingNeed is the billing input of count cards at the sheet's use.
func billingNeed(req Requirements, count int) billing.Input {
	return billing.Input{
		Cards:         count,
		HoursPerDay:   req.HoursPerDay,
		DaysPerMonth:  req.DaysPerMonth,
		ProjectMonths: req.ProjectMonths,
		FirstContract: *req.FirstContract,
		Demand:        billing.Demand(req.Demand),
	}
}

// billingInput is what billing.Recommend explains: the chosen provider's
// own hourly and monthly card prices and its annual discount (or the
// sheet's, when the provider publishes none).
func billingInput(req Requirements, book pricebook.Book, of offer, count int) billing.Input {
	in := billingNeed(req, count)
	in.HourlyPrice, in.MonthlyPrice, in.AnnualDiscount = billing.Summary(of.offers)
	if req.Cost.AnnualDiscount != nil && in.AnnualDiscount.IsZero() {
		in.AnnualDiscount = *req.Cost.AnnualDiscount
	}
	in.Taken = of.mode
	in.Reference = of.provider != quoteProvider.ID
	if in.Reference {
		in.Provider = book.ProviderName(of.provider)
	}
	return in
}

// rentUnit says how one card's rent was reached: the offer's price per
// term, the packages a month and, for a machine rent, the machines shared
// out over the cards.
func rentUnit(req Requirements, book pricebook.Book, of offer, count int) *msg.M {
	o := of.taken()
	need := pricebook.Need{Cards: count, HoursPerDay: req.HoursPerDay, DaysPerMonth: req.DaysPerMonth, ProjectMonths: req.ProjectMonths}
	args := []msg.Arg{msg.MoneyRange(o.Price.Low, o.Price.High), msg.Label("term." + string(o.Term)),
		msg.Text(book.ProviderName(o.Provider)), msg.Date(o.Date), msg.Dec(money.Round2(o.Term.Packages(need)))}
	id := "plan.unit.offer"
	if o.Unit.Node() {
		id = "plan.unit.offer_node"
		args = append(args, msg.Int(o.Units(count)), msg.Int(o.Unit.Cards()))
	}
	m := msg.New(id, args...)
	return &m
}

// supportNeeded says whether the support items are counted: for services
// (inference runs around the clock) and for clusters of 8 cards or more,
// where an outage is expensive (K6).
func supportNeeded(req Requirements, count int) bool {
	return req.Workload == "inference" || count >= 8
}

// otherModes prices the chosen provider's other terms, all-in, so the plan
// shows what the other choice would cost.
func otherModes(of offer, hidden money.Range) []ModeCost {
	var out []ModeCost
	for i, t := range of.terms {
		if i == of.pick {
			continue
		}
		out = append(out, ModeCost{Mode: billing.ModeOf(t.Offer.Term), Rent: t.Rent, Monthly: t.Rent.Add(hidden), Rule: t.Rule})
	}
	return out
}

// rentSide is the rent that rent vs build compares with owning the cards:
// the GPU rent and the support items, likely figures. Egress, storage,
// public IPs and data migration are left out of both sides: an owned
// cluster pays for bandwidth, disks, addresses and the move too.
func rentSide(r tco.Result) decimal.Decimal {
	sum := decimal.Zero
	for _, it := range r.Items {
		switch it.Name {
		case tco.ItemRent, tco.ItemSupport, tco.ItemAfterHours:
			sum = sum.Add(it.Range().Mid())
		}
	}
	return sum
}

// offerRef is the plan file's record of an offer, with its provider's name
// and its age on the plan's date.
func offerRef(book pricebook.Book, o pricebook.Offer, date string) *OfferRef {
	r := offerRecord(book, o, date)
	return &r
}

// offerRecord is offerRef as a value, for the offer table's rows.
func offerRecord(book pricebook.Book, o pricebook.Offer, date string) OfferRef {
	r := OfferRef{Offer: o, ProviderName: o.Provider}
	if p, ok := book.Provider(o.Provider); ok {
		r.ProviderName, r.ProviderKind = p.Name, p.Kind
	}
	if age, ok := pricebook.AgeMonths(o.Date, date); ok {
		r.AgeMonths = &age
	}
	return r
}

// offerTable lists every priced card × provider × term, cheapest all-in
// first: who sells each card cheapest at the sheet's hours.
func offerTable(book pricebook.Book, priced map[string][]offer, counts map[string]int, date string) []OfferCost {
	n := 0
	for _, offers := range priced {
		for _, of := range offers {
			n += len(of.terms)
		}
	}
	rows := make([]offerRow, 0, n)
	for card, offers := range priced {
		name := cardName(card)
		for k := range offers {
			of := &offers[k]
			hidden := of.hidden.Mid()
			for i, t := range of.terms {
				rows = append(rows, offerRow{card: card, name: name, of: of, term: i, allIn: t.Likely().Add(hidden)})
			}
		}
	}
	slices.SortStableFunc(rows, compareRows)
	out := make([]OfferCost, len(rows))
	for k, r := range rows {
		t := r.of.terms[r.term]
		out[k] = OfferCost{Card: r.card, CardName: r.name, Count: counts[r.card], Mode: billing.ModeOf(t.Offer.Term),
			Rent: t.Rent, Rule: t.Rule, Offer: offerRecord(book, t.Offer, date), AllInMonthly: r.allIn, Best: r.term == r.of.pick}
	}
	return out
}

// offerRow is one row of the offer table before it is written out: the
// table is ordered on these few fields, not on whole rows.
type offerRow struct {
	card  string
	name  string // the card's name
	of    *offer
	term  int             // the index in of.terms
	allIn decimal.Decimal // likely all-in monthly cost
}

// compareRows orders the offer table: terms the rules allow first, then
// by all-in cost, card and provider.
func compareRows(a, b offerRow) int {
	aOK, bOK := a.of.terms[a.term].Rule == "", b.of.terms[b.term].Rule == ""
	if aOK != bOK {
		if aOK {
			return -1
		}
		return 1
	}
	if c := a.allIn.Cmp(b.allIn); c != 0 {
		return c
	}
	if c := strings.Compare(a.card, b.card); c != 0 {
		return c
	}
	return strings.Compare(a.of.provider, b.of.provider)
}

// cardName is the catalogue's name of card, or its id when it has none.
func cardName(card string) string {
	if c, ok := catalog.ByID(card); ok {
		return c.Name
	}
	return card
}

// CardOffer is the cheapest provider and term for count cards of card at
// the sheet's use, from the plan's price book (built-in, the buyer's list,
// the quotes): the offer, the rent of those cards a month, and false when
// no provider sells the card. The cost page lists it for every card.
func CardOffer(req Requirements, card string, count int) (*OfferRef, money.Range, bool) {
	if req.FirstContract == nil || req.DaysPerMonth < 1 || !req.HoursPerDay.IsPositive() {
		return nil, money.Range{}, false
	}
	p := priceBook(req)
	offers := priceCard(p, req, card, max(count, 1))
	if len(offers) == 0 {
		return nil, money.Range{}, false
	}
	return offerRef(p.book, offers[0].taken(), asOf(req)), offers[0].rent, true
}

// OffersPickFirst is gpu.offers with the chosen card's rows first, each
// part cheapest first: the buyer reads who sells the card the plan takes
// before what the other cards that fit would cost.
func (g GPU) OffersPickFirst() []OfferCost {
	out := make([]OfferCost, 0, len(g.Offers))
	for _, o := range g.Offers {
		if o.Card == g.ID {
			out = append(out, o)
		}
	}
	for _, o := range g.Offers {
		if o.Card != g.ID {
			out = append(out, o)
		}
	}
	return out
}
