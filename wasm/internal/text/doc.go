// Package text holds every sentence the site shows, in Simplified Chinese
// and English: the language type (Lang), the message tables (Messages,
// ProcText, JourneyText, UXText), one compile-checked struct per language,
// the labels of section fields and choices, and the language-aware number
// and money formats. It imports no go-app, so it is tested with plain
// `go test` and shared by the form package and the pages.
package text
