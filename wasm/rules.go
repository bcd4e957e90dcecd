package main

import (
	"strings"
	"sync"
)

// rule is one rule of docs/rules.md with its one-line summary in each
// language, the same words as docs/rules.md (TestRulesDoc compares them).
// The planner's rule ids link to their line on the about page
// (/about#rule-B1) and show it when hovered.
type rule struct {
	ID     string
	En, Zh string
}

// rules is the rulebook, in docs/rules.md order. TestRulesTable checks
// that the ids are unique and that every id a plan cites is here.
var rules = []rule{
	{"R1", "The requirement sheet: workload, model size, training or inference, interconnect, card-hours, data volume, domestic hardware, compliance.",
		"需求表：负载类型、模型规模、训练还是推理、互联、卡时、数据量、信创要求、合规要求。"},
	{"R2", "Training needs 5–20× the compute of inference for the same model.",
		"同一模型，训练所需算力是推理的 5–20 倍。"},
	{"R3", "No plan without a workload and a model size: a vague sheet gets the lowest tier and a doubled upgrade cost.",
		"没有负载类型和模型规模就不出方案：模糊的需求只会换来最低档配置和翻倍的升级成本。"},
	{"G1", "Size buckets: under 7B an RTX 4090; 13B–70B an H100 or H20; 100B+ multi-node bare metal with NVLink.",
		"规模档位：7B 以下用 RTX 4090；13B–70B 用 H100 或 H20；100B 以上用多机裸金属、NVLink 互联。"},
	{"G2", "The workload table: which card each kind of work rents, and at what monthly price.",
		"负载选型表：每类工作租什么卡、每月什么价位。"},
	{"G3", "One H100 rents for about 55,000 CNY a month.",
		"一张 H100 月租约 5.5 万元。"},
	{"G4", "The buckets are a floor: the card and count come from the memory the job needs, and the plan says where it departs from G1/G2.",
		"档位只是下限：卡型与卡数由任务所需显存算出，方案会说明与 G1/G2 的差异及原因。"},
	{"B1", "Under 10 hours a day on average, pay by the hour; over 10 hours, pay by the month.",
		"日均使用不足 10 小时按小时付费；超过 10 小时按月付费。"},
	{"B2", "Temporary training by the hour, steady services by the month, long projects on a package or annual contract.",
		"临时训练按小时，稳定服务按月，长期项目用包月套餐或年付合同。"},
	{"B3", "First contract with a vendor: monthly or quarterly; annual only once stability is proven.",
		"与供应商首次合作按月或按季度签约；确认稳定后再签年付。"},
	{"C1", "Full monthly cost = GPU rent + egress + storage + extra IPs + support upgrade + after-hours support + data migration.",
		"全口径月成本 = GPU 租金 + 出网流量 + 存储扩容 + 额外 IP + 支持升级 + 非工作时间支持 + 数据迁移。"},
	{"C2", "Worked example: H100 55,000 + egress 2,000 + IP 200 + support 1,000 = 58,200 a month.",
		"算例：H100 5.5 万 + 流量超额 2,000 + IP 200 + 支持升级 1,000 = 每月 58,200 元。"},
	{"C3", "Hidden items are usually 10–25% of the total; budgets that ignore them end at 1.3–1.5× the plan.",
		"隐性费用通常占总额 10–25%；忽略它们的预算最终会超出 1.3–1.5 倍。"},
	{"C4", "Worked example, 8 × RTX 4090: all-in 11,000–17,000 a month rented against 25,000–35,000 self-built.",
		"算例：8 卡 RTX 4090 租用全口径每月 1.1–1.7 万，自建每月 2.5–3.5 万。"},
	{"C5", "Quotes more than 30% apart: ask what each includes; split bundles into GPU, bandwidth and storage.",
		"两家报价相差超过 30% 时，问清各自包含什么；打包报价要拆成 GPU、带宽、存储再比较。"},
	{"D1", "Rent or build: daily use, project length, operations team, demand and data decide.",
		"租还是建：由每日使用时长、项目周期、运维团队、需求形态和数据性质决定。"},
	{"D2", "Hybrid: own about 40% (the steady base), rent about 60% (peaks and projects).",
		"混合模式：自有约 40%（稳定基础负载），租用约 60%（峰值与项目）。"},
	{"V1", "Score 3–5 vendors on GPU coverage, SLA, data security, price transparency and interconnect.",
		"从 GPU 型号覆盖、SLA、数据安全、价格透明度、网络互联五个维度给 3–5 家供应商打分。"},
	{"V2", "Hard filters: B11 telecom licence, corporate transfer with VAT invoice, an SLA that pays money.",
		"硬性门槛：B11 增值电信许可证、对公转账并开增值税专票、SLA 以现金赔付。"},
	{"V3", "Soft signals: Tier 3+ GPU room, customer cases on the same card; refusing a POC is a red flag.",
		"软性信号：Tier 3 以上专用 GPU 机房、同型号企业案例；拒绝 POC 是危险信号。"},
	{"V4", "Collect at least three all-in quotes with the SLA text.",
		"至少收集三份全口径报价及 SLA 文本。"},
	{"V5", "Use two vendors: a primary with 60–70% on an annual discount, a backup with 30–40% on demand.",
		"使用两家供应商：主供应商承担 60–70%（年付折扣），备份供应商 30–40%（按需）。"},
	{"P1", "POC with the real model and data: record utilisation, speed, network, storage IOPS and start time.",
		"用真实模型和数据做 POC：记录 GPU 利用率、训练速度、网络吞吐、存储 IOPS 和启动时间。"},
	{"P2", "Multi-card scaling under 75% of linear: check the network.",
		"多卡扩展效率低于线性的 75%：检查网络。"},
	{"P3", "Measured performance must reach at least 90% of the expected figure.",
		"实测性能须达到预期的 90% 以上。"},
	{"P4", "The POC machine must be the configuration that will be delivered.",
		"POC 机器必须与最终交付配置一致。"},
	{"P5", "Trial 1–2 days (3–5 for large buyers); file a weekend-night ticket and time the answer.",
		"试用 1–2 天（大客户 3–5 天）；周末夜间提交工单并记录响应时间。"},
	{"K1", "SLA at least 99.9%, compensated in money, capped at no less than 50% of the monthly fee.",
		"SLA 不低于 99.9%，以现金赔付，赔付上限不低于月费的 50%。"},
	{"K2", "Data belongs to you; deletion within 7 working days of termination, with a certificate.",
		"数据归客户所有；合同终止后 7 个工作日内删除并出具书面证明。"},
	{"K3", "Early termination: monthly at most the current month; annual at most 20% of the rest and 3 months' fees.",
		"提前解约：月付不超过当月费用；年付不超过剩余租金的 20% 且不超过 3 个月费用。"},
	{"K4", "The contract names model, memory, count, bare metal or VM, delivery, billing start, support and exit.",
		"合同写明型号、显存、卡数、裸金属或虚拟化、交付时间、计费起点、故障响应与退出流程。"},
	{"K5", "An online user agreement is not a service contract.",
		"在线用户协议不等于服务合同。"},
	{"K6", "If the business cannot survive a 48-hour GPU outage, K1–K3 are not negotiable.",
		"如果业务扛不住 48 小时 GPU 中断，K1–K3 没有商量余地。"},
	{"A1", "Before any workload, check model, memory and driver against the contract with nvidia-smi.",
		"跑业务之前，用 nvidia-smi 核对型号、显存和驱动版本是否与合同一致。"},
	{"A2", "Run a benchmark: the card must not be clock-limited or down-binned.",
		"跑基准测试：显卡不得被限频或降级。"},
	{"A3", "Check network bandwidth, interconnect and data disks against the contract.",
		"按合同核对网络带宽、集群互联和数据盘。"},
	{"A4", "Any mismatch: record evidence and open a ticket at once, before business workloads.",
		"发现任何不符：立即留证并提交工单，之后再跑业务。"},
	{"A5", "Delivery takes a day on mature platforms, 1–3 days for custom bare metal.",
		"成熟平台当天至 1 个工作日交付；定制裸金属或指定机房 1–3 天。"},
	{"O1", "First week: watch utilisation; long-term under 60% means over-provisioned.",
		"第一周关注利用率；长期低于 60% 说明配置过剩或调度有问题。"},
	{"O2", "Monthly: actual cost against budget; reconcile the bills.",
		"每月：对比实际成本与预算，核对账单。"},
	{"O3", "Quarterly: review the vendor; keep a scorecard of utilisation, cost and vendor score.",
		"每季度：评估供应商，记录利用率、成本和供应商评分。"},
	{"O4", "Cautionary figures: three months in, utilisation 45% and network 30% over budget.",
		"警示数字：三个月后利用率 45%，网络费用超预算 30%。"},
	{"O5", "Buyers over 500,000 a year should name one person for compute procurement.",
		"年采购额超过 50 万元的企业应指定专人负责算力采购。"},
	{"E1", "3–5 days before expiry, decide renewal or exit; renewing early has price room.",
		"到期前 3–5 天决定续租或退租；提前续租有议价空间。"},
	{"E2", "Exit: export weights, data and logs; confirm the disks were wiped; reconcile the final bill.",
		"退租：导出权重、数据和日志；确认磁盘已清除；结清前核对最后账单。"},
	{"L1", "The three articles' checklists, kept and exported with the plan.",
		"三篇文章的采购清单，随方案保存与导出。"},
}

