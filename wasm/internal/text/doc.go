// Package text holds the site's language type (Lang) and the helpers that
// depend on it: its conversion to shared/msg's language, the labels of
// section fields and choices (looked up in shared/msg's catalogue,
// site.label.*), and the language-aware number and money formats. Every
// sentence the site shows is a shared/msg catalogue entry (the site_*.txt
// areas); this package holds none. It imports no go-app, so it is tested
// with plain `go test` and shared by the form package and the pages.
package text
