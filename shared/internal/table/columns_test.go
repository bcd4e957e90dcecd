package table

import (
	"slices"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestColumns checks that column titles come from the catalogue in the
// reader's language (the operations table's first two columns).
func TestColumns(t *testing.T) {
	for l, want := range map[msg.Lang][]string{
		msg.En: {"month", "vendor"},
		msg.Zh: {"月份", "供应商"},
	} {
		if got := Columns(l, "ops.col.", "month", "vendor"); !slices.Equal(got, want) {
			t.Errorf("Columns(%v) = %q, want %q", l, got, want)
		}
	}
}
