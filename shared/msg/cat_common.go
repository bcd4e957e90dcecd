package msg

// Labels every area shares: billing modes, workloads, decisions.
func init() {
	add(map[string]Entry{
		"mode.hourly":         {En: "hourly", Zh: "按小时计费"},
		"mode.monthly":        {En: "monthly", Zh: "包月"},
		"mode.annual":         {En: "annual", Zh: "包年"},
		"common.unknown":      {En: "unknown", Zh: "未知"},
		"common.problems":     {En: "{0} {0|problem|problems}", Zh: "{0} 个问题"},
		"common.list2":        {En: "{0} and {1}", Zh: "{0}和{1}"},
		"common.per_month":    {En: "{0} a month", Zh: "每月 {0}"},
		"common.tokens_per_s": {En: "{0} tokens/s", Zh: "{0} token/秒"},
		"common.seq":          {En: "{0} {1}", Zh: "{0}{1}"},
	})
}
