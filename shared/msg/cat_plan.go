package msg

// The plan's warnings and the rent units it quotes (shared/plan).
func init() {
	add([]Entry{
		{ID: "plan.warn.billing",
			En: "billing: {0} is recommended but no {0} price is known for the {1}, so the rent is priced {2}; get a quote for {0} billing and enter it",
			Zh: "计费：推荐{0}，但没有 {1} 的{0}价格，所以租金按{2}计算；请获取{0}报价并填入",
		},
		{ID: "plan.warn.unconfirmed",
			En: "the {0} rent is an unconfirmed reference range ({1}): replace it with a real quote",
			Zh: "{0} 的租金是未经证实的参考区间（{1}）：请用真实报价替换",
		},
		{ID: "plan.warn.nodes",
			En: "{0} nodes: the contract must name the InfiniBand/RoCE fabric and its bandwidth (rules A3, K4)",
			Zh: "{0} 个节点：合同必须写明 InfiniBand/RoCE 网络及其带宽（规则 A3、K4）",
		},
		{ID: "plan.warn.classified",
			En: "classified data: check the vendor's isolation and that data never leaves the region (rules R1, K2)",
			Zh: "涉密数据：核实供应商的隔离措施，并确认数据不会离开所在地域（规则 R1、K2）",
		},
		{ID: "plan.warn.no_fit",
			En: "no catalogue option fits the memory this job needs: reduce precision, context or concurrency",
			Zh: "目录中没有哪个选项放得下这项工作所需的显存：请降低精度、上下文长度或并发数",
		},
		{ID: "plan.unit.hourly",
			En: "{0} an hour × {1} h × {2} days",
			Zh: "每小时 {0} × {1} 小时 × {2} 天",
		},
		{ID: "plan.unit.annual",
			En: "{0} a month less the {1} annual discount",
			Zh: "每月 {0} 减去 {1} 的包年折扣",
		},
	})
}
