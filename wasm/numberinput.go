package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// numberInput renders one planner field: label, text input, unit, help and,
// when the text is refused, a message that names the field, the allowed
// range and the rule. The input is type=text with inputmode=decimal, bound to
// the raw string: a number-typed binding re-formats what the user types.
func numberInput(f fieldSpec, m *Messages, value string, ferr *FieldError, onInput app.EventHandler) app.UI {
	label := f.Label(m)
	helpID := f.Key + "-help"
	errID := f.Key + "-error"
	describedBy := helpID
	if ferr != nil {
		describedBy += " " + errID
	}
	return app.Div().Class("field").Body(
		app.Label().For("%s", f.Key).Text(label),
		app.Div().Class("field-row").Body(
			app.Input().
				ID("%s", f.Key).
				Name("%s", f.Key).
				Type("text").
				Attr("inputmode", "decimal").
				AutoComplete(false).
				Spellcheck(false).
				Value(value).
				Aria("invalid", ferr != nil).
				Aria("describedby", describedBy).
				OnInput(onInput),
			app.Span().Class("unit").Text(f.Unit(m)),
		),
		app.P().ID("%s", helpID).Class("help").Text(f.Help(m)),
		app.If(ferr != nil, func() app.UI {
			return app.P().ID("%s", errID).Class("field-error").Attr("role", "alert").
				Text(ferr.Message(m, label))
		}),
	)
}
