package main

import (
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// Parts of a page that go-app re-renders only when their data change.
//
// Every event re-renders the page component that holds the input. Before,
// that rebuilt and diffed the whole page on each keystroke: every field of
// the sheet, every table and chart of the plan. A child component is
// different: go-app compares its exported fields with those of the one
// already on the page (reflect.DeepEqual, field by field) and renders it
// again only when one differs; otherwise its whole subtree is skipped. So
// the components below hold plain data (text, rows, amounts) in exported
// fields, never funcs (a func is never DeepEqual, so the part would render
// every time), and build their tree from that data alone.
//
// A panic in a component's Render is not caught by the page's safeRender
// (go-app calls it separately), so each one guards its own.

// fieldBox is one input of the sheet (fieldInput) with its label, help and
// error.
type fieldBox struct {
	app.Compo
	Key         string // form.Spec.Key
	Route       string // route id of the page, for saving the state
	Lang        Lang
	Value       string
	Placeholder string
	Err         *form.FieldError // compared by content, not by pointer
	// Page is the page whose state the field edits; the same pointer on
	// every render, so it never counts as a change.
	Page *pageState
}

// CompoID makes go-app mount a new box when another field comes to this
// place (the model's shape fields come and go with the preset), rather than
// turn one field's box into another's.
func (b *fieldBox) CompoID() string { return b.Key }

// Render draws the field.
func (b *fieldBox) Render() app.UI {
	return safeRender(b.Lang, "field "+b.Key, func() app.UI {
		f, _ := form.ByKey(b.Key)
		return fieldInput(f, b.Lang, b.Value, b.Err, b.Placeholder, b.Page.onField(routeByID(b.Route), f))
	})
}

// tableBox is dataTable as a component.
type tableBox struct {
	app.Compo
	Lang        Lang // for the failure message only
	ID, Caption string
	Head        []string
	Rows        [][]string
}

// table returns dataTable's table as a tableBox.
func table(l Lang, id, caption string, head []string, rows [][]string) app.UI {
	return &tableBox{Lang: l, ID: id, Caption: caption, Head: head, Rows: rows}
}

// Render draws the table.
func (b *tableBox) Render() app.UI {
	return safeRender(b.Lang, b.ID, func() app.UI {
		return app.Div().Class("table-wrap").Body(dataTable(b.ID, b.Caption, b.Head, b.Rows))
	})
}

// listBox is reasonList as a component.
type listBox struct {
	app.Compo
	Lang  Lang
	ID    string
	Items []string
}

// reasons returns reasonList's list as a listBox.
func reasons(l Lang, id string, items []string) app.UI {
	return &listBox{Lang: l, ID: id, Items: items}
}

// Render draws the list.
func (b *listBox) Render() app.UI {
	return safeRender(b.Lang, b.ID, func() app.UI { return reasonList(b.ID, b.Items) })
}

// stackChartBox is stackChart as a component.
type stackChartBox struct {
	app.Compo
	Lang      Lang
	ID, Title string
	Rows      []stackRow
	Max       decimal.Decimal
	Marks     []marker
}

// Render draws the chart.
func (b *stackChartBox) Render() app.UI {
	return safeRender(b.Lang, b.ID, func() app.UI { return stackChart(b.ID, b.Title, b.Rows, b.Max, b.Marks) })
}

// ruleListBox is ruleRefs as a component.
type ruleListBox struct {
	app.Compo
	Lang Lang
	IDs  []string
}

// Render draws the references.
func (b *ruleListBox) Render() app.UI {
	return safeRender(b.Lang, "rules", func() app.UI { return ruleRefs(b.Lang, b.IDs) })
}

// btn is a button of the page with its id, text, click handler and the
// classes after "btn". The small builders here keep app.wasm small: a
// chain of go-app calls compiles into code at every place it is written.
func btn(id, text string, h app.EventHandler, class ...string) app.UI {
	return app.Button().ID("%s", id).Type("button").Class(append([]string{"btn"}, class...)...).Text(text).OnClick(h)
}

// para is a paragraph of text, with a class when class is not "".
func para(class, text string) app.UI {
	if class == "" {
		return app.P().Text(text)
	}
	return app.P().Class(class).Text(text)
}

// heading is a heading of the given level (1–3) with its text.
func heading(level int, text string) app.UI {
	switch level {
	case 1:
		return app.H1().Text(text)
	case 2:
		return app.H2().Text(text)
	}
	return app.H3().Text(text)
}

// cell is a table cell of text, with a class when class is not "".
func cell(class, text string) app.UI {
	if class == "" {
		return app.Td().Text(text)
	}
	return app.Td().Class(class).Text(text)
}

// block is a page block (class "block") holding kids.
func block(kids ...app.UI) app.UI { return app.Div().Class("block").Body(kids...) }

// tableWrap holds a table that scrolls sideways inside its own box on a
// narrow screen.
func tableWrap(t app.UI) app.UI { return app.Div().Class("table-wrap").Body(t) }
