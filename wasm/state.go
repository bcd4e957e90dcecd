package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"time"

	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// State handling lives in this file only. The whole planner input (the
// requirement sheet with the cost inputs) is kept in two places:
//   - the URL query, so a shared link reproduces the plan exactly. Only the
//     fields that differ from the defaults are written, each under its JSON
//     path in the sheet: /?model.preset=qwen2.5-7b&hours_per_day=10&lang=en.
//     Defaults are part of the site's contract: changing one changes what
//     old links mean, so add new fields rather than change defaults.
//   - localStorage under storageKey, so opening the bare site restores it.
//
// The procurement sections of an imported plan (quotes, vendors, contract,
// POC, operations, exit, checklists) are too big for a link: they live in
// localStorage only, next to the input, and go into the exported plan file.
// A link never carries them; opening one keeps the sections saved here.
//
// The URL wins over storage; storage wins over defaults. A value that does
// not parse, or that plan.Build refuses, falls back to its default and
// leaves a Problem, which the page shows as a notice. Nothing is written
// back until every field is valid.

// storageKey is the localStorage key of the saved state.
const storageKey = "gpuplan.state"

// savedVersion is the version of the JSON kept in localStorage. Version 1
// (the placeholder planner) held only {"hours": …}.
const savedVersion = 2

// Input is everything the planner asks, as the text the user typed, keyed by
// field key. It holds only the fields that differ from their defaults, so
// the zero Input is the default input. Fields are strings on purpose:
// binding a number to an <input> makes go-app re-format it on every
// keystroke (goapp-build.md §2), so parsing is a separate step.
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
	f, _ := fieldByKey(key)
	return f.Default
}

// With returns a copy of in with one field replaced. Unknown keys are
// ignored; a value equal to the default is dropped.
func (in Input) With(key, value string) Input {
	f, ok := fieldByKey(key)
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
	Lang  Lang
	Input Input
	Proc  *Procurement // nil when there are none
}

// Procurement is the procurement sections of an imported plan, held as
// they were read. The form cannot edit them; they ride along with the sheet
// into storage and into the exported plan file. A value is never changed
// once made: a new import makes a new one.
type Procurement struct {
	Sections *plan.Procurement
	raw      json.RawMessage // Sections as saved, encoded once
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

// decodeProcurement reads saved sections strictly: an unknown field or
// trailing data is refused, as plan files are.
func decodeProcurement(raw []byte) (*Procurement, error) {
	var p plan.Procurement
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the sections")
	}
	return NewProcurement(&p)
}

// Names returns the sections present, in plan-file order, by their name in
// the file ("quotes", "contract", …).
func (p *Procurement) Names() []string {
	if p == nil || p.Sections == nil {
		return nil
	}
	s := p.Sections
	var out []string
	for _, sec := range []struct {
		name    string
		present bool
	}{{"quotes", s.Quotes != nil}, {"vendors", s.Vendors != nil}, {"contract", s.Contract != nil},
		{"poc", s.POC != nil}, {"operations", s.Operations != nil}, {"exit", s.Exit != nil},
		{"checklists", s.Checklists != nil}} {
		if sec.present {
			out = append(out, sec.name)
		}
	}
	return out
}

