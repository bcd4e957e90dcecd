package msg

// The renewal and exit schedule (shared/exit, rules E1, E2, K2): each
// step's title and how to do it, and the schedule's headings.
func init() {
	add([]Entry{
		{ID: "exit.decide", En: "Decide: renew or exit", Zh: "决定：续约还是退出"},
		{ID: "exit.decide.detail",
			En: "Decide 3–5 days before the end whether to renew. Renewing early leaves room on price: ask for the renewal offer first; the vendor saves the cost of winning a new customer.",
			Zh: "在到期前 3–5 天决定是否续约。提前续约在价格上有谈判空间：先要续约报价；供应商省下了获取新客户的成本。"},
		{ID: "exit.export", En: "Export weights, data and logs", Zh: "导出权重、数据和日志"},
		{ID: "exit.export.detail",
			En: "Copy model weights, training data and logs to your own object storage, and check the copies (sizes, checksums, a test restore) while the machines are still yours.",
			Zh: "趁机器还归你用，把模型权重、训练数据和日志复制到你自己的对象存储，并核对副本（大小、校验和、一次恢复测试）。"},
		{ID: "exit.end", En: "Contract ends", Zh: "合同到期"},
		{ID: "exit.end.detail",
			En: "Last day of service. From here the vendor may wipe the disks: nothing should be left only there.",
			Zh: "服务的最后一天。此后供应商可能清空磁盘：任何数据都不应只留在那里。"},
		{ID: "exit.deletion", En: "Deletion certificate due", Zh: "删除证明到期"},
		{ID: "exit.deletion.detail",
			En: "The vendor deletes all data within {0} working days of the end and gives a written certificate (K2). Chase it if it has not arrived; keep it with the contract.",
			Zh: "供应商在到期后 {0} 个工作日内删除全部数据并出具书面证明（K2）。没收到就催；与合同一起保存。"},
		{ID: "exit.reconcile", En: "Reconcile the final bill", Zh: "核对最终账单"},
		{ID: "exit.reconcile.detail",
			En: "Check the final bill against your usage records and the contract (billing start, quotas, credits owed), and settle only once it agrees and the deletion certificate is in hand.",
			Zh: "按你的用量记录和合同（计费起点、配额、应得赔偿）核对最终账单，账单相符且拿到删除证明后再结清。"},

		{ID: "exit.title", En: "Exit schedule, contract ends {0}", Zh: "退出日程，合同于 {0} 到期"},
		{ID: "exit.title.vendor", En: "Exit schedule, contract ends {0} ({1})", Zh: "退出日程，合同于 {0} 到期（{1}）"},
		{ID: "exit.col.from", En: "from", Zh: "开始"},
		{ID: "exit.col.due", En: "due", Zh: "截止"},
		{ID: "exit.col.rule", En: "rule", Zh: "规则"},
		{ID: "exit.col.step", En: "step", Zh: "步骤"},
		{ID: "exit.md.title", En: "Exit schedule", Zh: "退出日程"},
		{ID: "exit.md.ends", En: "Contract ends {0}.", Zh: "合同于 {0} 到期。"},
		{ID: "exit.md.ends.vendor", En: "Contract ends {0} ({1}).", Zh: "合同于 {0} 到期（{1}）。"},
		{ID: "exit.step_due", En: "{0} ({1})", Zh: "{0}（{1}）"},
		{ID: "exit.md.window", En: "{0} to {1}", Zh: "{0} 至 {1}"},
		{ID: "exit.md.step", En: "{0} ({1}, rule {2}): {3}", Zh: "{0}（{1}，规则 {2}）：{3}"},
	})
}
