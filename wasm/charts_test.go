package main

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// TestStackChart: segments sit end to end, scaled so that max spans the 320
// units of the plot (600 less the 170 label and 110 value columns), negative
// values take no room and what exceeds max is cut.
func TestStackChart(t *testing.T) {
	n := decimal.NewFromInt
	ui := stackChart("c", "title", []stackRow{{Label: "need", Text: "t", Segments: []segment{
		{Label: "a", Value: n(30), Class: "a"},
		{Label: "neg", Value: n(-5), Class: "neg"},
		{Label: "b", Value: n(60), Class: "b"},
		{Label: "c", Value: n(100), Class: "c"},
	}}}, n(120), []marker{{At: n(108), Label: "usable"}})
	html := app.HTMLString(ui)
	for _, want := range []string{
		`x="170.0"`, `width="80.0"`, // a: 0–30 of 120
		`x="250.0"`, `width="160.0"`, // b: 30–90
		`x="410.0"`, `width="80.0"`, // c: 90–120, cut at max
		`x1="458.0"`, // marker at 108 of 120
	} {
		if !strings.Contains(html, want) {
			t.Errorf("chart lacks %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, `class="seg neg"`) {
		t.Error("a negative segment was drawn")
	}
	empty := app.HTMLString(stackChart("c", "t", []stackRow{{Segments: []segment{{Value: n(5)}}}}, n(0), nil))
	if strings.Contains(empty, "<rect") {
		t.Error("a zero scale drew a bar")
	}
}

// TestLineChart: points span the plot from x = 72 to 588, y from the
// baseline at 246 up to the top at 12, and the marker sits on its month.
func TestLineChart(t *testing.T) {
	n := decimal.NewFromInt
	ui := lineChart("l", "title", "month", []series{
		{Label: "rent", Class: "s-rent", Y: []decimal.Decimal{n(0), n(50), n(100)}},
	}, 1, func(d decimal.Decimal) string { return d.String() }, &marker{At: n(1), Label: "be"})
	html := app.HTMLString(ui)
	for _, want := range []string{`points="72.0,246.0 330.0,129.0 588.0,12.0"`, `x1="330.0"`, ">be</text>", ">100</text>"} {
		if !strings.Contains(html, want) {
			t.Errorf("chart lacks %s:\n%s", want, html)
		}
	}
	if lineChart("l", "t", "m", []series{{Y: []decimal.Decimal{n(1)}}}, 1, nil, nil) != nil {
		t.Error("one point should draw nothing")
	}
}

// TestNiceStep: axis steps round up to 1, 2, 2.5 or 5 × 10^k.
func TestNiceStep(t *testing.T) {
	for in, want := range map[string]string{
		"240355": "250000", "100000": "100000", "100001": "200000", "3": "5", "7": "10",
		"0.3": "0.5", "1": "1", "11": "20", "26": "50",
	} {
		if got := niceStep(decimal.RequireFromString(in)); got.String() != want {
			t.Errorf("niceStep(%s) = %s, want %s", in, got, want)
		}
	}
}
