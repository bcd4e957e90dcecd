// Package pricebook holds what GPU rent costs, apart from what the cards
// are: providers (clouds, marketplaces, resellers) and their offers, each a
// price for one card or one N-card machine over one billing term, with the
// date it was read and where. A node rent is kept as a node rent: it becomes
// a per-card figure only through Unit.Cards, so an 8-card machine's price is
// never read as a card's.
//
// The built-in book (Builtin) is public list prices of Chinese providers; a
// buyer adds their own list as CSV (ParseCSV) and Merge puts it over the
// built-in one. The billing package picks a term among one provider's
// offers; the plan compares providers.
package pricebook

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Kind is what sort of seller a provider is.
type Kind string

// The provider kinds.
const (
	Cloud       Kind = "cloud"       // a public cloud selling its own instances
	Marketplace Kind = "marketplace" // a platform listing many hosts' machines
	Reseller    Kind = "reseller"    // a broker or telecom reselling whole machines
	Buyer       Kind = "buyer"       // a provider named only in the buyer's own list
)

// Kinds are the kinds in the order the docs list them.
var Kinds = []Kind{Cloud, Marketplace, Reseller, Buyer}

// Provider is one seller of GPU time.
type Provider struct {
	// ID is the stable id offers refer to, e.g. "ctyun".
	ID string `json:"id"`
	// Name is the name buyers know, e.g. "天翼云 (China Telecom Cloud)".
	Name string `json:"name"`
	// Kind is cloud, marketplace, reseller or buyer.
	Kind Kind `json:"kind"`
	// Website is the provider's home page; empty for a buyer's provider.
	Website string `json:"website,omitempty"`
}

// Term is the span one price buys.
type Term string

// The billing terms.
const (
	Hour  Term = "hour"
	Day   Term = "day"
	Week  Term = "week"
	Month Term = "month"
	Year  Term = "year"
)

// Terms are every term, shortest first.
var Terms = []Term{Hour, Day, Week, Month, Year}

// Hours is the hours one price of the term covers: a month is 30 days (720
// hours), as clouds and marketplaces price it, a year 365 days.
func (t Term) Hours() int {
	switch t {
	case Hour:
		return 1
	case Day:
		return 24
	case Week:
		return 7 * 24
	case Month:
		return 30 * 24
	case Year:
		return 365 * 24
	}
	return 0
}

// Valid reports whether t is one of Terms.
func (t Term) Valid() bool { return t.Hours() > 0 }

// MaxNodeCards bounds the cards of one machine an offer may name.
const MaxNodeCards = 64

// Unit is what one price rents: one card, or a whole machine of N cards.
// The zero Unit is one card.
type Unit struct {
	node  bool
	cards int
}

// CardUnit is one card.
var CardUnit = Unit{}

// NodeUnit is a machine of n cards; n is clamped into [1, MaxNodeCards].
func NodeUnit(n int) Unit { return Unit{node: true, cards: min(max(n, 1), MaxNodeCards)} }

// ParseUnit reads "card" or "node:N" (N in 1..64).
func ParseUnit(s string) (Unit, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "card" {
		return CardUnit, nil
	}
	rest, ok := strings.CutPrefix(s, "node:")
	n, err := strconv.Atoi(rest)
	if !ok || err != nil || n < 1 || n > MaxNodeCards || rest != strconv.Itoa(n) {
		return Unit{}, fmt.Errorf("unit %q: want card or node:N with N from 1 to %d", s, MaxNodeCards)
	}
	return NodeUnit(n), nil
}

// Cards is how many cards one unit holds.
func (u Unit) Cards() int {
	if !u.node {
		return 1
	}
	return u.cards
}

// Node reports whether the unit is a whole machine.
func (u Unit) Node() bool { return u.node }

// String is "card" or "node:N".
func (u Unit) String() string {
	if !u.node {
		return "card"
	}
	return "node:" + strconv.Itoa(u.cards)
}

