package main

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// Stacked bars and line charts, drawn as SVG from Go: no JavaScript chart
// library. The values are decimals; the geometry is float64, printed with
// one decimal place. Decimal geometry was the slowest part of a keystroke
// on the planner (each coordinate a big-integer division and rescale). The
// SVG is still the same on every platform: Go's float64 +, -, * and / are
// correctly rounded IEEE 754, each product below is stored through an
// explicit float64 conversion, which the spec says prevents fusing it into
// a multiply-add (arm64 would), and strconv prints exactly.

// segment is one part of a stacked bar.
type segment struct {
	Label string // legend and tooltip text
	Value decimal.Decimal
	Class string // CSS class that colours it
}

// stackRow is one stacked bar.
type stackRow struct {
	Label    string
	Segments []segment
	Text     string // the total as shown at the end of the bar
}

// stackChart draws horizontal stacked bars scaled so that max spans the plot
// width, with optional vertical markers and a legend of the segment classes
// of the first row. Values are clamped at zero; what exceeds max is cut.
func stackChart(id, title string, rows []stackRow, max decimal.Decimal, marks []marker) app.UI {
	const plotW = chartWidth - chartLabelW - chartValueW
	top := max.InexactFloat64()
	scale := func(v float64) float64 {
		if !(top > 0) || !(v > 0) {
			return 0
		}
		return float64(math.Min(v, top) / top * plotW)
	}
	height := len(rows)*chartRowH + 24
	kids := []app.UI{svg("title").Text(title)}
	for i, r := range rows {
		y := i*chartRowH + 6
		kids = append(kids, svg("text").Attr("x", chartLabelW-8).Attr("y", y+chartBarH-4).
			Attr("text-anchor", "end").Class("chart-label").Text(r.Label))
		acc := 0.0
		for _, s := range r.Segments {
			start := scale(acc)
			acc += math.Max(s.Value.InexactFloat64(), 0)
			w := scale(acc) - start
			if !(w > 0) {
				continue
			}
			kids = append(kids, svg("rect").Attr("x", coord(chartLabelW+start)).Attr("y", y).
				Attr("width", coord(w)).Attr("height", chartBarH).Class("seg", s.Class).
				Body(svg("title").Text(s.Label)))
		}
		kids = append(kids, svg("text").Attr("x", chartWidth-chartValueW+6).Attr("y", y+chartBarH-4).
			Class("chart-value").Text(r.Text))
	}
	for _, mk := range marks {
		x := coord(chartLabelW + scale(mk.At.InexactFloat64()))
		kids = append(kids,
			svg("line").Attr("x1", x).Attr("x2", x).Attr("y1", 0).Attr("y2", height-16).Class("chart-mark"),
			svg("text").Attr("x", x).Attr("y", height-4).Attr("text-anchor", "middle").
				Class("chart-mark-label").Text(mk.Label),
		)
	}
	var legend []segment
	if len(rows) > 0 {
		legend = rows[0].Segments
	}
	return app.Figure().Class("chart").Body(
		svg("svg").ID("%s", id).
			Attr("viewBox", "0 0 "+strconv.Itoa(chartWidth)+" "+strconv.Itoa(height)).
			Attr("role", "img").Attr("aria-label", title).Body(kids...),
		chartLegend(legend),
	)
}

