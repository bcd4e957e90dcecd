package checklist

import "slices"

// Item is one checklist item.
type Item struct {
	// ID names the item: the article number and the item's position,
	// e.g. "000.4".
	ID string `json:"id"`
	// ZH is the article's text; EN its translation.
	ZH string `json:"zh"`
	EN string `json:"en"`
	// Rules are the docs/rules.md rules the item stands for.
	Rules []string `json:"rules"`
}

// List is one article's checklist.
type List struct {
	// Article is the seed article's number: "000", "001" or "002".
	Article string `json:"article"`
	// SectionZH is the section of the article the list comes from;
	// SectionEN translates it.
	SectionZH string `json:"section_zh"`
	SectionEN string `json:"section_en"`
	// Items are the items in the article's order.
	Items []Item `json:"items"`
}

// lists is the data; Lists hands out copies.
var lists = []List{
	{
		Article: "000", SectionZH: "六、采购决策核对清单", SectionEN: "§6 Procurement decision checklist",
		Items: []Item{
			{"000.1", "需求文档已确认:模型参数量、训练/推理比例、月卡时量、网络需求、数据安全等级",
				"Requirement document confirmed: model size, training/inference share, monthly card-hours, network needs, data security level", []string{"R1"}},
			{"000.2", "全成本TCO模型已建立(含所有附加费用)",
				"Full-cost TCO model built, every add-on fee included", []string{"C1", "C3"}},
			{"000.3", "候选平台的经营资质(B11许可证)已核验",
				"Candidate platforms' operating licence (B11) verified", []string{"V2"}},
			{"000.4", "SLA条款中可用性≥99.9%、赔偿按服务费倍数计算",
				"SLA availability at least 99.9%, compensation as a multiple of the service fee", []string{"K1"}},
			{"000.5", "POC测试已完成,实际性能≥预期90%",
				"POC completed, measured performance at least 90% of the expected figure", []string{"P3"}},
			{"000.6", "合同中数据归属条款明确,删除流程有书面凭证承诺",
				"Contract states data ownership clearly and promises a written certificate of deletion", []string{"K2"}},
			{"000.7", "年付合同的退租罚金条款已审阅",
				"Early-termination penalty of the annual contract reviewed", []string{"K3"}},
			{"000.8", "多供应商策略已制定(至少2家)",
				"Multi-vendor strategy set (at least 2 vendors)", []string{"V5"}},
		},
	},
	{
		Article: "001", SectionZH: "问题八:上线后怎么持续管?八问决策速查表", SectionEN: "Q8 The eight-question quick reference",
		Items: []Item{
			{"001.1", "要什么算力?训练/推理?参数量?月卡时?答不出来:让技术负责人填需求表",
				"What compute? Training or inference, model size, monthly card-hours? Can't answer: have the technical lead fill in the requirement sheet", []string{"R1"}},
			{"001.2", "选什么GPU?不确定就从4090开始。答不出来:参考本文选型表",
				"Which GPU? Unsure, start with the RTX 4090. Can't answer: use the article's selection table", []string{"G1", "G2"}},
			{"001.3", "选哪个平台?有没有B11证?答不出来:拿到3家全口径报价对比",
				"Which platform? Does it hold a B11 licence? Can't answer: compare 3 all-in quotes", []string{"V2", "V4"}},
			{"001.4", "要花多少钱?算没算全口径?答不出来:要求平台提供全费用报价单",
				"How much will it cost? Is every fee counted? Can't answer: ask the platform for an all-in quote", []string{"C1"}},
			{"001.5", "怎么筛供应商?做过POC没有?答不出来:申请3-5天试用验证",
				"How to screen vendors? Has a POC been run? Can't answer: ask for a 3–5 day trial", []string{"V3", "P5"}},
			{"001.6", "合同怎么签?SLA赔偿是不是\"赔钱\"?答不出来:三条底线一个不能退",
				"How to sign the contract? Does the SLA pay money? Can't answer: concede none of the three bottom lines", []string{"K1", "K2", "K3"}},
			{"001.7", "怎么验证?非工作时间响应测试过吗?答不出来:周末提交工单试试",
				"How to verify the platform? Was off-hours response tested? Can't answer: file a ticket at the weekend", []string{"P5"}},
			{"001.8", "上线后怎么管?有月度利用率监控吗?答不出来:建立利用率+费用+供应商评分卡",
				"How to manage after go-live? Is utilisation monitored monthly? Can't answer: keep a utilisation + cost + vendor scorecard", []string{"O1", "O2", "O3"}},
		},
	},
	{
		Article: "002", SectionZH: "采购 CheckList", SectionEN: "Procurement checklist",
		Items: []Item{
			{"002.1", "需求四问(负载 / 卡数 / 租期 / 合规)已完成",
				"The four requirement questions (workload / card count / term / compliance) answered", []string{"R1"}},
			{"002.2", "型号与平台已完成横向对比,看过至少 2 家报价",
				"Models and platforms compared side by side, at least 2 quotes seen", []string{"V4", "C5"}},
			{"002.3", "合同包含:型号、交付 SLA、计费起点、故障赔偿、退租与数据销毁条款",
				"Contract includes: model, delivery SLA, billing start, fault compensation, exit and data destruction clauses", []string{"K4"}},
			{"002.4", "上机后完成 nvidia-smi 验机与基准测试,截图存档",
				"On delivery, nvidia-smi check and benchmark done, screenshots archived", []string{"A1", "A2", "A4"}},
			{"002.5", "使用期间定期对账计费记录",
				"Billing records reconciled regularly during use", []string{"O2"}},
			{"002.6", "到期前 3~5 天评估续租或退租",
				"Renewal or exit assessed 3–5 days before expiry", []string{"E1"}},
			{"002.7", "退租前数据完整导出,确认平台完成数据销毁",
				"All data exported before exit, and the platform's data destruction confirmed", []string{"E2", "K2"}},
		},
	},
}

// Lists returns the three checklists in article order. The result is a
// copy: changing it changes nothing here.
func Lists() []List {
	out := slices.Clone(lists)
	for i := range out {
		out[i].Items = slices.Clone(out[i].Items)
		for j := range out[i].Items {
			out[i].Items[j].Rules = slices.Clone(out[i].Items[j].Rules)
		}
	}
	return out
}

// order maps an item id to its position across all lists.
var order = func() map[string]int {
	m := map[string]int{}
	for _, l := range lists {
		for _, it := range l.Items {
			m[it.ID] = len(m)
		}
	}
	return m
}()
