package pricebook

import (
	_ "embed"
	"slices"
	"strings"
	"sync"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// BuiltinDate is the day the built-in book was put together.
const BuiltinDate = "2026-12-02"

// providers of the built-in book. Each one's names in the two languages
// are the catalogue's provider.<id>; Name writes both, "天翼云 (China
// Telecom Cloud)", as the book's files carry it.
var providers = named([]Provider{
	{ID: "ctyun", Kind: Cloud, Website: "https://www.ctyun.cn"},
	{ID: "tencent", Kind: Cloud, Website: "https://cloud.tencent.com"},
	{ID: "autodl", Kind: Marketplace, Website: "https://www.autodl.com"},
	{ID: "compshare", Kind: Marketplace, Website: "https://www.compshare.cn"},
	{ID: "gongji", Kind: Marketplace, Website: "https://www.gongjiyun.com"},
	{ID: "jsctyun", Kind: Reseller},
	{ID: "market-2026-05", Kind: Reseller},
})

// named fills each provider's Name from the catalogue: the Chinese name
// and the English in brackets, or the one name both languages share.
func named(ps []Provider) []Provider {
	for i := range ps {
		zh, en := NameIn(ps[i].ID, "", msg.Zh), NameIn(ps[i].ID, "", msg.En)
		ps[i].Name = en
		if zh != en {
			ps[i].Name = zh + " (" + en + ")"
		}
	}
	return ps
}

// builtinCSV is the built-in book's offers, in the columns of a buyer's
// list: one row an offer, each with its date and source.
//
//go:embed builtin.csv
var builtinCSV string

// builtinOffers are the offers of builtinCSV, read once.
var builtinOffers = sync.OnceValue(func() []Offer {
	l, err := ParseCSV(strings.NewReader(builtinCSV))
	if err != nil {
		panic("pricebook: builtin.csv: " + err.Error())
	}
	return l.Offers
})

// Builtin returns the built-in book: public list prices of Chinese GPU
// providers, every offer dated and sourced. The slices are copies.
func Builtin() Book {
	return Book{Date: BuiltinDate, Providers: slices.Clone(providers), Offers: slices.Clone(builtinOffers())}
}

// BuiltinProvider returns the built-in provider with id, without copying
// the book.
func BuiltinProvider(id string) (Provider, bool) {
	for _, p := range providers {
		if p.ID == id {
			return p, true
		}
	}
	return Provider{}, false
}
