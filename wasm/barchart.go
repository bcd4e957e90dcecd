package main

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// svgNS is the namespace SVG elements must be created in; without it the
// browser makes unknown HTML elements and draws nothing.
const svgNS = "http://www.w3.org/2000/svg"

// Chart geometry in SVG user units; the chart scales to its container.
const (
	chartWidth  = 600
	chartLabelW = 170 // left column for the bar labels
	chartValueW = 70  // right column for the values
	chartRowH   = 30
	chartBarH   = 18
)

// bar is one bar of a chart.
type bar struct {
	Label string
	Value decimal.Decimal
	Text  string // the value as shown, e.g. "12 h/day"
	Class string // CSS class that colours the bar
}

// marker is a vertical line across the chart, e.g. a rule's threshold.
type marker struct {
	At    decimal.Decimal
	Label string
}

// barChart draws horizontal bars scaled so that max spans the plot width.
// Values are clamped to [0, max]; a non-positive max draws empty bars. Sizes
// are computed in decimal and printed with one decimal place, so the SVG is
// the same on every platform.
func barChart(id, title string, bars []bar, max decimal.Decimal, mark *marker) app.UI {
	plotW := decimal.NewFromInt(chartWidth - chartLabelW - chartValueW)
	scale := func(v decimal.Decimal) decimal.Decimal {
		if !max.IsPositive() || !v.IsPositive() {
			return decimal.Zero
		}
		return decimal.Min(v, max).Div(max).Mul(plotW)
	}
	height := len(bars)*chartRowH + 24
	kids := []app.UI{svg("title").Text(title)}
	for i, b := range bars {
		y := i*chartRowH + 6
		kids = append(kids,
			svg("text").Attr("x", chartLabelW-8).Attr("y", y+chartBarH-4).
				Attr("text-anchor", "end").Class("chart-label").Text(b.Label),
			svg("rect").Attr("x", chartLabelW).Attr("y", y).
				Attr("width", scale(b.Value).StringFixed(1)).Attr("height", chartBarH).
				Attr("rx", 3).Class("bar", b.Class),
			svg("text").Attr("x", chartWidth-chartValueW+6).Attr("y", y+chartBarH-4).
				Class("chart-value").Text(b.Text),
		)
	}
	if mark != nil {
		x := decimal.NewFromInt(chartLabelW).Add(scale(mark.At)).StringFixed(1)
		kids = append(kids,
			svg("line").Attr("x1", x).Attr("x2", x).Attr("y1", 0).Attr("y2", height-16).
				Class("chart-mark"),
			svg("text").Attr("x", x).Attr("y", height-4).Attr("text-anchor", "middle").
				Class("chart-mark-label").Text(mark.Label),
		)
	}
	return app.Figure().Class("chart").Body(
		svg("svg").ID("%s", id).
			Attr("viewBox", "0 0 "+strconv.Itoa(chartWidth)+" "+strconv.Itoa(height)).
			Attr("role", "img").
			Attr("aria-label", title).
			Body(kids...),
	)
}

// svg makes an element in the SVG namespace.
func svg(tag string) app.HTMLElem {
	return app.Elem(tag).XMLNS(svgNS)
}
