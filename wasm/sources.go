package main

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// selfBuildSources are the catalogue ids of the citations of the
// self-build comparison's reference values (rule D1) on the About page, as
// a reader can follow them: a law by name, a report by publisher, or a
// labelled assumption; never a file of this repository.
// catalog.CheckSource holds their English to that (TestSelfBuildSources).
var selfBuildSources = struct {
	Residual, Life, PUE, KWh, Colo, Staff string
}{
	Residual: "site.source.residual", Life: "site.source.life", PUE: "site.source.pue",
	KWh: "site.source.kwh", Colo: "site.source.colo", Staff: "site.source.staff",
}

// sourceText renders a source citation with each web address in it as a
// link a reader can open; the rest stays text.
func sourceText(s string) []app.UI {
	var out []app.UI
	for {
		i := strings.Index(s, "https://")
		if i < 0 {
			break
		}
		end := i + strings.IndexAny(s[i:]+" ", " )<>\"")
		u := strings.TrimRight(s[i:end], ".,;")
		if i > 0 {
			out = append(out, app.Text(s[:i]))
		}
		out = append(out, app.A().Class("source-link").Href("%s", u).Attr("rel", "noopener noreferrer external").Text(u))
		s = s[i+len(u):]
	}
	if s != "" {
		out = append(out, app.Text(s))
	}
	return out
}
