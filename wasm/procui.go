package main

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The form pieces of the procurement pages, on the editing API of
// wasm/internal/form/procform.go: every field reads its text from the section's draft and
// writes it back through editSection.

// draft is the typed text of section name (form.Draft, form.BuildSection).
func (p *pageState) draft(name string) form.Draft { return p.st.Proc.Draft(name) }

// editSection replaces section name's draft with d: the section is parsed
// and validated, the state recomputed and saved (form.Draft, form.BuildSection).
func (p *pageState) editSection(ctx app.Context, r route, name string, d form.Draft) {
	p.setState(form.State{Lang: p.st.Lang, Input: p.st.Input, Proc: p.st.Proc.Edit(name, d), Prices: p.st.Prices, AsOf: p.st.AsOf})
	p.problems, p.synced = nil, ""
	p.saveEdit(ctx, r)
}

// pkind is how a section field is entered.
type pkind int

// The kinds of section field.
const (
	pNum    pkind = iota // a number, typed as text
	pText                // free text
	pChoice              // one of Choices; "" is "not stated"
	pCheck               // a checkbox: "true" or empty
)

// pfield is one field of a section form.
type pfield struct {
	Path    string   // the field's path in the section, as Validate names it
	Kind    pkind    // how it is entered
	Choices []string // pChoice: the values, "" first when it may be left out
	Labels  string   // pChoice: the text package's label prefix of the choice labels ("choice:poc")
}