// coord formats an SVG coordinate with one decimal place.
func coord(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// chartLegend lists the classes and labels of segments or series.
func chartLegend(items []segment) app.UI {
	if len(items) == 0 {
		return nil
	}
	lis := make([]app.UI, len(items))
	for i, s := range items {
		lis[i] = app.Li().Body(app.Span().Class("swatch", s.Class), app.Span().Text(s.Label))
	}
	return app.Ul().Class("legend").Body(lis...)
}

// series is one line of a line chart: Y[i] is the value at x = i.
type series struct {
	Label string
	Class string
	Y     []decimal.Decimal
}

// Line chart geometry.
const (
	lineW      = 600
	lineH      = 280
	linePadL   = 72 // y-axis labels
	linePadR   = 12
	linePadT   = 12
	linePadB   = 34 // x-axis labels
	lineYTicks = 4
)

// lineChart draws series over x = 0..n-1 from a zero baseline, with x ticks
// every xStep, y ticks formatted by yLabel and an optional vertical marker.
func lineChart(id, title, xName string, lines []series, xStep int, yLabel func(decimal.Decimal) string, mark *marker) app.UI {
	n := 0
	maxY := decimal.Zero
	for _, s := range lines {
		n = max(n, len(s.Y))
		for _, y := range s.Y {
			maxY = decimal.Max(maxY, y)
		}
	}
	if n < 2 || !maxY.IsPositive() {
		return nil
	}
	maxY = niceStep(maxY.Div(decimal.NewFromInt(lineYTicks))).Mul(decimal.NewFromInt(lineYTicks))
	const plotW, plotH = lineW - linePadL - linePadR, lineH - linePadT - linePadB
	top, lastX := maxY.InexactFloat64(), float64(n-1)
	px := func(i int) string {
		return coord(linePadL + float64(float64(i)/lastX*plotW))
	}
	py := func(v float64) string {
		return coord(lineH - linePadB - float64(math.Max(v, 0)/top*plotH))
	}
	kids := []app.UI{svg("title").Text(title)}
	for t := 0; t <= lineYTicks; t++ {
		v := maxY.Mul(decimal.NewFromInt(int64(t))).Div(decimal.NewFromInt(lineYTicks))
		y := py(v.InexactFloat64())
		kids = append(kids,
			svg("line").Attr("x1", linePadL).Attr("x2", lineW-linePadR).Attr("y1", y).Attr("y2", y).Class("grid"),
			svg("text").Attr("x", linePadL-6).Attr("y", y).Attr("dy", "0.35em").Attr("text-anchor", "end").
				Class("axis-label").Text(yLabel(v)))
	}
	for i := 0; i < n; i += xStep {
		x := px(i)
		kids = append(kids, svg("text").Attr("x", x).Attr("y", lineH-linePadB+16).
			Attr("text-anchor", "middle").Class("axis-label").Text(strconv.Itoa(i)))
	}
	kids = append(kids, svg("text").Attr("x", lineW-linePadR).Attr("y", lineH-4).
		Attr("text-anchor", "end").Class("axis-label").Text(xName))
	if mark != nil {
		i := int(mark.At.IntPart())
		x := px(i)
		// The label sits right of the line, or left of it near the end.
		anchor, dx := "start", 4
		if 4*i > 3*(n-1) {
			anchor, dx = "end", -4
		}
		kids = append(kids,
			svg("line").Attr("x1", x).Attr("x2", x).Attr("y1", linePadT).Attr("y2", lineH-linePadB).Class("chart-mark"),
			svg("text").Attr("x", x).Attr("y", linePadT+10).Attr("dx", dx).Attr("text-anchor", anchor).
				Class("chart-mark-label").Text(mark.Label))
	}
	legend := make([]segment, len(lines))
	for i, s := range lines {
		pts := make([]byte, 0, len(s.Y)*12)
		for j, y := range s.Y {
			if j > 0 {
				pts = append(pts, ' ')
			}
			pts = append(pts, px(j)...)
			pts = append(pts, ',')
			pts = append(pts, py(y.InexactFloat64())...)
		}
		kids = append(kids, svg("polyline").Attr("points", string(pts)).Class("line", s.Class).
			Attr("data-series", s.Class).Body(svg("title").Text(s.Label)))
		legend[i] = segment{Label: s.Label, Class: s.Class}
	}
	return app.Figure().Class("chart", "line-chart").Body(
		svg("svg").ID("%s", id).
			Attr("viewBox", "0 0 "+strconv.Itoa(lineW)+" "+strconv.Itoa(lineH)).
			Attr("role", "img").Attr("aria-label", title).Body(kids...),
		chartLegend(legend),
	)
}

// niceStep rounds a positive axis step up to 1, 2, 2.5 or 5 times a power
// of ten, so the ticks read ¥250,000 rather than ¥240,355.
func niceStep(step decimal.Decimal) decimal.Decimal {
	if !step.IsPositive() {
		return decimal.NewFromInt(1)
	}
	mag := decimal.New(1, int32(len(step.Truncate(0).String())-1))
	if step.LessThan(decimal.NewFromInt(1)) {
		mag = decimal.New(1, -int32(-step.Exponent()))
		for mag.Mul(decimal.NewFromInt(10)).LessThanOrEqual(step) {
			mag = mag.Mul(decimal.NewFromInt(10))
		}
	}
	for _, f := range []string{"1", "2", "2.5", "5", "10"} {
		if c := mag.Mul(decimal.RequireFromString(f)); c.GreaterThanOrEqual(step) {
			return c
		}
	}
	return mag.Mul(decimal.NewFromInt(10))
}
