package main

import (
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
	chartValueW = 110 // right column for the values ("156.73万元", "¥1,567,333")
	chartRowH   = 30
	chartBarH   = 18
)

// marker is a vertical line across the chart, e.g. a rule's threshold.
type marker struct {
	At    decimal.Decimal
	Label string
}

// svg makes an element in the SVG namespace.
func svg(tag string) app.HTMLElem {
	return app.Elem(tag).XMLNS(svgNS)
}
