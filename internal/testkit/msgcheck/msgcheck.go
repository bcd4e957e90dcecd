// Package msgcheck checks, in tests, that what a package says is in the
// catalogue's words: a refused input's problem, or a message such as an
// unavailable fact's reason, that reads in both languages. It sits apart
// from testkit because it imports shared/msg, whose own tests use testkit.
package msgcheck

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Refusal checks that err is a *fielderr.Error at field whose problem is
// a catalogue message (not an English sentence shown as written) that
// reads in Chinese: no English word is left but the refused value and
// the names in quoted, which the sentence cites as the input spells them.
// It returns the error, or nil when err is not one.
func Refusal(t testing.TB, err error, field string, quoted ...string) *fielderr.Error {
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

// Message checks that m, named what in the failures, is a catalogue
// message (never verbatim text) whose English is en and Chinese zh.
func Message(t testing.TB, what string, m msg.M, en, zh string) {
	t.Helper()
	if msg.IsVerbatim(m) {
		t.Errorf("%s: %q is verbatim text, not a message", what, m.String())
	}
	if err := msg.Check(m); err != nil {
		t.Errorf("%s: %v", what, err)
	}
	if got := m.String(); got != en {
		t.Errorf("%s: English %q, want %q", what, got, en)
	}
	if got := m.In(msg.Zh); got != zh {
		t.Errorf("%s: Chinese %q, want %q", what, got, zh)
	}
}
