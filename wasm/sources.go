package main

// selfBuildSources cite the reference values of the self-build comparison
// (rule D1) on the About page as a reader can follow them: a law by name,
// a report by publisher, or a labelled assumption; never a file of this
// repository (issue 15). catalog.CheckSource holds them to that
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