// labelKey is the label key (see label) of a path: row indexes left out,
// "quotes[2].vendor" → "quotes[].vendor".
func labelKey(path string) string {
	var b strings.Builder
	skip := false
	for _, c := range path {
		switch {
		case c == '[':
			skip = true
			b.WriteString("[]")
		case c == ']':
			skip = false
		case !skip:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// fieldDOMID is the element id of a section field: "quotes-quotes-0-vendor".
func fieldDOMID(section, path string) string {
	return section + "-" + idReplacer.Replace(path)
}

var idReplacer = strings.NewReplacer(".", "-", "[", "-", "]", "")

// errText is a refused field's problem in language l.
func errText(l Lang, fe *fielderr.Error) string { return fe.ProblemIn(l) }

// sectionField renders one field of section sec inside route r, as a
// procFieldBox: go-app renders it again only when its text or error
// changes, not on every keystroke elsewhere on the page (blocks.go).
func (p *pageState) sectionField(r route, sec string, f pfield) app.UI {
	b := &procFieldBox{Sec: sec, Field: f, Route: r.ID, Lang: p.st.Lang,
		Value: p.draft(sec).Get(f.Path), Page: p}
	if fe := p.shownErr(sec, f.Path); fe != nil {
		b.Err = errText(p.st.Lang, fe)
	}
	return b
}

// fieldKey names a field of a section in pageState.touched and editing.
func fieldKey(sec, path string) string { return sec + ":" + path }

// shownErr is why the field at path of section sec is refused, when the
// page shows it: once the field has been left, or when it holds text the
// user is not typing in right now (a value typed earlier, a reload). A
// field nobody has touched, and the field being typed in, show nothing.
func (p *pageState) shownErr(sec, path string) *fielderr.Error {
	fe := p.st.Proc.FieldErr(sec, path)
	if fe == nil {
		return nil
	}
	k := fieldKey(sec, path)
	if p.editing == k {
		return nil
	}
	if p.touched[k] || p.draft(sec).Get(path) != "" {
		return fe
	}
	return nil
}

// touch records that the field at path of section sec was left: its error,
// if any, shows from now on.
func (p *pageState) touch(sec, path string) {
	if p.touched == nil {
		p.touched = map[string]bool{}
	}
	p.touched[fieldKey(sec, path)] = true
	if p.editing == fieldKey(sec, path) {
		p.editing = ""
	}
}

// procFieldBox is one field of a section form with its label and error.
type procFieldBox struct {
	app.Compo
	Sec   string // the section
	Field pfield
	Route string // route id of the page, for saving the state
	Lang  Lang
	Value string // the typed text
	Err   string // the refusal, "" when the field is fine
	// Page is the page whose state the field edits; the same pointer on
	// every render, so it never counts as a change.
	Page *pageState
}

// CompoID ties the box to its field: rows come and go.
func (b *procFieldBox) CompoID() string { return b.Sec + ":" + b.Field.Path }

// Render draws the field.
func (b *procFieldBox) Render() app.UI {
	return safeRender(b.Lang, "field "+b.Field.Path, b.render)
}

func (b *procFieldBox) render() app.UI {
	l, f, sec := b.Lang, b.Field, b.Sec
	id := fieldDOMID(sec, f.Path)
	name := fieldLabel(l, sec, labelKey(f.Path))
	bad := b.Err != ""
	p, r := b.Page, routeByID(b.Route)
	h := func(ctx app.Context, e app.Event) {
		p.fail = guard("input "+f.Path, func() {
			src := ctx.JSSrc()
			v := src.Get("value").String()
			if f.Kind == pCheck {
				v = ""
				if src.Get("checked").Bool() {
					v = "true"
				}
			}
			if f.Kind == pCheck || f.Kind == pChoice {
				p.touch(sec, f.Path) // a choice is made at once
			} else {
				p.editing = fieldKey(sec, f.Path)
			}
			p.editSection(ctx, r, sec, p.draft(sec).With(f.Path, v))
		})
	}
	blur := func(ctx app.Context, e app.Event) {
		p.touch(sec, f.Path)
		if p.st.Proc.FieldErr(sec, f.Path) == nil {
			ctx.PreventUpdate()
		}
	}
	scope := app.EventScope(id)
	errLine := func() app.UI {
		return app.P().ID("%s-error", id).Class("field-error").Attr("role", "alert").Text(b.Err)
	}
	var control app.UI
	switch f.Kind {
	case pCheck:
		box := app.Input().ID("%s", id).Type("checkbox").OnChange(h, scope)
		if on := b.Value == "true"; on || app.IsClient {
			box = box.Checked(on) // the prerender writes checked="false" as checked
		}
		return app.Div().Class("field", "check").Body(
			app.Label().For("%s", id).Body(box, app.Span().Text(name)),
			app.If(bad, errLine),
		)
	case pChoice:
		opts := make([]app.UI, len(f.Choices))
		for i, c := range f.Choices {
			text := l.Text("site.proc.not_stated")
			if c != "" {
				text = label(l, f.Labels+":"+c)
			}
			o := app.Option().Value(c).Text(text)
			if c == b.Value || app.IsClient {
				o = o.Selected(c == b.Value)
			}
			opts[i] = o
		}
		control = app.Select().ID("%s", id).Aria("invalid", bad).OnChange(h, scope).Body(opts...)
	default:
		mode := "decimal"
		if f.Kind == pText {
			mode = "text"
		}
		control = app.Input().ID("%s", id).Type("text").Attr("inputmode", mode).
			AutoComplete(false).Spellcheck(false).Value(b.Value).
			Aria("invalid", bad).OnInput(h, scope).OnBlur(blur, scope)
	}
	return app.Div().Class("field").Body(
		app.Label().For("%s", id).Text(label),
		app.Div().Class("field-row").Body(control),
		app.If(bad, errLine),
	)
}

// sectionErr says which field of section sec is refused, at the top of
// its form, naming it. The slot is always there, empty while the draft is
// valid: go-app compares children by position, so a message coming and
// going would replace every field after it, and the one being typed in
// would lose its focus.
func (p *pageState) sectionErr(sec string) app.UI {
	slot := app.Div().Class("section-error-slot")
	proc := p.st.Proc
	fe, heldBack := (*fielderr.Error)(nil), false
	for _, lo := range proc.Left(sec) {
		if fe = p.shownErr(sec, lo.Err.Field); fe != nil {
			heldBack = true
			break
		}
	}
	if fe == nil && proc.Held(sec) {
		fe = p.shownErr(sec, proc.Err(sec).Field)
		if whole := proc.Err(sec); fe == nil && (whole.Field == sec || whole.Field == "") {
			fe = whole // the section as a whole, not one field
		}
	}
	if fe == nil {
		return slot
	}
	l := p.st.Lang
	name := fieldName(l, sec, fe.Field)
	line := l.Text("site.proc.field_err", msg.Text(name), msg.Text(errText(l, fe)))
	if heldBack {
		line = l.Text("site.field.left", msg.Text(name), msg.Text(errText(l, fe)))
	}
	return slot.Body(app.P().ID("%s-section-error", sec).Class("section-error").Attr("role", "alert").
		Attr("data-field", fe.Field).Text(line))
}

// fieldName is the label of the field at path of section sec, with its
// row's number when it is in a list: "Bundled price (2)".
func fieldName(l Lang, sec, path string) string {
	name := fieldLabel(l, sec, labelKey(path))
	if i := strings.LastIndex(path, "["); i >= 0 && name == labelKey(path) {
		name = path
	}
	if row, ok := rowOf(path); ok {
		name = fmt.Sprintf("%s (%d)", name, row+1)
	}
	return name
}

// leftItemName names an item held back: a quote or vendor by its number
// and name ("Quote 2 (Vendor B)"), a row of another list by its list and
// number, a field by its label.
func leftItemName(l Lang, proc *form.Procurement, sec string, lo form.LeftOut) string {
	if lo.Row < 0 {
		return fieldLabel(l, sec, labelKey(lo.Item))
	}
	var label string
	switch lo.List {
	case "quotes":
		label = l.Text("site.proc.quote_row", msg.Int(lo.Row+1))
	case "vendors":
		label = l.Text("site.proc.vendor_row", msg.Int(lo.Row+1))
	default:
		label = fmt.Sprintf("%s %d", fieldLabel(l, sec, lo.List), lo.Row+1)
	}
	d := proc.Draft(sec)
	for _, k := range []string{"vendor", "name"} {
		if who := d.Get(lo.Item + "." + k); who != "" {
			return l.Text("site.left.row", msg.Text(label), msg.Text(who))
		}
	}
	return label
}

// leftNote lists the items of section sec held back from the figures
// beside them, each with the field refused and why; nothing when none is.
// It is a note, not an error: the figures are right for the rest.
func leftNote(l Lang, proc *form.Procurement, sec string) app.UI {
	left := proc.Left(sec)
	if len(left) == 0 {
		return nil
	}
	items := make([]app.UI, len(left))
	for i, lo := range left {
		items[i] = app.Li().Attr("data-item", lo.Item).Text(l.Text("site.left.item",
			msg.Text(leftItemName(l, proc, sec, lo)), msg.Text(fieldLabel(l, sec, labelKey(lo.Err.Field))),
			msg.Text(errText(l, lo.Err))))
	}
	return app.Div().ID("%s-left-out", sec).Class("note", "left-out").Body(para("", l.Text("site.left.title")), app.Ul().Body(items...))
}

// leftSummary is the items of section sec held back, named, joined for a
// line of the print brief; "" when none is.
func leftSummary(l Lang, proc *form.Procurement, sec string) string {
	left := proc.Left(sec)
	if len(left) == 0 {
		return ""
	}
	names := make([]msg.M, len(left))
	for i, lo := range left {
		names[i] = msg.New("site.left.row", msg.Text(leftItemName(l, proc, sec, lo)),
			msg.Text(fieldLabel(l, sec, labelKey(lo.Err.Field))))
	}
	return l.Text("site.brief.left", msg.Sub(msg.List(names...)))
}

// rowOf is the first row index in path, if any.
func rowOf(path string) (int, bool) {
	i := strings.Index(path, "[")
	if i < 0 {
		return 0, false
	}
	return form.RowIndex(path, path[:i])
}

// fields renders a group of section fields.
func (p *pageState) fields(r route, sec, prefix string, fs []pfield) app.UI {
	kids := make([]app.UI, len(fs))
	for i, f := range fs {
		f.Path = prefix + f.Path
		kids[i] = p.sectionField(r, sec, f)
	}
	return app.Div().Class("pgrid").Body(kids...)
}

// rowButtons are a row's remove button; add is the list's add button.
func (p *pageState) removeRow(r route, sec, list string, i int) app.UI {
	return app.Button().ID("%s-remove-%d", sec, i).Type("button").Class("btn", "small").
		Text(p.st.Lang.Text("site.proc.remove_row")).OnClick(func(ctx app.Context, e app.Event) {
		p.fail = guard("remove row", func() {
			p.editSection(ctx, r, sec, p.draft(sec).RemoveRow(list, i))
		})
	}, app.EventScope(fmt.Sprintf("%s-%d", list, i)))
}

// addRow is a button adding a row to the list at list, seeded by first;
// prep, when set, fills the rest of the section first (from the plan).
func (p *pageState) addRow(r route, sec, list, text string, first func(n int) map[string]string, prep func(form.Draft) form.Draft) app.UI {
	return app.Button().ID("%s-add-%s", sec, strings.ReplaceAll(list, ".", "-")).Type("button").Class("btn").Text(text).
		OnClick(func(ctx app.Context, e app.Event) {
			p.fail = guard("add row", func() {
				d := p.draft(sec)
				if prep != nil {
					d = prep(d)
				}
				p.editSection(ctx, r, sec, d.AddRow(list, first(d.Rows(list))))
			})
		})
}

// choices lists the values of a choice field, "" first.
func choices(vs ...string) []string { return append([]string{""}, vs...) }

// boolChoices are the values of a yes/no question that may be unanswered.
var boolChoices = choices("true", "false")

// procRuleRef links a rule id to the about page; inside an embed the link
// opens a new tab, outside the host page.
func procRuleRef(l Lang, id string, embed bool) app.UI {
	if !embed || id == "" {
		return ruleRef(l, id)
	}
	ref := ruleLink(l, id)
	return app.A().Class("rule-ref").Href("%s", ref.href).Title(ref.title).Target("_blank").Rel("noopener").Text(id)
}

// procPage renders a procurement page in the site's frame: title,
// introduction, the answer, the form, the share link.
func (p *pageState) procPage(r route, class, title, intro string, answer, form func() app.UI) app.UI {
	return p.layout(r, func() app.UI {
		return app.Div().Class("proc-page", class).Attr("data-rev", p.rev).Attr("data-compute-us", p.took.Microseconds()).Body(
			heading(1, title),
			para("intro", intro),
			answer(),
			p.readyFields(form),
			p.shareSections(r),
			app.If(r.ID == routeQuotes || r.ID == routeContract, func() app.UI { return p.embedPanel(r.ID) }),
		)
	})
}

// readyFields holds a page's form in a fieldset. The prerender's fields
// take typing at once: web/queue.js keeps what is typed before the app has
// loaded and hands it to the app once it has rendered.
func (p *pageState) readyFields(form func() app.UI) app.UI {
	return app.FieldSet().Class("ready-fields").Body(form())
}
