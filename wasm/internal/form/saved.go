package form

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"sort"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// savedVersion is the version of the JSON kept in localStorage. Version 1
// (the placeholder planner) held only {"hours": …}.
const savedVersion = 2

// saved is the JSON kept in localStorage.
type saved struct {
	V     int               `json:"v"`
	Lang  msg.Lang          `json:"lang,omitempty"`
	Input map[string]string `json:"input"`
	// Procurement is read on its own (decodeProcurement), so bad sections
	// lose only themselves, not the sheet.
	Procurement json.RawMessage `json:"procurement,omitempty"`
	// Drafts are the sections as typed on the procurement pages, by
	// section, field path and text (procform.go); read on their own too.
	Drafts json.RawMessage `json:"drafts,omitempty"`
	// Prices is the buyer's price list as CSV text, as typed.
	Prices string `json:"prices,omitempty"`
	// AsOf is an imported sheet's as_of.
	AsOf string `json:"as_of,omitempty"`
}

// Saved encodes the state as the JSON kept in localStorage.
func (s State) Saved() string {
	sv := saved{V: savedVersion, Lang: s.Lang, Input: map[string]string{}, Prices: s.Prices, AsOf: s.AsOf}
	for k, v := range s.Input.v {
		sv.Input[k] = v
	}
	b, err := json.Marshal(sv)
	if err != nil {
		return "" // a map of strings always marshals
	}
	if s.Proc == nil {
		return string(b)
	}
	// The sections were encoded once, when they were read; re-encoding
	// them on every keystroke would cost more than the rest of the state.
	// b ends with the object's closing brace.
	out := string(b[:len(b)-1]) + `,"procurement":` + string(s.Proc.raw)
	if len(s.Proc.draftRaw) > 0 {
		out += `,"drafts":` + string(s.Proc.draftRaw)
	}
	return out + "}"
}

// Loaded is what LoadSaved read from the URL and storage.
type Loaded struct {
	State    State
	Problems []Problem
	// Conflict is true when the link gives a sheet that differs from the
	// saved one: the page shows the link's and asks before saving it.
	// Saved is then the saved state, to go back to.
	Conflict bool
	Saved    State
	// Backup is true when storage held what this load could not keep as it
	// was (unreadable, older, a bad section or item): it is copied to
	// backupKey before anything is written over it.
	Backup bool
	// Locked is true when a newer version of the site wrote storage: the
	// page must not write over it.
	Locked bool
}

// LoadState rebuilds the state from the URL query, the raw localStorage value
// (empty when there is none) and the browser's language tag (empty when
// unknown, as in the prerender). It never fails: what it cannot use becomes a
// Problem and the default. LoadSaved says more.
func LoadState(q url.Values, stored, browserLang string) (State, []Problem) {
	l := LoadSaved(q, stored, browserLang)
	return l.State, l.Problems
}

// LoadSaved is LoadState with what the page needs to protect saved work.
func LoadSaved(q url.Values, stored, browserLang string) Loaded {
	var l Loaded
	var sv saved
	storedOK := false
	if stored != "" {
		var head struct {
			V int `json:"v"`
		}
		switch {
		case json.Unmarshal([]byte(stored), &head) != nil || head.V <= 0:
			l.Problems = append(l.Problems, Problem{Source: FromStorage, Corrupt: true})
			l.Backup = true
		case head.V > savedVersion:
			l.Problems = append(l.Problems, Problem{Source: FromStorage, Newer: true})
			l.Locked = true
		case head.V < savedVersion:
			// Version 1 (the placeholder planner) held only an hour count
			// that no field of the sheet means: nothing to carry over.
			l.Problems = append(l.Problems, Problem{Source: FromStorage, Outdated: true})
			l.Backup = true
		case json.Unmarshal([]byte(stored), &sv) != nil:
			l.Problems = append(l.Problems, Problem{Source: FromStorage, Corrupt: true})
			l.Backup = true
		default:
			storedOK = true
		}
	}

	st := State{Lang: pickLang(q.Get("lang"), sv.Lang, browserLang)}
	if storedOK {
		st = st.WithPrices(sv.Prices).WithAsOf(sv.AsOf)
	}
	if storedOK && len(sv.Procurement) > 0 {
		proc, ps := loadProcurement(sv.Procurement)
		if len(ps) > 0 {
			l.Problems = append(l.Problems, ps...)
			l.Backup = true
		}
		st.Proc = proc
	}
	if storedOK && len(sv.Drafts) > 0 {
		drafts, ps := loadDrafts(sv.Drafts)
		if len(ps) > 0 {
			l.Problems = append(l.Problems, ps...)
			l.Backup = true
		}
		if len(drafts) > 0 {
			st.Proc = st.Proc.withDrafts(drafts)
		}
	}
	var savedIn Input
	if storedOK {
		var ps []Problem
		savedIn, ps = InputFrom(FromStorage, sv.Input)
		if !HasInput(q) {
			l.Problems = append(l.Problems, ps...)
		}
	}
	switch {
	case HasInput(q):
		var ps []Problem
		st.Input, ps = InputFrom(FromURL, queryMap(q))
		l.Problems = append(l.Problems, ps...)
		if storedOK && len(savedIn.v) > 0 && !savedIn.Equal(st.Input) {
			l.Conflict = true
			l.Saved = State{Lang: st.Lang, Input: savedIn, Proc: st.Proc, Prices: st.Prices, AsOf: st.AsOf}
		}
	default:
		// Keys that are not fields (/?x=1) are reported, and the saved
		// sheet stays: they do not make a link's sheet.
		l.Problems = append(l.Problems, unknownKeys(q)...)
		st.Input = savedIn
	}
	l.State = st
	return l
}

