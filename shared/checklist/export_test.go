package checklist

import (
	"fmt"
	"github.com/gpuplan/gpuplan/shared/msg"
	"io"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// Helpers the tests use that neither binary reaches.

// Lookup returns the item with id and its list's article.
func Lookup(id string) (Item, string, bool) {
	for _, l := range lists {
		for _, it := range l.Items {
			if it.ID == id {
				return it, l.Article, true
			}
		}
	}
	return Item{}, "", false
}

// StageOf returns the stage of item id; "" for an unknown id.
func StageOf(id string) Stage { return stageOf[id] }

// Decode reads a State from JSON, refusing unknown fields and trailing
// data. Entries may come in any order, and open entries without a note
// may be present; the result is canonical. Duplicate ids are refused.
// An unknown field, a value of the wrong JSON type and any other problem
// with an entry come back as a *fielderr.Error naming the field.
func Decode(r io.Reader) (State, error) {
	var s State
	if err := strictjson.Decode(r, &s); err != nil {
		return State{}, err
	}
	seen := map[string]Entry{}
	for i, e := range s.Items {
		if _, dup := seen[e.ID]; dup {
			return State{}, &fielderr.Error{Field: fmt.Sprintf("items[%d].id", i), Value: e.ID, Want: msg.New("want.item_once")}
		}
		if _, ok := order[e.ID]; !ok {
			return State{}, &fielderr.Error{Field: fmt.Sprintf("items[%d].id", i), Value: e.ID, Want: msg.New("want.item_id")}
		}
		seen[e.ID] = e
	}
	out := canonical(seen)
	if err := out.Validate(); err != nil {
		return State{}, err
	}
	return out, nil
}
