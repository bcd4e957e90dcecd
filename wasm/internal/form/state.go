package form

import (
	"bytes"
	"compress/lzw"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/text"
)

// State handling lives in this file; reading and writing the browser's
// storage and address bar is package main's (wasm/storage.go), on the
// encodings here. The whole planner input (the requirement sheet with the
// cost inputs) is kept in two places:
//   - the URL query, so a shared link reproduces the plan exactly. Only the
//     fields that differ from the defaults are written, each under its JSON
//     path in the sheet: /?model.preset=qwen2.5-7b&hours_per_day=10&lang=en.
//     Defaults are part of the site's contract: changing one changes what
//     old links mean, so add new fields rather than change defaults.
//   - localStorage under storageKey, so opening the bare site restores it.
//
// The procurement sections (quotes, vendors, contract, POC, operations,
// exit, checklists), imported with a plan file or typed on their pages
// (procform.go), live in localStorage next to the input and go into the
// exported plan file. The address bar never carries them; the share link
// of a procurement page does, in its fragment (ShareFragment, LoadLink),
// compressed when long. A plain link keeps the sections saved here.
//
// The URL wins over storage; storage wins over defaults. A value that does
// not parse, or that plan.Build refuses, falls back to its default and
// leaves a Problem, which the page shows as a notice. Nothing is written
// back until every field is valid.
//
// Saved work is never lost:
//   - a link whose sheet differs from the saved one, or an import over
//     saved work, is shown but not saved until the user keeps it; going
//     back restores the saved sheet (pageState.pending);
//   - before the site replaces saved state (a kept link or import, removed
//     sections, a repair) it copies the old value to backupKey, and Undo
//     puts it back;
//   - storage written by a newer version of the site is left untouched:
//     the page uses the link or the defaults and writes nothing;
//   - one unreadable procurement section, or one bad checklist item, is
//     dropped alone with a notice naming it.

// savedVersion is the version of the JSON kept in localStorage. Version 1
// (the placeholder planner) held only {"hours": …}.
const savedVersion = 2

// Input is everything the planner asks, as the text the user typed, keyed by
// field key. It holds only the fields that differ from their defaults, so
// the zero Input is the default input. Fields are strings on purpose:
// binding a number to an <input> makes go-app re-format it on every
// keystroke (typing "10" gave "1.00000"), so parsing is a separate step.
type Input struct {
	v map[string]string
}

// DefaultInput is the input of a first visit.
func DefaultInput() Input { return Input{} }

// Get returns the text of the field with the given key, or "" for an
// unknown key.
func (in Input) Get(key string) string {
	if v, ok := in.v[key]; ok {
		return v
	}
	f, _ := ByKey(key)
	return f.Default
}

// With returns a copy of in with one field replaced. Unknown keys are
// ignored; a value equal to the default is dropped.
func (in Input) With(key, value string) Input {
	f, ok := ByKey(key)
	if !ok {
		return in
	}
	out := Input{v: make(map[string]string, len(in.v)+1)}
	for k, v := range in.v {
		out.v[k] = v
	}
	if value == f.Default {
		delete(out.v, key)
	} else {
		out.v[key] = value
	}
	return out
}

// Empty reports whether every field is at its default.
func (in Input) Empty() bool { return len(in.v) == 0 }

// Texts returns a copy of the fields that differ from their defaults, by
// key, as InputFrom reads them.
func (in Input) Texts() map[string]string { return maps.Clone(in.v) }

