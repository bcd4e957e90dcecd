package checklist

import (
	"fmt"
	"unicode/utf8"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Status is an item's state.
type Status string

// The states.
const (
	Open Status = "open" // not done yet
	Done Status = "done" // done
	NA   Status = "na"   // does not apply to this purchase
)

// Entry is the state of one item.
type Entry struct {
	// ID is an item id, e.g. "000.4".
	ID string `json:"id"`
	// Status is "open", "done" or "na".
	Status Status `json:"status"`
	// Note is the buyer's note, valid UTF-8 of at most 2,000 bytes.
	Note string `json:"note,omitempty"`
}

// State is the buyer's progress through the checklists. Its canonical form
// lists entries in checklist order and leaves out open items without a
// note, so an empty State means "nothing done yet" and Decode(Marshal(s))
// gives back s.
type State struct {
	Items []Entry `json:"items"`
}

// maxNote bounds a note.
const maxNote = 2000

// Validate reports the first entry that is not canonical, naming it.
func (s State) Validate() error {
	prev := -1
	for i, e := range s.Items {
		f := fmt.Sprintf("items[%d]", i)
		pos, ok := order[e.ID]
		switch {
		case !ok:
			return &fielderr.Error{Field: f + ".id", Value: e.ID, Want: msg.New("want.item_id")}
		case pos <= prev:
			return &fielderr.Error{Field: f + ".id", Value: e.ID, Want: msg.New("want.item_once")}
		case e.Status != Open && e.Status != Done && e.Status != NA:
			return &fielderr.Error{Field: f + ".status", Value: string(e.Status), Want: valid.Choices("open", "done", "na")}
		case len(e.Note) > maxNote || !utf8.ValidString(e.Note):
			return &fielderr.Error{Field: f + ".note", Value: fmt.Sprintf("%d bytes", len(e.Note)), Want: msg.New("want.note_utf8")}
		case e.Status == Open && e.Note == "":
			return &fielderr.Error{Field: f, Value: e.ID, Want: msg.New("want.open_entry")}
		}
		prev = pos
	}
	return nil
}

// Get returns the entry of item id; an item without one is open.
func (s State) Get(id string) Entry {
	for _, e := range s.Items {
		if e.ID == id {
			return e
		}
	}
	return Entry{ID: id, Status: Open}
}

// Set returns a copy of s with item id at status and note, in canonical
// form. It refuses an unknown id, status or an over-long note.
func (s State) Set(id string, status Status, note string) (State, error) {
	if _, ok := order[id]; !ok {
		return State{}, &fielderr.Error{Field: "id", Value: id, Want: msg.New("want.item_id")}
	}
	set := map[string]Entry{id: {ID: id, Status: status, Note: note}}
	for _, e := range s.Items {
		if e.ID != id {
			set[e.ID] = e
		}
	}
	out := canonical(set)
	if err := out.Validate(); err != nil {
		return State{}, err
	}
	return out, nil
}

// canonical lists the entries in checklist order, leaving out open ones
// without a note. It walks the lists rather than sorting: a sort of
// entries would be compiled into app.wasm for this alone.
func canonical(entries map[string]Entry) State {
	var out State
	for _, l := range lists {
		for _, it := range l.Items {
			if e, ok := entries[it.ID]; ok && (e.Status != Open || e.Note != "") {
				out.Items = append(out.Items, e)
			}
		}
	}
	return out
}

// Progress counts one list's items by state.
type Progress struct {
	// Article is the list's article, or "all" for the total.
	Article string `json:"article"`
	Counts
}

// Counts are items by state: every item, done, not applicable and open.
type Counts struct {
	Total int `json:"total"`
	Done  int `json:"done"`
	NA    int `json:"na"`
	Open  int `json:"open"`
}

// add counts one item in state st.
func (c *Counts) add(st Status) {
	c.Total++
	switch st {
	case Done:
		c.Done++
	case NA:
		c.NA++
	default:
		c.Open++
	}
}

// plus adds o's counts to c's.
func (c *Counts) plus(o Counts) {
	c.Total, c.Done, c.NA, c.Open = c.Total+o.Total, c.Done+o.Done, c.NA+o.NA, c.Open+o.Open
}

// Complete reports whether every item that applies is done.
func (p Progress) Complete() bool { return p.Open == 0 }

// Progress counts each list's items by state, then all of them.
func (s State) Progress() []Progress {
	all := Progress{Article: "all"}
	var out []Progress
	for _, l := range lists {
		p := Progress{Article: l.Article}
		for _, it := range l.Items {
			p.add(s.Get(it.ID).Status)
		}
		all.plus(p.Counts)
		out = append(out, p)
	}
	return append(out, all)
}