// sections returns the sections for plan.Build, nil when there are none.
func (p *Procurement) sections() *plan.Procurement {
	if p == nil {
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
// wrote it, Unknown that a key is not a field, Procurement that the saved
// procurement sections were unreadable (Reason says why) and were left out;
// otherwise one field was refused and Reason says why (empty when only its
// form was wrong).
type Problem struct {
	Source      Source
	Corrupt     bool
	Outdated    bool
	Unknown     bool
	Procurement bool
	Key         string
	Value       string
	Default     string
	Reason      string
}

// Message formats p for the notice, in the language of m.
func (p Problem) Message(m *Messages) string {
	switch {
	case p.Corrupt:
		return m.NoticeStorageCorrupt
	case p.Outdated:
		return m.NoticeStorageOutdated
	}
	src := m.NoticeSourceURL
	switch p.Source {
	case FromStorage:
		src = m.NoticeSourceStorage
	case FromFile:
		src = m.NoticeSourceFile
	}
	if p.Unknown {
		return fmt.Sprintf(m.NoticeUnknownF, p.Key, src)
	}
	if p.Procurement {
		return fmt.Sprintf(m.NoticeProcurementF, p.Reason)
	}
	label := p.Key
	if f, ok := fieldByKey(p.Key); ok {
		label = f.Label(m)
	}
	def := p.Default
	if def == "" {
		def = m.Auto
	}
	msg := fmt.Sprintf(m.NoticeFieldResetF, label, src, p.Value, def)
	if p.Reason != "" {
		msg += fmt.Sprintf(m.ParenF, p.Reason)
	}
	return msg + m.ErrEnd
}

// saved is the JSON kept in localStorage.
type saved struct {
	V     int               `json:"v"`
	Lang  Lang              `json:"lang,omitempty"`
	Input map[string]string `json:"input"`
	// Procurement is read on its own (decodeProcurement), so bad sections
	// lose only themselves, not the sheet.
	Procurement json.RawMessage `json:"procurement,omitempty"`
}

// LoadState rebuilds the state from the URL query, the raw localStorage value
// (empty when there is none) and the browser's language tag (empty when
// unknown, as in the prerender). It never fails: what it cannot use becomes a
// Problem and the default.
func LoadState(q url.Values, stored, browserLang string) (State, []Problem) {
	var sv saved
	var problems []Problem
	storedOK := false
	if stored != "" {
		var head struct {
			V int `json:"v"`
		}
		switch {
		case json.Unmarshal([]byte(stored), &head) != nil:
			problems = append(problems, Problem{Source: FromStorage, Corrupt: true})
		case head.V != savedVersion:
			problems = append(problems, Problem{Source: FromStorage, Outdated: true})
		case json.Unmarshal([]byte(stored), &sv) != nil:
			problems = append(problems, Problem{Source: FromStorage, Corrupt: true})
		default:
			storedOK = true
		}
	}

	st := State{Lang: pickLang(q.Get("lang"), sv.Lang, browserLang)}
	if storedOK && len(sv.Procurement) > 0 {
		proc, err := decodeProcurement(sv.Procurement)
		if err != nil {
			problems = append(problems, Problem{Source: FromStorage, Procurement: true, Reason: clipReason(err.Error())})
		}
		st.Proc = proc
	}
	switch {
	case hasInput(q):
		var ps []Problem
		st.Input, ps = inputFrom(FromURL, queryMap(q))
		problems = append(problems, ps...)
	case storedOK:
		var ps []Problem
		st.Input, ps = inputFrom(FromStorage, sv.Input)
		problems = append(problems, ps...)
	}
	return st, problems
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
func pickLang(fromURL string, fromStorage Lang, browser string) Lang {
	if l, ok := ParseLang(fromURL); ok {
		return l
	}
	if l, ok := ParseLang(string(fromStorage)); ok {
		return l
	}
	if browser == "" {
		return Zh
	}
	return LangFromBrowser(browser)
}

// ignoredQuery are query keys that are not input and not worth a notice:
// go-app's own switch and the usual campaign tags.
var ignoredQuery = map[string]bool{"lang": true, "wasm": true, "utm_source": true,
	"utm_medium": true, "utm_campaign": true, "utm_content": true, "utm_term": true}

// hasInput reports whether the query carries anything but the language and
// ignored keys: then the link, not storage, says what the input is.
func hasInput(q url.Values) bool {
	for k := range q {
		if !ignoredQuery[k] {
			return true
		}
	}
	return false
}

// inputFrom reads every field from m. A missing field takes its default
// (older links lack newer fields); an unknown key, a text of the wrong form
// or a value plan.Build refuses takes the default and adds a Problem.
func inputFrom(src Source, m map[string]string) (Input, []Problem) {
	in := DefaultInput()
	var problems []Problem
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		f, ok := fieldByKey(k)
		if !ok {
			if !ignoredQuery[k] {
				problems = append(problems, Problem{Source: src, Unknown: true, Key: clip(k)})
			}
			continue
		}
		if _, _, err := f.Parse(v); err != nil {
			problems = append(problems, Problem{Source: src, Key: k, Value: err.(*FieldError).Value, Default: f.Default})
			continue
		}
		in = in.With(k, v)
	}
	// Values of the right form may still be out of range; the plan says
	// which. Each round resets one field, so this ends.
	for range len(inputFields) {
		fe := Compute(in).FirstFieldError()
		if fe == nil {
			break
		}
		f, _ := fieldByKey(fe.Key)
		if in.Get(fe.Key) == f.Default {
			break // the default itself is refused: leave it to the page
		}
		problems = append(problems, Problem{Source: src, Key: fe.Key, Value: clip(in.Get(fe.Key)),
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

// clip cuts text echoed in a notice to maxFieldLen bytes.
func clip(s string) string {
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
	sv := saved{V: savedVersion, Lang: s.Lang, Input: map[string]string{}}
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
	return string(b[:len(b)-1]) + `,"procurement":` + string(s.Proc.raw) + "}"
}

// store is the browser storage the state uses. Tests replace it.
var store storage = browserStorage{}

// storage reads and writes one raw string.
type storage interface {
	Read(key string) string
	Write(key, value string)
}

// browserStorage is window.localStorage. Reading it throws in some privacy
// modes and sandboxed iframes; both methods then behave as if it were empty.
type browserStorage struct{}

// Read returns the raw value, or "" when there is none or storage is blocked.
func (browserStorage) Read(key string) (v string) {
	if !app.IsClient {
		return ""
	}
	defer func() {
		if recover() != nil {
			v = ""
		}
	}()
	item := app.Window().Get("localStorage").Call("getItem", key)
	if item.IsNull() || item.IsUndefined() {
		return ""
	}
	return item.String()
}

// Write stores value; a blocked storage is ignored (the URL still holds the
// state).
func (browserStorage) Write(key, value string) {
	if !app.IsClient {
		return
	}
	defer func() { _ = recover() }()
	app.Window().Get("localStorage").Call("setItem", key, value)
}

// browserLang returns navigator.language, or "" outside a browser.
func browserLang() (tag string) {
	if !app.IsClient {
		return ""
	}
	defer func() {
		if recover() != nil {
			tag = ""
		}
	}()
	return app.Window().Get("navigator").Get("language").String()
}

// loadState reads the state for the page being entered.
func loadState(ctx app.Context) (State, []Problem) {
	return LoadState(ctx.Page().URL().Query(), store.Read(storageKey), browserLang())
}

// saveState writes a valid state to storage and, when withInput, puts the
// whole state in the address bar without adding a history entry. Pages that
// only show text keep just ?lang= in their URL. valid is false while a field
// is refused: what was saved last stays.
func saveState(ctx app.Context, s State, withInput, valid bool) {
	if !valid {
		return
	}
	store.Write(storageKey, s.Saved())
	writeURL(ctx, s, withInput)
}

// writeURL puts the state in the address bar (see saveState).
func writeURL(ctx app.Context, s State, withInput bool) {
	u := *ctx.Page().URL()
	q := url.Values{"lang": {string(s.Lang)}}
	if withInput {
		q = s.Query()
	}
	if u.RawQuery == q.Encode() {
		return
	}
	u.RawQuery = q.Encode()
	ctx.Page().ReplaceURL(&u)
}

// urlDelay is how long the address bar waits after the last edit.
const urlDelay = 200 * time.Millisecond

// saveEdit saves the state after an edit in the form: storage at once, the
// address bar urlDelay after the last edit. history.replaceState took a
// sixth of each keystroke's time in chromium, before the page could show
// the new plan, and chromium throttles a page that calls it over 100 times
// in 10 s, which fast typing does. The share link on the page is made from
// the state, so it is never stale. Outside the browser (prerender, tests)
// the URL is written at once.
func (p *pageState) saveEdit(ctx app.Context, r route) {
	if !p.out.Valid() {
		return
	}
	store.Write(storageKey, p.st.Saved())
	if !app.IsClient {
		writeURL(ctx, p.st, r.KeepsInput)
		return
	}
	p.urlGen++
	gen, st := p.urlGen, p.st
	ctx.After(urlDelay, func(ctx app.Context) {
		// Writing the URL changes nothing on the page: no re-render.
		ctx.PreventUpdate()
		// A later edit has its own write; a page left in the meantime is
		// unmounted, and go-app drops the call.
		if gen == p.urlGen {
			writeURL(ctx, st, r.KeepsInput)
		}
	})
}
