package msg

// Labels every area shares: billing modes, workloads, decisions.
func init() {
	add([]Entry{
		{ID: "mode.hourly", En: "hourly", Zh: "按小时计费"},
		{ID: "mode.monthly", En: "monthly", Zh: "包月"},
		{ID: "mode.annual", En: "annual", Zh: "包年"},
		{ID: "common.unknown", En: "unknown", Zh: "未知"},
		{ID: "common.problems", En: "{0} {0|problem|problems}", Zh: "{0} 个问题"},
		{ID: "common.list2", En: "{0} and {1}", Zh: "{0}和{1}"},
		{ID: "common.per_month", En: "{0} a month", Zh: "每月 {0}"},
		{ID: "common.tokens_per_s", En: "{0} tokens/s", Zh: "{0} token/秒"},
		{ID: "common.seq", En: "{0} {1}", Zh: "{0}{1}"},
		{ID: "common.list", En: "{0}; {1}", Zh: "{0}；{1}"},
	})
}
