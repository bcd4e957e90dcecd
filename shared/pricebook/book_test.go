package pricebook_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// TestBuiltinHonest keeps the built-in book honest: every offer dated,
// sourced and of a known provider and card; no date after the book's; no
// package dearer than the same provider's hourly price run for every hour
// the package covers (no real package costs more than paying by the hour
// all the time).
func TestBuiltinHonest(t *testing.T) {
	b := pricebook.Builtin()
	bookDay, _ := pricebook.AgeMonths(b.Date, b.Date)
	if bookDay != 0 || !pricebook.ValidDate(b.Date) {
		t.Fatalf("book date %q", b.Date)
	}
	kinds := map[pricebook.Kind]int{}
	for _, p := range b.Providers {
		kinds[p.Kind]++
		if p.ID == "" || p.Name == "" {
			t.Errorf("provider %+v without id or name", p)
		}
	}
	if len(b.Providers) < 6 || kinds[pricebook.Cloud] < 2 || kinds[pricebook.Marketplace] < 3 {
		t.Errorf("providers %d (kinds %v): want at least 6, clouds and marketplaces both", len(b.Providers), kinds)
	}
	for _, o := range b.Offers {
		where := o.Provider + "/" + o.Card + "/" + o.Unit.String() + "/" + string(o.Term)
		if _, ok := b.Provider(o.Provider); !ok {
			t.Errorf("%s: unknown provider", where)
		}
		if _, ok := catalog.ByID(o.Card); !ok {
			t.Errorf("%s: unknown card", where)
		}
		if !o.Term.Valid() {
			t.Errorf("%s: bad term", where)
		}
		if !pricebook.ValidDate(o.Date) {
			t.Errorf("%s: date %q", where, o.Date)
		}
		if age, ok := pricebook.AgeMonths(o.Date, b.Date); !ok || age < 0 {
			t.Errorf("%s: dated %s, after the book's %s", where, o.Date, b.Date)
		}
		if !strings.Contains(o.Source, "https://") && !strings.Contains(o.Source, "market reports") {
			t.Errorf("%s: source %q names no address", where, o.Source)
		}
		if !o.Price.Low.IsPositive() || o.Price.High.LessThan(o.Price.Low) {
			t.Errorf("%s: price %s–%s", where, o.Price.Low, o.Price.High)
		}
		if o.Unit.Node() && !strings.Contains(o.Includes, strings.TrimPrefix(o.Unit.String(), "node:")) {
			t.Errorf("%s: a machine rent must say the machine's size in includes, got %q", where, o.Includes)
		}
	}
	for _, list := range cardLists(b) {
		var hourly *pricebook.Offer
		for i := range list {
			if list[i].Term == pricebook.Hour && !list[i].Unit.Node() {
				hourly = &list[i]
			}
		}
		if hourly == nil {
			continue
		}
		for _, o := range list {
			if o.Term == pricebook.Hour {
				continue
			}
			cap := hourly.PerCard().High.Mul(decimal.NewFromInt(int64(o.Term.Hours())))
			if o.PerCard().High.GreaterThan(cap) {
				t.Errorf("%s %s %s: %s a card, dearer than %s an hour × %d hours = %s", o.Provider, o.Card, o.Term,
					o.PerCard().High.StringFixed(2), hourly.Price.High, o.Term.Hours(), cap.StringFixed(2))
			}
		}
	}
}

// cardLists are the book's offers by provider and card.
func cardLists(b pricebook.Book) [][]pricebook.Offer {
	var out [][]pricebook.Offer
	for _, id := range catalog.IDs() {
		out = append(out, b.ForCard(id)...)
	}
	return out
}

// TestSameProviderBreakEven checks the published pairs of one provider's
// hour and month prices: a month buys 455 to 604 hours of hourly billing
// (15 to 20 hours a day over 30 days), never the 300 hours (10 a day) of
// rule B1's rule of thumb.
func TestSameProviderBreakEven(t *testing.T) {
	tests := []struct {
		provider, card string
		hours          string // month ÷ hour, per card, list prices
	}{
		{"ctyun", "a100-40g-pcie", "480.01"}, // 10,229.09 ÷ 21.31
		{"ctyun", "l40s-48g", "479.92"},      // 15,012 ÷ 31.28
		{"ctyun", "l20-48g", "479.96"},       // 7,545 ÷ 15.72
		{"ctyun", "ascend-910b", "479.95"},   // 18,454 ÷ 38.45
		{"autodl", "rtx-4090", "531.31"},     // 1,052 ÷ 1.98
		{"autodl", "rtx-4090d", "454.81"},    // 946 ÷ 2.08
		{"compshare", "rtx-4090", "601.38"},  // 1,154.64 ÷ 1.92
		{"gongji", "rtx-4090", "524.88"},     // 8,314.10 ÷ 8 ÷ 1.98
	}
	b := pricebook.Builtin()
	for _, tt := range tests {
		var hour, month decimal.Decimal
		for _, list := range b.ForCard(tt.card) {
			for _, o := range list {
				if o.Provider != tt.provider {
					continue
				}
				switch o.Term {
				case pricebook.Hour:
					hour = o.PerCard().High
				case pricebook.Month:
					month = o.PerCard().High
				}
			}
		}
		if hour.IsZero() || month.IsZero() {
			t.Errorf("%s %s: no hour and month pair", tt.provider, tt.card)
			continue
		}
		got := month.Div(hour).Round(2)
		if !got.Equal(d(tt.hours)) {
			t.Errorf("%s %s: a month is %s hours of hourly billing, want %s", tt.provider, tt.card, got, tt.hours)
		}
		if perDay := got.Div(decimal.NewFromInt(30)); perDay.LessThan(d("15")) || perDay.GreaterThan(d("20.1")) {
			t.Errorf("%s %s: break-even %s h/day, outside the 15–20 of public lists", tt.provider, tt.card, perDay.StringFixed(1))
		}
	}
}

