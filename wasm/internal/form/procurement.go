package form

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/plan"
)

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

// NewProcurement checks the sections as plan.Build does (the validation
// gpuverify runs) and keeps them. nil sections give nil.
//
// The check is plan.Build's of the default sheet with sections p, without
// building that plan: Build reads the sections only in their checks
// (plan.Procurement.Validate), and the default sheet builds, as
// TestNewProcurementChecksAsBuild checks, so Build fails exactly on p's
// error. A page load checks each saved section alone and then all
// together; whole plans built for that took most of the app's start on a
// slow phone.
func NewProcurement(p *plan.Procurement) (*Procurement, error) {
	if p == nil {
		return nil, nil
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return checkedProcurement(p), nil
}

// checkedProcurement keeps sections p that passed plan.Procurement.Validate
// (or ValidateSection each: Validate is those checks in turn, and nothing
// across sections) without checking them again.
func checkedProcurement(p *plan.Procurement) *Procurement {
	raw, _ := json.Marshal(p) // plain structs always marshal
	return &Procurement{Sections: p, raw: raw}
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

// hasDrafts reports whether sections were typed on a page.
func (p *Procurement) hasDrafts() bool { return p != nil && len(p.drafts) > 0 }
