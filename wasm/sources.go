package main

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// selfBuildSources cite the reference values of the self-build comparison
// (rule D1) on the About page as a reader can follow them: a law by name,
// a report by publisher, or a labelled assumption; never a file of this
// repository. catalog.CheckSource holds them to that
// (TestSelfBuildSources).
var selfBuildSources = struct {
	Residual, Life, PUE, KWh, Colo, Staff string
}{
	Residual: "assumption: a 5% residual value is customary for servers; replace it with a resale quote",
	Life:     "law 《中华人民共和国企业所得税法实施条例》第六十条 (Enterprise Income Tax implementing regulations, Art. 60): electronic equipment is depreciated over at least 3 years",
	PUE:      "press reports of China's target average data-centre PUE below 1.5 by 2025 (Xinhua, 2024-07)",
	KWh:      "assumption: an illustrative industrial electricity tariff; replace it with your contract's",
	Colo:     "assumption: USD 200 per kW a month at 7 CNY per USD, the usual range being USD 150–250; no Chinese rack price list found",
	Staff:    "assumption: one GPU operations engineer's loaded yearly cost, spread over the cards one engineer runs",
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
