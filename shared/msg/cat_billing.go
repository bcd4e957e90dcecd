package msg

// Billing-mode reasons (shared/billing, rules B1–B3).
func init() {
	add(map[string]Entry{
		"billing.whose.yours": {En: "your prices", Zh: "按你的报价"},
		"billing.whose.reference": {
			En: "the catalogue's reference prices (not quotes, and the hourly and monthly figures come from different sources: ask the vendor for both)",
			Zh: "按目录参考价（不是报价，且按小时和包月价格来源不同：两个价格都要向供应商询问）",
		},
		"billing.breakeven": {
			En: "At {0} the monthly package pays off above {1} hours a day ({2} a month ÷ {3} an hour ÷ {4} days); you plan {5} hours a day, so {6} billing is the cheaper of the two.",
			Zh: "{0}，每天使用超过 {1} 小时包月才划算（每月 {2} ÷ 每小时 {3} ÷ {4} 天）；你计划每天用 {5} 小时，所以{6}更便宜。",
		},
		"billing.breakeven.annual": {
			En: "The annual contract ({0} a card-month) pays off above {1} hours a day.",
			Zh: "包年合同（每卡每月 {0}）在每天超过 {1} 小时时划算。",
		},
		"billing.breakeven.never": {
			En: "Above 24 hours a day the package never pays off at these prices.",
			Zh: "平衡点超过每天 24 小时：按这些价格，包月永远不划算。",
		},
		"billing.thumb.agrees": {
			En: "The 10-hours-a-day rule of thumb (B1) agrees.",
			Zh: "“每天 10 小时”的经验法则（B1）结论相同。",
		},
		"billing.thumb.disagrees": {
			En: "The 10-hours-a-day rule of thumb (B1) would say otherwise: it fits only prices where a month costs 10 × days hours of hourly billing.",
			Zh: "“每天 10 小时”的经验法则（B1）结论相反：它只适用于包月价格恰好等于按小时计费 10 × 天数 小时的情形。",
		},
		"billing.missing.hourly":  {En: "hourly", Zh: "按小时"},
		"billing.missing.monthly": {En: "monthly", Zh: "包月"},
		"billing.missing.both":    {En: "hourly and monthly", Zh: "按小时和包月"},
		"billing.fallback": {
			En: "Without the {0} price the break-even cannot be computed, so the rule of thumb decides (B1): under 10 hours a day by the hour, over 10 by the month; you plan {1}. Ask the vendor for both prices.",
			Zh: "缺少{0}价格，无法计算平衡点，因此按经验法则（B1）：每天少于 10 小时按小时计费，多于 10 小时包月；你计划每天 {1} 小时。请向供应商索取两种价格。",
		},
		"billing.volatile": {
			En: "Demand is volatile, so the work is billed by the hour (B2): a package is paid for whether or not the cards are busy.",
			Zh: "需求波动，所以按小时计费（B2）：包月无论卡是否在用都要付钱。",
		},
		"billing.volatile.saving": {
			En: "At your average hours {0} billing would be {1} a month cheaper; switch once the average holds month after month.",
			Zh: "按你的平均用量，{0}每月会便宜 {1}；等平均用量连续数月保持稳定后再切换。",
		},
		"billing.commit.short": {
			En: "Steady work for {0} {0|month|months} suits a monthly package; an annual contract would outlast the project (B2).",
			Zh: "为期 {0} 个月的稳定工作适合包月；包年合同会比项目还长（B2）。",
		},
		"billing.commit.annual_saving": {
			En: "A steady {0}-month project suits an annual contract (B2): at {1} off it costs {2} a month instead of {3}.",
			Zh: "为期 {0} 个月的稳定项目适合包年（B2）：折扣 {1}，每月 {2}，而不是 {3}。",
		},
		"billing.commit.annual": {
			En: "A steady {0}-month project suits an annual contract (B2).",
			Zh: "为期 {0} 个月的稳定项目适合包年（B2）。",
		},
		"billing.commit.no_discount": {
			En: "A steady {0}-month project suits a monthly package or an annual contract (B2); no annual discount was given, and without one a year's lock-in buys nothing.",
			Zh: "为期 {0} 个月的稳定项目适合包月或包年（B2）；没有填写包年折扣，没有折扣时锁定一年换不来任何好处。",
		},
		"billing.commit.either": {
			En: "A steady {0}-month project suits a monthly package or an annual contract (B2).",
			Zh: "为期 {0} 个月的稳定项目适合包月或包年（B2）。",
		},
		"billing.first_contract": {
			En: "This is the first contract with this vendor: start monthly or quarterly and move to the annual contract only after the service has proved stable (B3).",
			Zh: "这是与该供应商的第一份合同：先按月或按季度签，服务被证明稳定后再转包年（B3）。",
		},
		"billing.first_contract.saving": {
			En: "The annual discount would save {0} a month then.",
			Zh: "届时包年折扣每月可省 {0}。",
		},
	})
}
