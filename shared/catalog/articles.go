package catalog

// The three Chinese articles (August 2026) that docs/rules.md numbers 000,
// 001 and 002, cited as a reader can find them: by title where the article
// has one, by its opening words where it has none, and by publisher where
// the article names one. The copies the project worked from carry no web
// address, so none is given; a price or spec from any other source links
// to it (TestSourcesCanBeOpened).
const (
	// Article000 has no title line; its summary opens "GPU租赁采购不是比价".
	Article000 = "article “GPU租赁采购六环节” (untitled; opens “GPU租赁采购不是比价”, 2026-08)"
	// Article001 is titled in the article itself.
	Article001 = "article 《企业显卡租赁怎么选?老板必问的8个问题》 (2026-08)"
	// Article002 has no title line; its third section is "显卡租赁完整流程:
	// 7 个环节逐个拆", and it names its publisher, 极智算 (jygpu.com).
	Article002 = "article “显卡租赁完整流程:7 个环节逐个拆” (极智算, https://jygpu.com, 2026-08)"
)