// pickLang chooses the URL's language, then the saved one, then the
// browser's; an empty browser tag (prerender) gives Chinese, the language of
// most readers.
func pickLang(fromURL string, fromStorage msg.Lang, browser string) msg.Lang {
	if l, ok := msg.ParseLang(fromURL); ok {
		return l
	}
	if l, ok := msg.ParseLang(string(fromStorage)); ok {
		return l
	}
	if browser == "" {
		return msg.Zh
	}
	return msg.FromTag(browser)
}

// loadProcurement reads saved sections one by one (plan.DecodeSection, then
// plan.Build's checks), so a section that cannot be read is dropped alone
// with a Problem naming it; a bad checklist item is dropped alone from its
// list. It returns nil when no section survives.
func loadProcurement(raw []byte) (*Procurement, []Problem) {
	var secs map[string]json.RawMessage
	if err := json.Unmarshal(raw, &secs); err != nil {
		return nil, []Problem{{Source: FromStorage, Procurement: true, Key: "procurement", Reason: reasonOf(err)}}
	}
	var problems []Problem
	drop := func(key string, err error) {
		problems = append(problems, Problem{Source: FromStorage, Procurement: true, Key: Clip(key), Reason: reasonOf(err)})
	}
	keys := make([]string, 0, len(secs))
	for k := range secs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !slices.Contains(plan.Sections, k) {
			drop(k, errors.New("not a procurement section"))
		}
	}
	var all plan.Procurement
	for _, name := range plan.Sections {
		sec, ok := secs[name]
		if !ok || string(sec) == "null" {
			continue
		}
		if name == "checklists" {
			var ps []Problem
			sec, ps = goodChecklistItems(sec)
			problems = append(problems, ps...)
		}
		// Decoded once, into a copy: DecodeSection leaves next as it was
		// on an error, and a refused section stays out of all.
		next := all
		err := plan.DecodeSection(&next, name, sec)
		if err == nil {
			err = next.ValidateSection(name)
		}
		if err != nil {
			drop(name, err)
			continue
		}
		all = next
	}
	// Every section in all passed ValidateSection, which is all of
	// Validate (TestLoadProcurementChecksAsNew).
	proc := checkedProcurement(&all)
	if len(proc.Names()) == 0 {
		return nil, problems
	}
	return proc, problems
}

// checkSection decodes one section alone and checks it as plan.Build does
// (NewProcurement, without keeping it).
func checkSection(name string, raw []byte) error {
	var one plan.Procurement
	if err := plan.DecodeSection(&one, name, raw); err != nil {
		return err
	}
	return one.Validate()
}

// goodChecklistItems keeps the checklist items that pass alone, and a
// Problem naming each one dropped ("checklists item 000.4"). Text that is
// not a list of items comes back as it was, for checkSection to refuse.
func goodChecklistItems(raw []byte) (json.RawMessage, []Problem) {
	// A list that passes whole has every item pass alone: the checks of
	// an item are its own, but for the order of the ids, and a list of one
	// is in order. Most saved lists do, and are checked once.
	if checkSection("checklists", raw) == nil {
		return raw, nil
	}
	var doc struct {
		Items []json.RawMessage `json:"items"`
	}
	if json.Unmarshal(raw, &doc) != nil {
		return raw, nil
	}
	var good []json.RawMessage
	var problems []Problem
	for i, item := range doc.Items {
		one, _ := json.Marshal(struct {
			Items []json.RawMessage `json:"items"`
		}{[]json.RawMessage{item}})
		if err := checkSection("checklists", one); err != nil {
			var id struct {
				ID string `json:"id"`
			}
			_ = json.Unmarshal(item, &id)
			key := fmt.Sprintf("checklists item %d", i+1)
			if id.ID != "" {
				key = "checklists item " + id.ID
			}
			problems = append(problems, Problem{Source: FromStorage, Procurement: true, Key: Clip(key), Reason: reasonOf(err)})
			continue
		}
		good = append(good, item)
	}
	if problems == nil {
		return raw, nil
	}
	if good == nil {
		good = []json.RawMessage{}
	}
	out, _ := json.Marshal(struct {
		Items []json.RawMessage `json:"items"`
	}{good})
	return out, problems
}

// loadDrafts reads the saved drafts; a draft of an unknown section or with
// too many fields is dropped with a Problem naming it.
func loadDrafts(raw json.RawMessage) (map[string]Draft, []Problem) {
	var texts map[string]map[string]string
	if len(raw) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(raw, &texts); err != nil {
		return nil, []Problem{{Source: FromStorage, Procurement: true, Key: "drafts", Reason: reasonOf(err)}}
	}
	var problems []Problem
	out := map[string]Draft{}
	for _, name := range slices.Sorted(maps.Keys(texts)) {
		f := texts[name]
		if !slices.Contains(plan.Sections, name) || len(f) > maxDraftFields {
			problems = append(problems, Problem{Source: FromStorage, Procurement: true, Key: Clip("drafts " + name),
				Reason: msg.New("site.page.not_section")})
			continue
		}
		d := Draft{f: map[string]string{}}
		for k, v := range f {
			d.f[clipText(k)] = ClipDraft(name, k, v)
		}
		out[name] = d
	}
	return out, problems
}