// TestNodeRentsPerCard: the articles' "H100 50,000–65,000 per card" and
// rule G3's 55,000 are 8-card machine rents (45,000–70,000 a month), so a
// card rents for about an eighth: the book keeps them as node:8 offers.
func TestNodeRentsPerCard(t *testing.T) {
	b := pricebook.Builtin()
	g3 := d("55000")
	for _, card := range []string{"h100-80g-sxm", "h800-80g-sxm"} {
		for _, list := range b.ForCard(card) {
			for _, o := range list {
				if o.Term != pricebook.Month {
					continue
				}
				if o.Unit.Cards() != 8 {
					t.Errorf("%s %s: unit %s, want node:8", o.Provider, card, o.Unit)
				}
				if o.Price.High.LessThan(g3.Mul(d("0.8"))) || o.Price.Low.GreaterThan(g3.Mul(d("1.3"))) {
					t.Errorf("%s %s: machine rent %s–%s far from G3's 55,000", o.Provider, card, o.Price.Low, o.Price.High)
				}
				if per := o.PerCard(); per.High.GreaterThan(d("8750")) {
					t.Errorf("%s %s: %s a card, want at most 8,750", o.Provider, card, per.High)
				}
			}
		}
	}
}

func TestRent(t *testing.T) {
	need := func(cards int, h string, days, months int) pricebook.Need {
		return pricebook.Need{Cards: cards, HoursPerDay: d(h), DaysPerMonth: days, ProjectMonths: months}
	}
	card := func(term pricebook.Term, price string) pricebook.Offer {
		return pricebook.Offer{Unit: pricebook.CardUnit, Term: term, Price: pointRange(price)}
	}
	node8 := pricebook.Offer{Unit: pricebook.NodeUnit(8), Term: pricebook.Month, Price: pointRange("8314.10")}
	tests := []struct {
		name string
		o    pricebook.Offer
		n    pricebook.Need
		want string
	}{
		{"hour: price × hours × days × cards", card(pricebook.Hour, "1.98"), need(2, "6", 30, 3), "712.8"},
		{"day: one day package a used day", card(pricebook.Day, "36.73"), need(1, "20", 22, 3), "808.06"},
		{"week: every week of a 3-month project", card(pricebook.Week, "420"), need(1, "24", 30, 3), "1820"},
		{"week: 8 days a month take 2 weeks", card(pricebook.Week, "420"), need(1, "24", 8, 3), "840"},
		{"month: one a month", card(pricebook.Month, "1052"), need(4, "2", 30, 1), "4208"},
		{"year: a 6-month project pays the whole year", card(pricebook.Year, "104336.72"), need(1, "24", 30, 6), "17389.4533333333333333"},
		{"year: 12 months pay one year", card(pricebook.Year, "120000"), need(1, "24", 30, 12), "10000"},
		{"node: 5 cards rent one 8-card machine", node8, need(5, "24", 30, 3), "8314.1"},
		{"node: 9 cards rent two machines", node8, need(9, "24", 30, 3), "16628.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.o.Rent(tt.n)
			if !got.Low.Round(14).Equal(d(tt.want).Round(14)) || !got.Low.Equal(got.High) {
				t.Errorf("rent %s–%s, want %s", got.Low, got.High, tt.want)
			}
		})
	}
}

func pointRange(s string) money.Range { return money.Point(d(s)) }

func TestParseUnit(t *testing.T) {
	for in, want := range map[string]string{"card": "card", " CARD ": "card", "node:8": "node:8", "node:1": "node:1", "node:64": "node:64"} {
		u, err := pricebook.ParseUnit(in)
		if err != nil || u.String() != want {
			t.Errorf("ParseUnit(%q) = %v, %v; want %s", in, u, err, want)
		}
	}
	for _, in := range []string{"", "node", "node:", "node:0", "node:65", "node:08", "node:-1", "gpu", "node:8x", "node:99999999999999999999"} {
		if u, err := pricebook.ParseUnit(in); err == nil {
			t.Errorf("ParseUnit(%q) = %v, want an error", in, u)
		}
	}
}

