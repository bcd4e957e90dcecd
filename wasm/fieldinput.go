package main

import (
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// fieldInput renders one field: label, control, unit, help and, when the
// text is refused, a message that names the field, the value and the allowed
// range. Numbers are type=text inputs bound to the raw string (a number-typed
// binding re-formats what the user types); choices are a <select>, flags a
// checkbox. placeholder shows the value used when an optional field is
// empty.
func fieldInput(f form.Spec, l Lang, value string, ferr *form.FieldError, placeholder string, h app.EventHandler) app.UI {
	label := f.Label(l)
	id := f.ID()
	helpID, errID := id+"-help", id+"-error"
	help := f.Help(l)
	describedBy := ""
	if help != "" {
		describedBy = helpID
	}
	if ferr != nil {
		describedBy += " " + errID
	}
	scope := app.EventScope(f.Key)

	var control app.UI
	switch f.Kind {
	case form.KindBool:
		box := app.Input().ID("%s", id).Name("%s", f.Key).Type("checkbox").
			Aria("describedby", describedBy).OnChange(h, scope)
		if on := value == "true"; on || app.IsClient {
			// The prerender writes checked="false" for false, which HTML
			// reads as checked; only the client sets the property.
			box = box.Checked(on)
		}
		return app.Div().Class("field", "check").Body(
			app.Label().For("%s", id).Body(box, app.Span().Text(label)),
			ruleRef(l, f.Rule),
			errorLine(l, ferr, errID, label),
		)
	case form.KindChoice:
		opts := make([]app.UI, len(f.Choices))
		for i, c := range f.Choices {
			o := app.Option().Value(c).Text(choiceLabel(f, l, c))
			if c == value || app.IsClient {
				o = o.Selected(c == value) // see the checkbox above
			}
			opts[i] = o
		}
		control = app.Select().ID("%s", id).Name("%s", f.Key).
			Aria("invalid", ferr != nil).Aria("describedby", describedBy).
			OnChange(h, scope).Body(opts...)
	default:
		mode := "decimal"
		if f.Kind == form.KindInt {
			mode = "numeric"
		}
		control = app.Input().ID("%s", id).Name("%s", f.Key).Type("text").
			Attr("inputmode", mode).AutoComplete(false).Spellcheck(false).
			Placeholder(placeholder).Value(value).
			Aria("invalid", ferr != nil).Aria("describedby", describedBy).
			OnInput(h, scope)
	}
	return app.Div().Class("field").Body(
		app.Div().Class("field-head").Body(
			app.Label().For("%s", id).Text(label),
			ruleRef(l, f.Rule),
		),
		app.Div().Class("field-row").Body(
			control,
			app.If(f.Unit(l) != "", func() app.UI { return app.Span().Class("unit").Text(f.Unit(l)) }),
		),
		app.If(help != "", func() app.UI { return app.P().ID("%s", helpID).Class("help").Text(help) }),
		errorLine(l, ferr, errID, label),
	)
}

// errorLine is the message of a refused field, or nothing.
func errorLine(m msg.Lang, ferr *form.FieldError, id, label string) app.UI {
	if ferr == nil {
		return nil
	}
	return app.P().ID("%s", id).Class("field-error").Attr("role", "alert").Text(ferr.Message(m, label))
}

// choiceLabel is the text of one option of a choice field.
func choiceLabel(f form.Spec, l Lang, value string) string {
	if f.Key == "model.preset" && value != "" {
		if p, ok := sizing.PresetByID(value); ok {
			return p.Name + " · " + l.Num(p.ParamsB(), 1) + "B"
		}
	}
	kind := f.Key
	if f.Key == "model.preset" {
		kind = "preset"
	}
	label := l.Enum(kind, value)
	switch {
	case label != value:
		return label
	case value == "" && choiceDefaults[f.Key] != "":
		// The empty option is the default plan.Build fills in: say which.
		return l.Text("site.choice.default", msg.Text(choiceLabel(f, l, choiceDefaults[f.Key])))
	case value == "true":
		return l.Text("site.proc.yes")
	case value == "false":
		return l.Text("site.proc.no")
	}
	return label
}

// choiceDefaults are the values plan.Build gives a choice left empty
// (shared/plan's validate.go), so the empty option names it.
var choiceDefaults = map[string]string{
	"kv_cache_precision": "bf16", "training.lora_targets": "attention", "training.optimizer": "adamw",
}

// ruleRef links a rule id to its line on the about page; hovering shows the
// rule. Nothing when id is empty.
func ruleRef(l Lang, id string) app.UI {
	if id == "" {
		return nil
	}
	ref := ruleLink(l, id)
	return app.A().Class("rule-ref").Href("%s", ref.href).Title(ref.title).Text(id)
}

// ruleRefs links several rule ids.
func ruleRefs(l Lang, ids []string) app.UI {
	items := make([]app.UI, len(ids))
	for i, id := range ids {
		items[i] = ruleRef(l, id)
	}
	return app.Span().Class("rule-refs").Body(items...)
}