// MarshalText writes String.
func (u Unit) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText reads what ParseUnit reads.
func (u *Unit) UnmarshalText(b []byte) error {
	v, err := ParseUnit(string(b))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// Offer is one price: a provider's rent of one unit of a card for one term.
type Offer struct {
	// Provider is the provider's id.
	Provider string `json:"provider"`
	// Card is the catalogue id of the card.
	Card string `json:"card"`
	// Unit is one card or an N-card machine.
	Unit Unit `json:"unit"`
	// Term is the span the price buys.
	Term Term `json:"term"`
	// Price is the price of one unit for one term, CNY; a range where the
	// source gives one (a member or discounted price and the list price).
	Price money.Range `json:"price"`
	// Includes says what the price covers beyond the card (CPU, memory,
	// disk, tax); empty when the source does not say.
	Includes string `json:"includes,omitempty"`
	// Date is when the price was published or read: YYYY-MM-DD or YYYY-MM.
	Date string `json:"date"`
	// Source is where the price can be checked: a URL and what it shows.
	Source string `json:"source"`
	// Note explains a derivation or a caveat.
	Note string `json:"note,omitempty"`
}

// PerCard is the price of one card for one term: the unit's price divided
// by the cards it holds.
func (o Offer) PerCard() money.Range {
	n := decimal.NewFromInt(int64(o.Unit.Cards()))
	return money.Range{Low: o.Price.Low.DivRound(n, money.DivPrecision), High: o.Price.High.DivRound(n, money.DivPrecision)}
}

// PerCardHour is the price of one card-hour the term covers.
func (o Offer) PerCardHour() money.Range {
	h := decimal.NewFromInt(int64(o.Term.Hours()))
	p := o.PerCard()
	return money.Range{Low: p.Low.DivRound(h, money.DivPrecision), High: p.High.DivRound(h, money.DivPrecision)}
}

// Book is a set of providers and their offers.
type Book struct {
	// Date is the day the book was put together (YYYY-MM-DD).
	Date      string     `json:"date,omitempty"`
	Providers []Provider `json:"providers"`
	Offers    []Offer    `json:"offers"`
}

// Provider returns the provider with id.
func (b Book) Provider(id string) (Provider, bool) {
	for _, p := range b.Providers {
		if p.ID == id {
			return p, true
		}
	}
	return Provider{}, false
}

// ProviderName is the provider's name, or id when the book lacks it.
func (b Book) ProviderName(id string) string {
	if p, ok := b.Provider(id); ok {
		return p.Name
	}
	return id
}

// ByCard returns ForCard of every card the book prices.
func (b Book) ByCard() map[string][][]Offer {
	out := map[string][][]Offer{}
	for _, o := range b.Offers {
		if _, done := out[o.Card]; !done {
			out[o.Card] = b.ForCard(o.Card)
		}
	}
	return out
}

// ForCard returns the offers of card grouped by provider, providers in book
// order and each provider's offers in book order.
func (b Book) ForCard(card string) [][]Offer {
	var out [][]Offer
	at := map[string]int{}
	for _, o := range b.Offers {
		if o.Card != card {
			continue
		}
		i, ok := at[o.Provider]
		if !ok {
			i = len(out)
			at[o.Provider] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], o)
	}
	return out
}

// Merge returns base with the buyer's list laid over it: for every provider
// and card the buyer prices, the buyer's offers replace base's; providers
// the buyer names that base lacks are added. base is not changed.
func Merge(base Book, buyer Book) Book {
	out := Book{Date: base.Date}
	out.Providers = append(out.Providers, base.Providers...)
	for _, p := range buyer.Providers {
		if _, ok := base.Provider(p.ID); !ok {
			out.Providers = append(out.Providers, p)
		}
	}
	priced := map[[2]string]bool{}
	for _, o := range buyer.Offers {
		priced[[2]string{o.Provider, o.Card}] = true
	}
	for _, o := range base.Offers {
		if !priced[[2]string{o.Provider, o.Card}] {
			out.Offers = append(out.Offers, o)
		}
	}
	out.Offers = append(out.Offers, buyer.Offers...)
	return out
}

// Without returns b less every offer of the given cards, so that a quote
// entered for a card is the only price of that card.
func (b Book) Without(cards map[string]bool) Book {
	out := Book{Date: b.Date, Providers: b.Providers}
	for _, o := range b.Offers {
		if !cards[o.Card] {
			out.Offers = append(out.Offers, o)
		}
	}
	return out
}

// NameIn is the name of provider id for a reader of l: a built-in
// provider's name in l (the catalogue's provider.<id>), any other
// provider's name as its list gives it.
func NameIn(id, name string, l msg.Lang) string {
	if msg.Known("provider." + id) {
		return l.Text("provider." + id)
	}
	return name
}
