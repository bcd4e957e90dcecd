package main

import (
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// State handling lives in this file only. The whole planner input is kept in
// two places:
//   - the URL query (?lang=en&hours=12), so a shared link reproduces the plan;
//   - localStorage under storageKey, so opening the bare site restores it.
//
// The URL wins over storage; storage wins over defaults. A value that does
// not parse falls back to its default and leaves a Problem, which the page
// shows as a notice. Nothing is written back until the input is valid.

// storageKey is the localStorage key of the saved state.
const storageKey = "gpuplan.state"

// savedVersion is the version of the JSON kept in localStorage.
const savedVersion = 1

// Input is everything the planner asks, as the text the user typed. Fields are
// strings on purpose: binding a number to an <input> makes go-app re-format
// it on every keystroke (goapp-build.md §2), so parsing is a separate step.
type Input struct {
	HoursPerDay string `json:"hours"`
}

// DefaultInput is the input of a first visit.
func DefaultInput() Input {
	var in Input
	for _, f := range inputFields {
		*f.ptr(&in) = f.Default
	}
	return in
}

// Get returns the text of the field with the given key.
func (in Input) Get(key string) string {
	f, ok := fieldByKey(key)
	if !ok {
		return ""
	}
	return *f.ptr(&in)
}

// With returns a copy of in with one field replaced. Unknown keys are ignored.
func (in Input) With(key, value string) Input {
	if f, ok := fieldByKey(key); ok {
		*f.ptr(&in) = value
	}
	return in
}

// Errors validates every field and returns the errors in field order.
func (in Input) Errors() []*FieldError {
	var errs []*FieldError
	for _, f := range inputFields {
		if _, err := f.Parse(*f.ptr(&in)); err != nil {
			errs = append(errs, err.(*FieldError))
		}
	}
	return errs
}

// State is what a page needs to render: the language and the planner input.
type State struct {
	Lang  Lang
	Input Input
}

// Source says where a refused value came from.
type Source int

// The two places state is read from.
const (
	FromURL Source = iota
	FromStorage
)

// Problem records state that could not be used. Corrupt means the saved JSON
// as a whole was unreadable; otherwise one field was refused.
type Problem struct {
	Source  Source
	Corrupt bool
	Key     string
	Value   string
	Default string
}

// Message formats p for the notice, in the language of m.
func (p Problem) Message(m *Messages) string {
	if p.Corrupt {
		return m.NoticeStorageCorrupt
	}
	src := m.NoticeSourceURL
	if p.Source == FromStorage {
		src = m.NoticeSourceStorage
	}
	label := p.Key
	if f, ok := fieldByKey(p.Key); ok {
		label = f.Label(m)
	}
	return fmt.Sprintf(m.NoticeFieldResetF, label, src, p.Value, p.Default)
}

// saved is the JSON kept in localStorage.
type saved struct {
	V     int               `json:"v"`
	Lang  Lang              `json:"lang,omitempty"`
	Input map[string]string `json:"input"`
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
		if err := json.Unmarshal([]byte(stored), &sv); err != nil || sv.V != savedVersion {
			problems = append(problems, Problem{Source: FromStorage, Corrupt: true})
		} else {
			storedOK = true
		}
	}

	st := State{Lang: pickLang(q.Get("lang"), sv.Lang, browserLang)}
	switch {
	case hasInput(q):
		var ps []Problem
		st.Input, ps = inputFrom(FromURL, func(k string) (string, bool) {
			v, ok := q[k]
			if !ok || len(v) == 0 {
				return "", false
			}
			return v[0], true
		})
		problems = append(problems, ps...)
	case storedOK:
		var ps []Problem
		st.Input, ps = inputFrom(FromStorage, func(k string) (string, bool) {
			v, ok := sv.Input[k]
			return v, ok
		})
		problems = append(problems, ps...)
	default:
		st.Input = DefaultInput()
	}
	return st, problems
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

// hasInput reports whether the query carries any planner field.
func hasInput(q url.Values) bool {
	for _, f := range inputFields {
		if _, ok := q[f.Key]; ok {
			return true
		}
	}
	return false
}

// inputFrom reads every field through get. A missing field silently takes its
// default (older links lack newer fields); a refused one takes its default
// and adds a Problem.
func inputFrom(src Source, get func(key string) (string, bool)) (Input, []Problem) {
	in := DefaultInput()
	var problems []Problem
	for _, f := range inputFields {
		v, ok := get(f.Key)
		if !ok {
			continue
		}
		if _, err := f.Parse(v); err != nil {
			problems = append(problems, Problem{Source: src, Key: f.Key,
				Value: err.(*FieldError).Value, Default: f.Default})
			continue
		}
		*f.ptr(&in) = v
	}
	return in, problems
}

// Query encodes the whole state as URL query values.
func (s State) Query() url.Values {
	q := url.Values{"lang": {string(s.Lang)}}
	for _, f := range inputFields {
		q.Set(f.Key, *f.ptr(&s.Input))
	}
	return q
}

// Saved encodes the state as the JSON kept in localStorage.
func (s State) Saved() string {
	sv := saved{V: savedVersion, Lang: s.Lang, Input: map[string]string{}}
	for _, f := range inputFields {
		sv.Input[f.Key] = *f.ptr(&s.Input)
	}
	b, err := json.Marshal(sv)
	if err != nil {
		return "" // a map of strings always marshals
	}
	return string(b)
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
// only show text keep just ?lang= in their URL.
func saveState(ctx app.Context, s State, withInput bool) {
	if len(s.Input.Errors()) > 0 {
		return
	}
	store.Write(storageKey, s.Saved())
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
