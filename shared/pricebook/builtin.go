package pricebook

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// BuiltinDate is the day the built-in book was put together.
const BuiltinDate = "2026-12-02"

// providers of the built-in book.
var providers = []Provider{
	{ID: "ctyun", Name: "天翼云 (China Telecom Cloud)", Kind: Cloud, Website: "https://www.ctyun.cn"},
	{ID: "tencent", Name: "腾讯云 (Tencent Cloud)", Kind: Cloud, Website: "https://cloud.tencent.com"},
	{ID: "autodl", Name: "AutoDL", Kind: Marketplace, Website: "https://www.autodl.com"},
	{ID: "compshare", Name: "优云智算 (Compshare)", Kind: Marketplace, Website: "https://www.compshare.cn"},
	{ID: "gongji", Name: "共绩算力 (Gongji)", Kind: Marketplace, Website: "https://www.gongjiyun.com"},
	{ID: "jsctyun", Name: "江苏电信云 (Jiangsu Telecom market)", Kind: Reseller},
	{ID: "market-2026-05", Name: "算力租赁市场行情 (machine brokers, May 2026)", Kind: Reseller},
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