func TestAgeMonths(t *testing.T) {
	tests := []struct {
		date, asOf string
		want       int
	}{
		{"2026-06-05", "2026-12-02", 5},
		{"2026-05-20", "2026-12-02", 6},
		{"2025-04-01", "2026-12-02", 20},
		{"2026-10", "2026-12-02", 2},
		{"2024-02-29", "2024-03-01", 0},
	}
	for _, tt := range tests {
		got, ok := pricebook.AgeMonths(tt.date, tt.asOf)
		if !ok || got != tt.want {
			t.Errorf("AgeMonths(%s, %s) = %d, %v; want %d", tt.date, tt.asOf, got, ok, tt.want)
		}
	}
	for _, bad := range []string{"2026", "2026-13-01", "2026-02-30", "2025-02-29", "1999-12-31", "2100-01-01", "26-01-01", "2026-1-01", "2026-01-1", "2026-01-01-01", "2026-+1-01", "2026-01-+1", "+026-01-01", "2026/01/01", "2026-01x01", "2026-1-011", "2026-0a-01", "2026-01-0a", "20a6-01-01", "2026-01- 1"} {
		if pricebook.ValidDate(bad) {
			t.Errorf("ValidDate(%q) = true", bad)
		}
	}
}

func TestMerge(t *testing.T) {
	buyer, err := pricebook.ParseCSV(strings.NewReader("provider,card,unit,term,price,date,source\nAutoDL,rtx-4090,card,hour,1.70,2026-11-28,console 2026-11-28\n星河算力,rtx-4090,card,month,900,2026-11-20,quote SH-118\n"))
	if err != nil {
		t.Fatal(err)
	}
	b := pricebook.Merge(pricebook.Builtin(), buyer.Book)
	var autodl4090 []pricebook.Offer
	for _, list := range b.ForCard("rtx-4090") {
		if list[0].Provider == "autodl" {
			autodl4090 = list
		}
	}
	if len(autodl4090) != 1 || !autodl4090[0].Price.Low.Equal(d("1.70")) {
		t.Errorf("AutoDL's 4090 after the buyer's list: %+v, want only the buyer's 1.70 an hour", autodl4090)
	}
	if p, ok := b.Provider("星河算力"); !ok || p.Kind != pricebook.Buyer {
		t.Errorf("the buyer's new provider: %+v, %v", p, ok)
	}
	if n := len(b.ForCard("a100-40g-pcie")); n != 2 {
		t.Errorf("providers of the A100 40GB PCIe: %d, want the built-in 2 untouched", n)
	}
}

// TestWriteText pins the printed book in both languages.
func TestWriteText(t *testing.T) {
	for _, l := range []msg.Lang{msg.En, msg.Zh} {
		var b bytes.Buffer
		if err := pricebook.WriteText(&b, pricebook.Builtin(), l); err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, "testdata/builtin."+string(l)+".txt", b.Bytes())
	}
}

// TestByCard: the index holds ForCard of every card the book prices, and
// no other card.
func TestByCard(t *testing.T) {
	b := pricebook.Builtin()
	idx := b.ByCard()
	cards := map[string]bool{}
	for _, o := range b.Offers {
		cards[o.Card] = true
	}
	if len(idx) != len(cards) {
		t.Errorf("ByCard has %d cards, the book prices %d", len(idx), len(cards))
	}
	for c := range cards {
		if !reflect.DeepEqual(idx[c], b.ForCard(c)) {
			t.Errorf("ByCard()[%s] differs from ForCard", c)
		}
	}
}

// TestProviderNames: a built-in provider is named in each language from
// the catalogue, and the book's files write both ("天翼云 (China Telecom
// Cloud)"); a buyer's own provider keeps the name its list gives.
func TestProviderNames(t *testing.T) {
	b := pricebook.Builtin()
	for id, want := range map[string]string{"ctyun": "天翼云 (China Telecom Cloud)", "autodl": "AutoDL", "market-2026-05": "算力租赁市场行情 (machine brokers, May 2026)"} {
		if got := b.ProviderName(id); got != want {
			t.Errorf("%s: Name %q, want %q", id, got, want)
		}
	}
	if zh, en := pricebook.NameIn("ctyun", "x", msg.Zh), pricebook.NameIn("ctyun", "x", msg.En); zh != "天翼云" || en != "China Telecom Cloud" {
		t.Errorf("ctyun: zh %q en %q", zh, en)
	}
	if got := pricebook.NameIn("星河算力", "星河算力", msg.En); got != "星河算力" {
		t.Errorf("a buyer's provider = %q", got)
	}
}
