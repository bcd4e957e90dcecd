package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// dataTable renders a simple table with a caption, one header row and text
// cells. Rows shorter than the header are padded with empty cells.
func dataTable(id, caption string, head []string, rows [][]string) app.UI {
	ths := make([]app.UI, len(head))
	for i, h := range head {
		ths[i] = colHead(h)
	}
	trs := make([]app.UI, len(rows))
	for i, row := range rows {
		tds := make([]app.UI, len(head))
		for j := range head {
			text := ""
			if j < len(row) {
				text = row[j]
			}
			if j == 0 {
				tds[j] = app.Th().Scope("row").Text(text)
				continue
			}
			tds[j] = cell("", text)
		}
		trs[i] = app.Tr().Body(tds...)
	}
	return app.Table().ID("%s", id).Class("data").Body(
		app.Caption().Text(caption),
		app.THead().Body(app.Tr().Body(ths...)),
		app.TBody().Body(trs...),
	)
}

// colHead is a column's header cell.
func colHead(text string) app.UI { return app.Th().Scope("col").Text(text) }

// headRow is a table's header row: a column header for each catalogue
// id, in l.
func headRow(l Lang, ids ...string) app.UI {
	ths := make([]app.UI, len(ids))
	for i, id := range ids {
		ths[i] = colHead(l.Text(id))
	}
	return app.Tr().Body(ths...)
}

// headBody is a table's head, holding the header row head, and its body,
// holding rows.
func headBody(head app.UI, rows []app.UI) []app.UI {
	return []app.UI{app.THead().Body(head), app.TBody().Body(rows...)}
}