// Text returns the rule's summary in language l.
func (r rule) Text(l Lang) string {
	if l == Zh {
		return r.Zh
	}
	return r.En
}

// ruleAnchor is the id of a rule's row on the about page.
func ruleAnchor(id string) string { return "rule-" + strings.ToUpper(id) }

// ruleRefText is what a rule reference shows: the link to the rule's line
// on the about page and the hover text.
type ruleRefText struct{ href, title string }

// ruleLinks holds every rule's reference in each language, made once: the
// planner shows dozens of them and re-renders them on every keystroke.
var ruleLinks = sync.OnceValue(func() map[Lang]map[string]ruleRefText {
	out := map[Lang]map[string]ruleRefText{}
	for _, l := range []Lang{Zh, En} {
		about := link("/about", langQuery(l))
		m := make(map[string]ruleRefText, len(rules))
		for _, r := range rules {
			m[r.ID] = ruleRefText{href: about + "#" + ruleAnchor(r.ID), title: r.ID + ": " + r.Text(l)}
		}
		out[l] = m
	}
	return out
})

// ruleLink returns the reference of rule id in language l; an id missing
// from the rulebook links to the about page with the id as its text.
func ruleLink(l Lang, id string) ruleRefText {
	if l != Zh {
		l = En
	}
	if r, ok := ruleLinks()[l][id]; ok {
		return r
	}
	return ruleRefText{href: link("/about", langQuery(l)) + "#" + ruleAnchor(id), title: id}
}
