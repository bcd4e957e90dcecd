package main

import (
	"strings"
	"sync"
)

// rule is one rule of docs/rules.md; its one-line summary in each
// language is the catalogue entry rule.<ID> (catalogue/rules.txt), the
// same words as docs/rules.md (TestRulesDoc compares them).
// The planner's rule ids link to their line on the about page
// (/about#rule-B1) and show it when hovered.
type rule struct {
	ID string
}

// rules is the rulebook, in docs/rules.md order. TestRulesTable checks
// that the ids are unique and that every id a plan cites is here.
var rules = []rule{
	{"R1"},
	{"R2"},
	{"R3"},
	{"G1"},
	{"G2"},
	{"G3"},
	{"G4"},
	{"B1"},
	{"B2"},
	{"B3"},
	{"C1"},
	{"C2"},
	{"C3"},
	{"C4"},
	{"C5"},
	{"D1"},
	{"D2"},
	{"V1"},
	{"V2"},
	{"V3"},
	{"V4"},
	{"V5"},
	{"P1"},
	{"P2"},
	{"P3"},
	{"P4"},
	{"P5"},
	{"K1"},
	{"K2"},
	{"K3"},
	{"K4"},
	{"K5"},
	{"K6"},
	{"A1"},
	{"A2"},
	{"A3"},
	{"A4"},
	{"A5"},
	{"O1"},
	{"O2"},
	{"O3"},
	{"O4"},
	{"O5"},
	{"E1"},
	{"E2"},
	{"L1"},
}

// Text returns the rule's summary in language l.
func (r rule) Text(l Lang) string { return l.Text("rule." + r.ID) }

// ruleAnchor is the id of a rule's row on the about page.
func ruleAnchor(id string) string { return "rule-" + strings.ToUpper(id) }

// ruleRefText is what a rule reference shows: the link to the rule's line
// on the about page and the hover text.
type ruleRefText struct{ href, title string }

// ruleLinks holds every rule's reference in each language, made once: the
// planner shows dozens of them and re-renders them on every keystroke.
var ruleLinks = sync.OnceValue(func() map[Lang]map[string]ruleRefText {
	out := map[Lang]map[string]ruleRefText{}
	for _, l := range []Lang{Zh, En} {
		about := link("/about", langQuery(l))
		m := make(map[string]ruleRefText, len(rules))
		for _, r := range rules {
			m[r.ID] = ruleRefText{href: about + "#" + ruleAnchor(r.ID), title: r.ID + ": " + r.Text(l)}
		}
		out[l] = m
	}
	return out
})

// ruleLink returns the reference of rule id in language l; an id missing
// from the rulebook links to the about page with the id as its text.
func ruleLink(l Lang, id string) ruleRefText {
	if l != Zh {
		l = En
	}
	if r, ok := ruleLinks()[l][id]; ok {
		return r
	}
	return ruleRefText{href: link("/about", langQuery(l)) + "#" + ruleAnchor(id), title: id}
}
