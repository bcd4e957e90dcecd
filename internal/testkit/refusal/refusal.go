// Package refusal checks, in tests, that a refused input says why in the
// catalogue's words: a field error whose problem is a message that reads
// in Chinese. It sits apart from testkit because it imports shared/msg,
// whose own tests use testkit.
package refusal

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Check checks that err is a *fielderr.Error at field whose problem is
// a catalogue message (not an English sentence shown as written) that
// reads in Chinese: no English word is left but the refused value and
// the names in quoted, which the sentence cites as the input spells them.
// It returns the error, or nil when err is not one.
func Check(t testing.TB, err error, field string, quoted ...string) *fielderr.Error {
	t.Helper()
	var fe *fielderr.Error
	if !errors.As(err, &fe) {
		t.Errorf("error = %v, want a *fielderr.Error at %s", err, field)
		return nil
	}
	if fe.Field != field {
		t.Errorf("field = %q, want %q (%v)", fe.Field, field, err)
	}
	if msg.IsVerbatim(fe.Msg) {
		t.Errorf("%v: the problem is an English sentence shown as written", err)
	}
	if err := msg.Check(fe.ProblemMsg()); err != nil {
		t.Error(err)
	}
	en, zh := fe.ProblemIn(msg.En), fe.ProblemIn(msg.Zh)
	if zh == en {
		t.Errorf("%v: the Chinese reads as the English: %q", err, zh)
	}
	var allowed []string
	for _, q := range quoted {
		allowed = append(allowed, testkit.EnglishWords(q)...)
	}
	for _, w := range testkit.EnglishWords(zh) {
		if !slices.Contains(allowed, w) && !strings.Contains(fe.Value, w) {
			t.Errorf("English %q left in %q", w, zh)
		}
	}
	return fe
}
