package form

import (
	"errors"
	"maps"
	"sort"

	"strconv"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// State handling lives in this file and its neighbours: the procurement
// sections (procurement.go), the saved format (saved.go), the URL query
// (query.go), the share link's fragment (share.go) and loading a whole link
// (links.go). Reading and writing the browser's storage and address bar is
// package main's (wasm/storage.go), on the encodings here. The whole planner input (the requirement sheet with the
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
	Lang  msg.Lang
	Input Input
	Proc  *Procurement // nil when there are none
	// Prices is the buyer's own price list as CSV text (prices.go); ""
	// when there is none.
	Prices string
	// AsOf is an imported sheet's as_of, kept so its plan is dated as it
	// was; "" dates the plan today.
	AsOf string
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
	Reason      msg.M // why the value was refused
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
		return m.Text("site.proc.link_bad", msg.Sub(p.Reason))
	}
	if p.Procurement {
		return m.Text("site.page.notice_procurement", msg.Text(strconv.Quote(p.Key)), msg.Sub(p.Reason))
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
	if !p.Reason.IsZero() {
		out += m.Text("site.page.paren", msg.Sub(p.Reason))
	}
	return out + m.Text("site.page.err_end")
}

// clipReason cuts an error echoed in a notice to a readable length.
// reasonOf is why err refused a value, as a message: a field error's
// problem with its field, any other error's text as written (clipped).
func reasonOf(err error) msg.M {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fe.Message()
	}
	return msg.Verbatim(clipReason(err.Error()))
}

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
