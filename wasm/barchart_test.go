package main

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// TestBarChartScale checks bar widths: the plot is 360 units wide (600 less
// the 170 label and 70 value columns), values are clamped to [0, max].
func TestBarChartScale(t *testing.T) {
	tests := []struct {
		value, max, width string
	}{
		{"12", "24", "180.0"},
		{"8", "24", "120.0"},
		{"30", "24", "360.0"}, // clamped to max
		{"-2", "24", "0.0"},
		{"5", "0", "0.0"}, // no scale: empty bar, no division by zero
	}
	for _, tt := range tests {
		ui := barChart("c", "title", []bar{{Label: "h", Value: decimal.RequireFromString(tt.value), Text: "t", Class: "hourly"}},
			decimal.RequireFromString(tt.max), nil)
		want := svg("rect").Attr("x", chartLabelW).Attr("y", 6).Attr("width", tt.width).
			Attr("height", chartBarH).Attr("rx", 3).Class("bar", "hourly")
		// figure > svg > [title, label, rect, value]
		if err := app.Match(want, ui, 0, 2); err != nil {
			t.Errorf("value %s of %s: %v", tt.value, tt.max, err)
		}
	}
}

// TestBarChartMarker: the rule B1 threshold line sits at 10 of 24 hours.
func TestBarChartMarker(t *testing.T) {
	ui := barChart("c", "title", []bar{{Label: "h", Value: decimal.NewFromInt(4), Text: "4"}},
		decimal.NewFromInt(24), &marker{At: decimal.NewFromInt(10), Label: "10"})
	want := svg("line").Attr("x1", "320.0").Attr("x2", "320.0").Attr("y1", 0).Attr("y2", 38).Class("chart-mark")
	if err := app.Match(want, ui, 0, 4); err != nil {
		t.Error(err)
	}
}
