package msg

// The operations review (shared/ops, rules O1–O3): the month flags, the
// right-sizing suggestion and the report's headings.
func init() {
	add([]Entry{
		{ID: "ops.item.gpu_rent", En: "gpu_rent", Zh: "GPU 租金"},
		{ID: "ops.item.egress", En: "egress", Zh: "出网流量"},
		{ID: "ops.item.storage", En: "storage", Zh: "存储"},
		{ID: "ops.item.extra_ips", En: "extra_ips", Zh: "额外 IP"},
		{ID: "ops.item.support_tier", En: "support_tier", Zh: "技术支持升级"},
		{ID: "ops.item.after_hours_support", En: "after_hours_support", Zh: "非工作时间支持"},
		{ID: "ops.item.data_migration", En: "data_migration", Zh: "数据迁移"},
		{ID: "ops.item.other", En: "other", Zh: "其他"},
		{ID: "ops.item.total", En: "total", Zh: "合计"},
		{ID: "ops.flag.unbudgeted", En: "{0}: {1} spent without a budget line.", Zh: "{0}：花了 {1}，但预算里没有这一项。"},
		{ID: "ops.flag.over", En: "{0}: {1} against a budget of {2}, {3}% over.", Zh: "{0}：{1}，预算 {2}，超出 {3}%。"},
		{ID: "ops.flag.low_util",
			En: "Utilisation {0}% is under 60%: over-provisioned or a scheduling problem if it lasts.",
			Zh: "利用率 {0}% 低于 60%：如果持续如此，就是资源过剩或调度有问题。"},
		{ID: "ops.rightsize",
			En: "Two months under 60% (latest {0}%, {1}): {2} cards do the work of {3} at {4}% utilisation; renting {3} saves about {5} a month in GPU rent, or fix the scheduling that leaves them idle.",
			Zh: "连续两个月低于 60%（最近 {0}%，{1}）：按 {4}% 的利用率，{3} 张卡就能完成 {2} 张卡的工作；只租 {3} 张每月约省 {5} GPU 租金，或者解决让卡闲置的调度问题。"},
		{ID: "ops.rightsize.hourly",
			En: "The cards are busy about {0} hours a day, under 10: pay by the hour (rule B1).",
			Zh: "这些卡每天只忙约 {0} 小时，不到 10 小时：按小时付费（规则 B1）。"},

		{ID: "ops.title", En: "Operations review", Zh: "运营回顾"},
		{ID: "ops.months", En: "Months against the budget (rules O1, O2; CNY)", Zh: "各月与预算对比（规则 O1、O2；元）"},
		{ID: "ops.col.month", En: "month", Zh: "月份"},
		{ID: "ops.col.vendor", En: "vendor", Zh: "供应商"},
		{ID: "ops.col.actual", En: "actual", Zh: "实际"},
		{ID: "ops.col.budget", En: "budget", Zh: "预算"},
		{ID: "ops.col.variance", En: "variance", Zh: "偏差"},
		{ID: "ops.col.utilisation", En: "utilisation", Zh: "利用率"},
		{ID: "ops.col.useful", En: "per useful GPU-hour", Zh: "每有效 GPU 小时"},
		{ID: "ops.col.quarter", En: "quarter", Zh: "季度"},
		{ID: "ops.col.months", En: "months", Zh: "月数"},
		{ID: "ops.col.cost", En: "cost vs budget", Zh: "成本对比预算"},
		{ID: "ops.col.over", En: "items over", Zh: "超支项"},
		{ID: "ops.col.mark", En: "vendor mark", Zh: "供应商评分"},
		{ID: "ops.col.grades", En: "grades u/c/v", Zh: "评级 利用率/成本/供应商"},
		{ID: "ops.findings", En: "Findings", Zh: "发现"},
		{ID: "ops.rightsizing", En: "Right-sizing (rule O1)", Zh: "规模调整（规则 O1）"},
		{ID: "ops.scorecard", En: "Quarterly scorecard (rule O3)", Zh: "季度评分卡（规则 O3）"},
		{ID: "ops.unbudgeted", En: "unbudgeted", Zh: "无预算"},
	})
}
