package checklist

import (
	"slices"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Item is one checklist item.
type Item struct {
	// ID names the item: the article number and the item's position,
	// e.g. "000.4".
	ID string `json:"id"`
	// ZH is the article's text; EN its translation.
	ZH string `json:"zh"`
	EN string `json:"en"`
	// Rules are the docs/rules.md rules the item stands for.
	Rules []string `json:"rules"`
}

// List is one article's checklist.
type List struct {
	// Article is the seed article's number: "000", "001" or "002".
	Article string `json:"article"`
	// SectionZH is the section of the article the list comes from;
	// SectionEN translates it.
	SectionZH string `json:"section_zh"`
	SectionEN string `json:"section_en"`
	// Items are the items in the article's order.
	Items []Item `json:"items"`
}

// lists is the data; Lists hands out copies.
var lists = []List{
	section("000",
		item("000.1", "R1"),
		item("000.2", "C1", "C3"),
		item("000.3", "V2"),
		item("000.4", "K1"),
		item("000.5", "P3"),
		item("000.6", "K2"),
		item("000.7", "K3"),
		item("000.8", "V5"),
	),
	section("001",
		item("001.1", "R1"),
		item("001.2", "G1", "G2"),
		item("001.3", "V2", "V4"),
		item("001.4", "C1"),
		item("001.5", "V3", "P5"),
		item("001.6", "K1", "K2", "K3"),
		item("001.7", "P5"),
		item("001.8", "O1", "O2", "O3"),
	),
	section("002",
		item("002.1", "R1"),
		item("002.2", "V4", "C5"),
		item("002.3", "K4"),
		item("002.4", "A1", "A2", "A4"),
		item("002.5", "O2"),
		item("002.6", "E1"),
		item("002.7", "E2", "K2"),
	),
}

// section is an article's list, its title from the catalogue entry
// checklist.section.<article>.
func section(article string, items ...Item) List {
	e, _ := msg.Lookup("checklist.section." + article)
	return List{Article: article, SectionZH: e.Zh, SectionEN: e.En, Items: items}
}

// item is one item, its two texts from the catalogue entry
// checklist.item.<id> (catalogue/checklist_items.txt).
func item(id string, rules ...string) Item {
	e, _ := msg.Lookup("checklist.item." + id)
	return Item{ID: id, ZH: e.Zh, EN: e.En, Rules: rules}
}

// Lists returns the three checklists in article order. The result is a
// copy: changing it changes nothing here.
func Lists() []List {
	out := slices.Clone(lists)
	for i := range out {
		out[i].Items = slices.Clone(out[i].Items)
		for j := range out[i].Items {
			out[i].Items[j].Rules = slices.Clone(out[i].Items[j].Rules)
		}
	}
	return out
}

// order maps an item id to its position across all lists.
var order = func() map[string]int {
	m := map[string]int{}
	for _, l := range lists {
		for _, it := range l.Items {
			m[it.ID] = len(m)
		}
	}
	return m
}()
