package msg

// The full monthly cost (shared/tco, rules C1–C5): how each item was
// computed, the hidden-fee warning and the default prices' assumptions.
func init() {
	add(map[string]Entry{
		"tco.basis.own":          {En: "your figure", Zh: "你填写的金额"},
		"tco.basis.no_egress":    {En: "no egress volume entered", Zh: "未填写出网流量"},
		"tco.basis.none":         {En: "none entered", Zh: "未填写"},
		"tco.basis.not_needed":   {En: "not needed", Zh: "不需要"},
		"tco.basis.no_migration": {En: "no data to move entered", Zh: "未填写要迁移的数据量"},
		"tco.basis.rent":         {En: "{0} {0|card|cards} × {1}", Zh: "{0} 张卡 × {1}"},
		"tco.basis.priced":       {En: "{0} × {1}{2}", Zh: "{0} × {1}{2}"},
		"tco.basis.free":         {En: "({0} GB − {1} GB free)", Zh: "（{0} GB − 免费 {1} GB）"},
		"tco.basis.tiers":        {En: "{0} at {1} price {1|tier|tiers}", Zh: "{0}，分 {1} 档计价"},
		"tco.basis.flat":         {En: "reference fee {0}{1}", Zh: "参考费用 {0}{1}"},
		"tco.basis.spread":       {En: "{0}, one-off, spread over {1} {1|month|months}", Zh: "{0}，一次性费用，分摊到 {1} 个月"},
		"tco.qty.gb":             {En: "{0} GB", Zh: "{0} GB"},
		"tco.qty.ips":            {En: "{0} {0|IP|IPs}", Zh: "{0} 个 IP"},
		"tco.unit.CNY/GB":        {En: "/GB", Zh: "/GB"},
		"tco.unit.CNY/GB-month":  {En: "/GB-month", Zh: "/GB·月"},
		"tco.unit.CNY/IP-month":  {En: "/IP-month", Zh: "/个·月"},
		"tco.unit.CNY/month":     {En: " a month", Zh: "/月"},
		"tco.share":              {En: "Hidden items are {0} of the total", Zh: "隐性费用占总成本的 {0}"},
		"tco.share.range":        {En: "Hidden items are {0}–{1} of the total", Zh: "隐性费用占总成本的 {0}–{1}"},
		"tco.warn.below": {
			En: "{0}, below the usual 10–25% (C3): check what the quote leaves out (storage, migration, support, after-hours).",
			Zh: "{0}，低于常见的 10–25%（C3）：检查报价漏掉了什么（存储、迁移、技术支持、非工作时间支持）。",
		},
		"tco.warn.above": {
			En: "{0}, above the usual 10–25% (C3): extras are eating the budget; ask the vendor to split the quote into GPU, bandwidth and storage (C5).",
			Zh: "{0}，高于常见的 10–25%（C3）：额外费用在吞噬预算；请供应商把报价拆成 GPU、带宽和存储三项（C5）。",
		},
		"tco.warn.partial": {
			En: "{0}, partly outside the usual 10–25% (C3): narrow the ranges with real quotes.",
			Zh: "{0}，部分超出常见的 10–25%（C3）：用真实报价收窄区间。",
		},
		"tco.warn.overrun": {
			En: "Budgets that count only the GPU rent typically end at 1.3–1.5× the plan (C3).",
			Zh: "只算 GPU 租金的预算，最终通常是计划的 1.3–1.5 倍（C3）。",
		},
		"tco.assume.egress": {
			En: "assumption: pay-by-traffic public egress on mainland Chinese clouds is listed around 0.8 CNY/GB, GPU platforms often lower; not in research notes, replace with a quote",
			Zh: "假设：中国大陆云厂商按流量计费的公网出流量标价约 0.8 元/GB，GPU 平台通常更低；无研究依据，请用报价替换",
		},
		"tco.assume.storage": {
			En: "assumption: cloud SSD/NVMe list prices span roughly 0.3–1.0 CNY/GB-month; not in research notes, replace with a quote",
			Zh: "假设：云 SSD/NVMe 标价约 0.3–1.0 元/GB·月；无研究依据，请用报价替换",
		},
		"tco.assume.ips": {
			En: "assumption: extra public IPv4 addresses; not in research notes, replace with a quote",
			Zh: "假设：额外的公网 IPv4 地址；无研究依据，请用报价替换",
		},
		"tco.assume.support": {
			En: "rule C2: the article's support-tier upgrade, 1,000 a month (one example)",
			Zh: "规则 C2：文章中的技术支持升级，每月 1,000 元（一个例子）",
		},
		"tco.assume.after_hours": {
			En: "assumption: after-hours (night and weekend) support; not in research notes, replace with a quote",
			Zh: "假设：非工作时间（夜间和周末）技术支持；无研究依据，请用报价替换",
		},
		"tco.assume.migration": {
			En: "assumption: migration is billed as egress traffic; same range as egress_per_gb",
			Zh: "假设：迁移按出网流量计费，与 egress_per_gb 的区间相同",
		},
		"common.verbatim": {En: "{0}", Zh: "{0}"},
	})
}
