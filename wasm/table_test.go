package main

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestDataTable: the first cell of a row is its header; short rows are
// padded so every row has as many cells as the header.
func TestDataTable(t *testing.T) {
	ui := dataTable("t", "cap", []string{"Input", "Value"}, [][]string{{"Hours", "12"}, {"Mode"}})
	checks := []struct {
		path []int
		want app.UI
	}{
		{[]int{0, 0}, app.Text("cap")},          // caption
		{[]int{2, 0, 0}, app.Th().Scope("row")}, // row header
		{[]int{2, 0, 1, 0}, app.Text("12")},     // value cell
		{[]int{2, 1, 1}, app.Td()},              // padded empty cell
		{[]int{1, 0, 1}, app.Th().Scope("col")}, // column header
	}
	for _, c := range checks {
		if err := app.Match(c.want, ui, c.path...); err != nil {
			t.Errorf("path %v: %v", c.path, err)
		}
	}
}