// Changed returns the keys that differ from the defaults, sorted.
func (in Input) Changed() []string {
	keys := make([]string, 0, len(in.v))
	for k := range in.v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Equal reports whether two inputs hold the same text in every field.
func (in Input) Equal(o Input) bool {
	if len(in.v) != len(o.v) {
		return false
	}
	for k, v := range in.v {
		if w, ok := o.v[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// State is what a page needs to render: the language, the planner input
// and the procurement sections of an imported plan, if any.
type State struct {
	Lang  text.Lang
	Input Input
	Proc  *Procurement // nil when there are none
	// Prices is the buyer's own price list as CSV text (prices.go); ""
	// when there is none.
	Prices string
	// AsOf is an imported sheet's as_of, kept so its plan is dated as it
	// was; "" dates the plan today.
	AsOf string
}

// Procurement is the procurement sections of the plan: imported with a plan
// file or a share link, or typed on the procurement pages (procform.go). It
// rides along with the sheet into storage and into the exported plan file.
// A value is never changed once made: an import or an edit makes a new one.
type Procurement struct {
	// Sections are the valid sections, the ones the plan file carries.
	Sections *plan.Procurement
	raw      json.RawMessage // Sections as saved, encoded once
	// drafts are the sections edited on a page, as typed (procform.go);
	// a draft may be invalid, and then its section is the last valid one.
	drafts   map[string]Draft
	draftRaw json.RawMessage // drafts as saved, encoded once
	errs     map[string]*fielderr.Error
	// left are the items of a section's draft held back from its section
	// (BuildPartial), by section.
	left map[string][]LeftOut
	// flat caches the saved sections flattened, by section: a page asks
	// for the draft of each of its fields on every render.
	flat map[string]Draft
}

// NewProcurement checks the sections with plan.Build (the validation
// gpuverify runs) and keeps them. nil sections give nil.
func NewProcurement(p *plan.Procurement) (*Procurement, error) {
	if p == nil {
		return nil, nil
	}
	req, _ := ToRequirements(DefaultInput())
	req.Procurement = p
	if _, err := plan.Build(req); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return &Procurement{Sections: p, raw: raw}, nil
}

// Draft returns the typed text of section name: its draft when it was
// edited here, else the saved section's fields. A nil p gives an empty one.
func (p *Procurement) Draft(name string) Draft {
	if p == nil {
		return Draft{}
	}
	if d, ok := p.drafts[name]; ok {
		return d
	}
	if d, ok := p.flat[name]; ok {
		return d
	}
	d := SectionDraft(p.Sections, name)
	if p.flat == nil {
		p.flat = map[string]Draft{}
	}
	p.flat[name] = d
	return d
}

// Err returns the first field of section name's draft that its Validate
// refuses, or nil when the draft is valid (or there is none).
func (p *Procurement) Err(name string) *fielderr.Error {
	if p == nil {
		return nil
	}
	if left := p.left[name]; len(left) > 0 {
		return left[0].Err
	}
	return p.errs[name]
}

// Held reports whether section name's draft could not be built even with
// its refused items left out: the section is then the last valid one, not
// what was typed, and the page says so.
func (p *Procurement) Held(name string) bool { return p != nil && p.errs[name] != nil }

// Left returns the items of section name's draft held back from its
// section: each refused row or field, with why. The section holds the rest.
func (p *Procurement) Left(name string) []LeftOut {
	if p == nil {
		return nil
	}
	return p.left[name]
}

// FieldErr returns why the field at path of section name's draft is
// refused, nil when it is not.
func (p *Procurement) FieldErr(name, path string) *fielderr.Error {
	if p == nil {
		return nil
	}
	if fe := p.errs[name]; fe != nil && fe.Field == path {
		return fe
	}
	for _, lo := range p.Left(name) {
		if lo.Err.Field == path {
			return lo.Err
		}
	}
	return nil
}

// Edit returns the procurement with section name's draft replaced by d.
// When d is valid its section replaces the saved one, and an empty d
// removes it. When a row or a typed field of d is refused, only that item
// is held back (BuildPartial): the section is built from the rest and Left
// names what was held back and why. When nothing can be built, the saved
// section stays and Err says which field is refused. p may be nil; the
// result is nil when nothing is left.
func (p *Procurement) Edit(name string, d Draft) *Procurement {
	next := &Procurement{Sections: &plan.Procurement{}, drafts: map[string]Draft{},
		errs: map[string]*fielderr.Error{}, left: map[string][]LeftOut{}, flat: map[string]Draft{}}
	if p != nil {
		if p.Sections != nil {
			*next.Sections = *p.Sections
		}
		maps.Copy(next.drafts, p.drafts)
		maps.Copy(next.errs, p.errs)
		maps.Copy(next.left, p.left)
		maps.Copy(next.flat, p.flat)
	}
	delete(next.flat, name)
	next.drafts[name] = d
	if d.Len() == 0 {
		delete(next.drafts, name)
		delete(next.errs, name)
		delete(next.left, name)
		setSection(next.Sections, name, nil)
		return next.seal()
	}
	next.build(name, d)
	return next.seal()
}

// build checks draft d of section name (BuildPartial) and records the
// section, the items held back, and the error when nothing could be built.
func (p *Procurement) build(name string, d Draft) {
	delete(p.errs, name)
	delete(p.left, name)
	sec, left, err := BuildPartial(name, d)
	if len(left) > 0 {
		p.left[name] = left
	}
	if err != nil {
		p.errs[name] = ErrAsField(name, err)
		return
	}
	setSection(p.Sections, name, sec)
}

// Entered reports whether section name holds anything: a saved section or
// typed text.
func (p *Procurement) Entered(name string) bool {
	if p == nil {
		return false
	}
	if d, ok := p.drafts[name]; ok {
		return d.Len() > 0
	}
	return slices.Contains(p.Names(), name)
}

// setSection copies section name from src into dst; a nil src clears it.
func setSection(dst *plan.Procurement, name string, src *plan.Procurement) {
	to := sectionField(reflect.ValueOf(dst).Elem(), name)
	if src == nil {
		to.SetZero()
		return
	}
	to.Set(sectionField(reflect.ValueOf(src).Elem(), name))
}

// withDrafts returns p with saved drafts added, each checked again.
func (p *Procurement) withDrafts(drafts map[string]Draft) *Procurement {
	next := &Procurement{Sections: &plan.Procurement{}, drafts: drafts, errs: map[string]*fielderr.Error{},
		left: map[string][]LeftOut{}}
	if p != nil && p.Sections != nil {
		*next.Sections = *p.Sections
	}
	for _, name := range slices.Sorted(maps.Keys(drafts)) {
		next.build(name, drafts[name])
	}
	return next.seal()
}

// seal encodes p for storage; nil when p holds nothing.
func (p *Procurement) seal() *Procurement {
	if len(p.Names()) == 0 && len(p.drafts) == 0 {
		return nil
	}
	p.raw, _ = json.Marshal(p.Sections) // plain structs always marshal
	if len(p.drafts) > 0 {
		texts := make(map[string]map[string]string, len(p.drafts))
		for name, d := range p.drafts {
			texts[name] = d.f
		}
		p.draftRaw, _ = json.Marshal(texts)
	}
	return p
}

// loadDrafts reads the saved drafts; a draft of an unknown section or with
// too many fields is dropped with a Problem naming it.
func loadDrafts(raw json.RawMessage) (map[string]Draft, []Problem) {
	var texts map[string]map[string]string
	if len(raw) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(raw, &texts); err != nil {
		return nil, []Problem{{Source: FromStorage, Procurement: true, Key: "drafts", Reason: clipReason(err.Error())}}
	}
	var problems []Problem
	out := map[string]Draft{}
	for _, name := range slices.Sorted(maps.Keys(texts)) {
		f := texts[name]
		if !slices.Contains(plan.Sections, name) || len(f) > maxDraftFields {
			problems = append(problems, Problem{Source: FromStorage, Procurement: true, Key: Clip("drafts " + name),
				Reason: "not a procurement section, or too many fields"})
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

// loadProcurement reads saved sections one by one (plan.DecodeSection, then
// plan.Build's checks), so a section that cannot be read is dropped alone
// with a Problem naming it; a bad checklist item is dropped alone from its
// list. It returns nil when no section survives.
func loadProcurement(raw []byte) (*Procurement, []Problem) {
	var secs map[string]json.RawMessage
	if err := json.Unmarshal(raw, &secs); err != nil {
		return nil, []Problem{{Source: FromStorage, Procurement: true, Key: "procurement", Reason: clipReason(err.Error())}}
	}
	var problems []Problem
	drop := func(key string, err error) {
		problems = append(problems, Problem{Source: FromStorage, Procurement: true, Key: Clip(key), Reason: clipReason(err.Error())})
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
		if err := checkSection(name, sec); err != nil {
			drop(name, err)
			continue
		}
		_ = plan.DecodeSection(&all, name, sec) // checked just above
	}
	proc, err := NewProcurement(&all)
	if err != nil {
		// Each section passed alone; together they do not.
		drop("procurement", err)
		return nil, problems
	}
	if len(proc.Names()) == 0 {
		return nil, problems
	}
	return proc, problems
}

// checkSection decodes one section alone and checks it as plan.Build does.
func checkSection(name string, raw []byte) error {
	var one plan.Procurement
	if err := plan.DecodeSection(&one, name, raw); err != nil {
		return err
	}
	_, err := NewProcurement(&one)
	return err
}

// goodChecklistItems keeps the checklist items that pass alone, and a
// Problem naming each one dropped ("checklists item 000.4"). Text that is
// not a list of items comes back as it was, for checkSection to refuse.
func goodChecklistItems(raw []byte) (json.RawMessage, []Problem) {
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
			problems = append(problems, Problem{Source: FromStorage, Procurement: true, Key: Clip(key), Reason: clipReason(err.Error())})
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

// Names returns the sections present, in plan-file order, by their name in
// the file ("quotes", "contract", …).
func (p *Procurement) Names() []string {
	if p == nil {
		return nil
	}
	return p.Sections.Present()
}

// Valid returns the valid sections (Sections); never nil, so a page reads
// proc.Valid().Quotes without checking for a nil p or nil Sections.
func (p *Procurement) Valid() *plan.Procurement {
	if p == nil || p.Sections == nil {
		return &plan.Procurement{}
	}
	return p.Sections
}

// PlanSections returns the sections for plan.Build, nil when there are none.
func (p *Procurement) PlanSections() *plan.Procurement {
	if len(p.Names()) == 0 {
		return nil
	}
	return p.Sections
}

// Source says where a refused value came from.
type Source int

// The places state is read from.
const (
	FromURL Source = iota
	FromStorage
	FromFile
)

// Problem records state that could not be used. Corrupt means the saved JSON
// as a whole was unreadable, Outdated that an older version of the site
// wrote it, Newer that a newer version did (it is left untouched), Unknown
// that a key is not a field, Procurement that the saved procurement part
// Key (a section, or one checklist item) was unreadable (Reason says why)
// and was left out alone; otherwise one field was refused and Reason says
// why (empty when only its form was wrong).
type Problem struct {
	Source      Source
	Corrupt     bool
	Outdated    bool
	Newer       bool
	Unknown     bool
	Procurement bool
	Key         string
	Value       string
	Default     string
	Reason      string
}

// Message formats p for the notice, in the language of m.
func (p Problem) Message(m msg.Lang) string {
	switch {
	case p.Corrupt:
		return m.Text("site.page.notice_storage_corrupt")
	case p.Outdated:
		return m.Text("site.page.notice_storage_outdated")
	case p.Newer:
		return m.Text("site.page.notice_storage_newer")
	}
	src := m.Text("site.page.notice_source_url")
	switch p.Source {
	case FromStorage:
		src = m.Text("site.page.notice_source_storage")
	case FromFile:
		src = m.Text("site.page.notice_source_file")
	}
	if p.Unknown {
		return m.Text("site.page.notice_unknown", msg.Text(strconv.Quote(p.Key)), msg.Text(src))
	}
	if p.Procurement && p.Source == FromURL {
		return m.Text("site.proc.link_bad", msg.Text(p.Reason))
	}
	if p.Procurement {
		return m.Text("site.page.notice_procurement", msg.Text(strconv.Quote(p.Key)), msg.Text(p.Reason))
	}
	label := p.Key
	if f, ok := ByKey(p.Key); ok {
		label = f.Label(m)
	}
	def := p.Default
	if def == "" {
		def = m.Text("site.page.auto")
	}
	out := m.Text("site.page.notice_field_reset", msg.Text(label), msg.Text(src), msg.Text(strconv.Quote(p.Value)), msg.Text(def))
	if p.Reason != "" {
		out += m.Text("site.page.paren", msg.Text(p.Reason))
	}
	return out + m.Text("site.page.err_end")
}

// saved is the JSON kept in localStorage.
type saved struct {
	V     int               `json:"v"`
	Lang  text.Lang         `json:"lang,omitempty"`
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

// maxUnknown bounds the notices about keys that are not fields: a hostile
// link may hold thousands.
const maxUnknown = 5

// unknownKeys reports the query keys that are neither fields nor ignored.
func unknownKeys(q url.Values) []Problem {
	var out []Problem
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if _, ok := ByKey(k); !ok && !ignoredQuery[k] && len(out) < maxUnknown {
			out = append(out, Problem{Source: FromURL, Unknown: true, Key: Clip(k)})
		}
	}
	return out
}

// queryMap keeps the first value of every query key but lang.
func queryMap(q url.Values) map[string]string {
	m := make(map[string]string, len(q))
	for k, v := range q {
		if k != "lang" && len(v) > 0 {
			m[k] = v[0]
		}
	}
	return m
}

// pickLang chooses the URL's language, then the saved one, then the
// browser's; an empty browser tag (prerender) gives Chinese, the language of
// most readers.
func pickLang(fromURL string, fromStorage text.Lang, browser string) text.Lang {
	if l, ok := text.ParseLang(fromURL); ok {
		return l
	}
	if l, ok := text.ParseLang(string(fromStorage)); ok {
		return l
	}
	if browser == "" {
		return text.Zh
	}
	return text.LangFromBrowser(browser)
}

// ignoredQuery are query keys that are not input and not worth a notice:
// go-app's own switch and the usual campaign tags.
var ignoredQuery = map[string]bool{"lang": true, "wasm": true, "view": true, "utm_source": true,
	"utm_medium": true, "utm_campaign": true, "utm_content": true, "utm_term": true}

// HasInput reports whether the query names at least one planner field:
// then the link, not storage, says what the input is. The language, ignored
// keys and unknown keys (/?x=1) do not make a link's sheet.
func HasInput(q url.Values) bool {
	for k := range q {
		if _, ok := ByKey(k); ok {
			return true
		}
	}
	return false
}

// InputFrom reads every field from m. A missing field takes its default
// (older links lack newer fields); an unknown key, a text of the wrong form
// or a value plan.Build refuses takes the default and adds a Problem.
func InputFrom(src Source, m map[string]string) (Input, []Problem) {
	in := DefaultInput()
	var problems []Problem
	unknown := 0
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		f, ok := ByKey(k)
		if !ok {
			if !ignoredQuery[k] && unknown < maxUnknown {
				problems = append(problems, Problem{Source: src, Unknown: true, Key: Clip(k)})
				unknown++
			}
			continue
		}
		if _, _, err := f.Parse(v); err != nil {
			value := Clip(v)
			var fe *FieldError
			if errors.As(err, &fe) {
				value = fe.Value
			}
			problems = append(problems, Problem{Source: src, Key: k, Value: value, Default: f.Default})
			continue
		}
		in = in.With(k, v)
	}
	// Values of the right form may still be out of range; the plan says
	// which. Each round resets one field, so this ends.
	for range len(InputFields) {
		fe := Compute(in).FirstFieldError()
		if fe == nil {
			break
		}
		f, _ := ByKey(fe.Key)
		if in.Get(fe.Key) == f.Default {
			break // the default itself is refused: leave it to the page
		}
		problems = append(problems, Problem{Source: src, Key: fe.Key, Value: Clip(in.Get(fe.Key)),
			Default: f.Default, Reason: fe.Msg})
		in = in.With(fe.Key, f.Default)
	}
	return in, problems
}

// clipReason cuts an error echoed in a notice to a readable length.
func clipReason(s string) string {
	const maxReason = 200
	if len(s) > maxReason {
		return s[:maxReason] + "…"
	}
	return s
}

// Clip cuts text echoed in a notice to maxFieldLen bytes.
func Clip(s string) string {
	if len(s) > maxFieldLen {
		return s[:maxFieldLen] + "…"
	}
	return s
}

// Query encodes the state as URL query values: the language and the fields
// that differ from their defaults.
func (s State) Query() url.Values {
	q := url.Values{"lang": {string(s.Lang)}}
	for k, v := range s.Input.v {
		q.Set(k, v)
	}
	return q
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

// The share link carries the procurement sections in its fragment, after
// the query that carries the sheet: /quotes?lang=en&…#p=<data>. The
// fragment never reaches a server. <data> is "j" and the sections' JSON
// in base64url, or, when that is long, "z" and the JSON compressed with
// LZW (compress/lzw, LSB order, 8-bit literals) in base64url. LZW, not
// DEFLATE: compress/flate would add ~80 KB to app.wasm, LZW ~29 KB, and
// the JSON still shrinks to about half. A link longer than maxShareChars
// is not offered: the plan file is the way to send that much.

// ShareKey starts the fragment that carries the sections.
const ShareKey = "p="

// Bounds of a share link: what the page offers, and what it reads.
const (
	compressAbove = 300       // JSON longer than this is compressed
	maxShareChars = 16 << 10  // longest fragment offered or read
	maxShareBytes = 256 << 10 // longest JSON a fragment may inflate to
)

// ErrShareTooLong is returned when the sections make too long a link; N is
// the length the link would have.
type ErrShareTooLong struct{ N int }

// Error implements error in English.
func (e ErrShareTooLong) Error() string {
	return fmt.Sprintf("the share link would be %d characters, over %d", e.N, maxShareChars)
}

// ShareFragment encodes the procurement sections for a share link's
// fragment (without the "#"); "" when there are none.
func (s State) ShareFragment() (string, error) {
	if len(s.Proc.Names()) == 0 {
		return "", nil
	}
	raw := s.Proc.raw
	data := "j" + base64.RawURLEncoding.EncodeToString(raw)
	if len(raw) > compressAbove {
		var b bytes.Buffer
		w := lzw.NewWriter(&b, lzw.LSB, 8)
		_, _ = w.Write(raw) // a bytes.Buffer never fails
		_ = w.Close()
		data = "z" + base64.RawURLEncoding.EncodeToString(b.Bytes())
	}
	if len(data)+len(ShareKey) > maxShareChars {
		return "", ErrShareTooLong{len(data) + len(ShareKey)}
	}
	return ShareKey + data, nil
}

// DecodeShare reads the sections' JSON from a share link's fragment
// (without the "#"). ok is false when the fragment carries none; err says
// why a fragment that does cannot be read. The fragment and what it
// inflates to are bounded.
func DecodeShare(frag string) (raw []byte, ok bool, err error) {
	data, ok := strings.CutPrefix(frag, ShareKey)
	if !ok {
		return nil, false, nil
	}
	if len(data) > maxShareChars {
		return nil, true, fmt.Errorf("the link's figures are %d characters long, over %d", len(data), maxShareChars)
	}
	if data == "" {
		return nil, true, errors.New("the link's figures are empty")
	}
	body, err := base64.RawURLEncoding.DecodeString(data[1:])
	if err != nil {
		return nil, true, fmt.Errorf("the link's figures are damaged (not base64url): %w", err)
	}
	switch data[0] {
	case 'j':
		raw = body
	case 'z':
		raw, err = io.ReadAll(io.LimitReader(lzw.NewReader(bytes.NewReader(body), lzw.LSB, 8), maxShareBytes+1))
		if err != nil {
			return nil, true, fmt.Errorf("the link's figures are damaged (not LZW): %w", err)
		}
		if len(raw) > maxShareBytes {
			return nil, true, fmt.Errorf("the link's figures inflate to more than %d bytes", maxShareBytes)
		}
	default:
		return nil, true, fmt.Errorf("the link's figures start with %q: want j (JSON) or z (compressed)", Clip(data[:1]))
	}
	if !json.Valid(raw) {
		return nil, true, errors.New("the link's figures are not JSON")
	}
	return raw, true, nil
}

// LoadLink is LoadSaved for a whole URL: the query as LoadSaved reads it,
// and procurement sections from the fragment. Sections in the link replace
// the saved ones on the page; when the saved ones differ, Conflict is set
// so the page asks before saving. A fragment that cannot be read leaves a
// Problem and the saved sections.
func LoadLink(u *url.URL, stored, browserLang string) Loaded {
	l := LoadSaved(u.Query(), stored, browserLang)
	raw, ok, err := DecodeShare(u.Fragment)
	if !ok {
		return l
	}
	if err != nil {
		l.Problems = append(l.Problems, Problem{Source: FromURL, Procurement: true, Key: "link", Reason: clipReason(err.Error())})
		return l
	}
	proc, ps := loadProcurement(raw)
	for i := range ps {
		ps[i].Source = FromURL
		ps[i].Reason = ps[i].Key + ": " + ps[i].Reason
	}
	l.Problems = append(l.Problems, ps...)
	if proc == nil {
		return l
	}
	saved := l.State
	if l.Conflict {
		saved = l.Saved
	}
	differs := saved.Proc != nil && (string(saved.Proc.raw) != string(proc.raw) || saved.Proc.hasDrafts())
	if differs && !l.Locked {
		l.Conflict = true
		l.Saved = State{Lang: saved.Lang, Input: saved.Input, Proc: saved.Proc, Prices: saved.Prices, AsOf: saved.AsOf}
	}
	l.State.Proc = proc
	return l
}

// hasDrafts reports whether sections were typed on a page.
func (p *Procurement) hasDrafts() bool { return p != nil && len(p.drafts) > 0 }
