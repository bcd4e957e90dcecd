//go:build !wasm

package form

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestLoadSavedProtectsWork covers the load-time cases of saved work: a link
// with no field keeps the saved sheet, a link with another sheet is a
// conflict to ask about, storage of another version is backed up or left
// alone.
func TestLoadSavedProtectsWork(t *testing.T) {
	good := `{"v":2,"lang":"en","input":{"hours_per_day":"14"}}`
	tests := []struct {
		name, query, stored string
		input               Input
		conflict, backup    bool
		locked              bool
		problems            int
	}{
		{"/?x=1 keeps the saved sheet", "x=1", good, in("hours_per_day", "14"), false, false, false, 1},
		{"campaign tags keep the saved sheet", "utm_source=x&lang=zh", good, in("hours_per_day", "14"), false, false, false, 0},
		{"a link with another sheet asks", "hours_per_day=3", good, in("hours_per_day", "3"), true, false, false, 0},
		{"a link with the saved sheet does not ask", "hours_per_day=14", good, in("hours_per_day", "14"), false, false, false, 0},
		{"a link over an empty saved sheet does not ask", "hours_per_day=3", `{"v":2,"input":{}}`, in("hours_per_day", "3"), false, false, false, 0},
		{"unreadable storage is backed up", "", "{not json", in(), false, true, false, 1},
		{"older storage is backed up", "", `{"v":1,"input":{"hours":"3"}}`, in(), false, true, false, 1},
		{"newer storage is left untouched", "", `{"v":3,"input":{"hours_per_day":"14"},"new":1}`, in(), false, false, true, 1},
		{"a link over newer storage", "hours_per_day=3", `{"v":9}`, in("hours_per_day", "3"), false, false, true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := LoadSaved(mustQuery(t, tt.query), tt.stored, "en")
			if !l.State.Input.Equal(tt.input) || l.Conflict != tt.conflict || l.Backup != tt.backup ||
				l.Locked != tt.locked || len(l.Problems) != tt.problems {
				t.Errorf("input %v conflict %v backup %v locked %v problems %+v", l.State.Input.v, l.Conflict, l.Backup, l.Locked, l.Problems)
			}
			if tt.conflict && !l.Saved.Input.Equal(in("hours_per_day", "14")) {
				t.Errorf("saved state to go back to: %v", l.Saved.Input.v)
			}
		})
	}
	if msg := (Problem{Source: FromStorage, Newer: true}).Message(msg.En); !strings.Contains(msg, "left untouched") {
		t.Errorf("newer-version notice %q", msg)
	}
}

// TestUnknownKeysBounded: a link with thousands of keys that are not
// fields gives a few notices, not thousands.
func TestUnknownKeysBounded(t *testing.T) {
	var q strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&q, "k%d=1&", i)
	}
	for _, extra := range []string{"", "concurrency=8"} {
		l := LoadSaved(mustQuery(t, q.String()+extra), "", "en")
		if len(l.Problems) != maxUnknown {
			t.Errorf("%q: %d problems, want %d", extra, len(l.Problems), maxUnknown)
		}
	}
}
