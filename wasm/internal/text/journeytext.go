package text

// Texts of the POC, operations, renewal and checklists pages, one struct
// per language like Messages and ProcText: a missing field is a build
// error and TestJourneyTextComplete catches an empty one. Fields ending in
// "F" are fmt formats. Field and choice labels are in journeyLabels.
type JourneyText struct {
	_ [0]func() // incomparable: no equality function in app.wasm

	// POC.
	POCIntro, POCRunTitle, POCMetricsTitle, POCTrialTitle         string
	POCMachinesTitle, POCMachinesHelp, POCReport, DeliveredReport string
	NoReport, ReportLoaded, RemoveReport, ReportRefusedF          string
	NoPOC, POCVerdictF, POCChecksTitle, POCMachineTitle           string
	ColCheck, ColRule, ColStatus, ColMeasured, ColTarget, ColWhy  string
	ColPath, ColPOC, ColDelivered, ConfigDiffs, IdentityDiffs     string
	IgnoredF                                                      string

	// Operations.
	OpsIntro, BudgetsTitle, BudgetRowF, AddBudget, AddLine             string
	MonthsTitle, MonthRowF, AddMonth, MonitorTitle, MonitorHelp        string
	LoadMonitor, MonitorRefusedF, MonitorReadF                         string
	MonitorOK, MonitorUnder, NoOps, RightSizeTitle, RightSizeF         string
	TheVendor, OpsMonthsTitle, QuartersTitle                           string
	ColMonth, ColUtil, ColVendor                                       string
	ColActual, ColBudget, ColVariance, ColUseful, ColFlags, ColQuarter string
	ColMonths, ColCost, ColScore                                       string

	// Renewal and exit.
	RenewalIntro, DaysHelp, Holidays                    string
	Workdays, NoExit, SpanF, EndF, DownloadICS, ICSHelp string

	// Checklists.
	ChecklistsIntro, ProgressF, StageProgressF string
	NotePlaceholder                            string
}

// J returns the journey texts for l; an unknown Lang gets English.
func (l Lang) J() *JourneyText {
	if l == Zh {
		return &zhJourney
	}
	return &enJourney
}

var enJourney = JourneyText{
	POCIntro:         "Test with the real model and data before signing. Scaling is judged against 75% of linear, performance against 90% of the expected figure, the rest against the vendor's promise (P1–P5).",
	POCRunTitle:      "The run",
	POCMetricsTitle:  "Measured against the target",
	POCTrialTitle:    "The trial",
	POCMachinesTitle: "The POC machine and the delivered one (P4)",
	POCMachinesHelp:  "The gpuverify reports of the machine tested and of the one delivered; only their facts are kept.",
	POCReport:        "POC machine's report",
	DeliveredReport:  "Delivered machine's report",
	NoReport:         "none yet",
	ReportLoaded:     "loaded",
	RemoveReport:     "Remove",
	ReportRefusedF:   "%s was not loaded: %v. The rest of the page is kept.",
	NoPOC:            "Enter the POC's figures below to judge them.",
	POCVerdictF:      "POC: %s",
	POCChecksTitle:   "Checks (P1–P5)",
	POCMachineTitle:  "Same machine? (P4)",
	ColCheck:         "Check", ColRule: "Rule", ColStatus: "Result", ColMeasured: "Measured", ColTarget: "Target", ColWhy: "Why",
	ColPath: "Value", ColPOC: "POC machine", ColDelivered: "Delivered machine",
	ConfigDiffs:   "Configuration differences",
	IdentityDiffs: "Different physical parts",
	IgnoredF:      "%d values that change by the minute (time, temperature, utilisation, clocks) were ignored.",

	OpsIntro:        "The budget and each month's bill and GPU use: the bill against the budget (O2), the cost of a busy GPU-hour, right-sizing after two months under 60% (O1), a quarterly scorecard (O3).",
	BudgetsTitle:    "Budget per month",
	BudgetRowF:      "Budget %d",
	AddBudget:       "Add a budget",
	AddLine:         "Add a line",
	MonthsTitle:     "Months",
	MonthRowF:       "Month %d",
	AddMonth:        "Add a month",
	MonitorTitle:    "Utilisation from gpuverify monitor",
	MonitorHelp:     "The CSV of gpuverify monitor (at most 64 MiB): its mean utilisation by month (UTC) goes into the months of the first budget's vendor.",
	LoadMonitor:     "Load a monitor CSV…",
	MonitorRefusedF: "%s was not loaded: %v. Nothing else changed.",
	MonitorReadF:    "%s: %s.",
	MonitorOK:       "Mean utilisation %s: at least 60%% (rule O1).",
	MonitorUnder:    "Mean utilisation %s: under 60%%, over-provisioned or a scheduling problem if it lasts (rule O1).",
	NoOps:           "Enter a budget and at least one month below to review them.",
	RightSizeTitle:  "Right-sizing (O1)",
	RightSizeF:      "%s: %d cards could be %d, saving about %s a month.",
	TheVendor:       "the vendor",
	OpsMonthsTitle:  "Each month against the budget (O2)",
	QuartersTitle:   "Quarterly scorecard (O3)",
	ColMonth:        "Month", ColUtil: "Utilisation",
	ColVendor: "Vendor", ColActual: "Billed", ColBudget: "Budget", ColVariance: "Over budget",
	ColUseful: "Per busy GPU-hour", ColFlags: "Flags", ColQuarter: "Quarter", ColMonths: "Months",
	ColCost: "Billed / budget", ColScore: "Vendor mark",

	RenewalIntro: "From the contract's dates: the renewal decision (E1), the export, the deletion certificate (K2) and the final bill (E2), as calendar reminders.",
	DaysHelp:     "Holidays and worked weekend days move the working-day deadline: one date a line, 2026-10-01.",
	Holidays:     "Public holidays",
	Workdays:     "Weekend days worked",
	NoExit:       "Enter the contract's end date, or its start and term, to lay out the timeline.",
	SpanF:        "%s to %s",
	EndF:         "The contract ends on %s.",
	DownloadICS:  "Download the reminders (.ics)",
	ICSHelp:      "The calendar gpuverify plan --ics writes.",

	ChecklistsIntro: "The articles' checklists by stage; the state is saved and exported with the plan (L1).",
	ProgressF:       "%d of %d done, %d not applicable, %d open.",
	StageProgressF:  "%d of %d done, %d not applicable",
	NotePlaceholder: "note (optional)",
}

var zhJourney = JourneyText{
	POCIntro:         "签约前用真实模型和数据测试。扩展效率对比线性的 75%，性能对比预期的 90%，其余对比供应商承诺（P1–P5）。",
	POCRunTitle:      "测试运行",
	POCMetricsTitle:  "实测与目标",
	POCTrialTitle:    "试用",
	POCMachinesTitle: "POC 机器与交付机器（P4）",
	POCMachinesHelp:  "测试机器与交付机器的 gpuverify 报告；只保留硬件事实。",
	POCReport:        "POC 机器报告",
	DeliveredReport:  "交付机器报告",
	NoReport:         "未载入",
	ReportLoaded:     "已载入",
	RemoveReport:     "移除",
	ReportRefusedF:   "%s 未载入：%v。页面其余内容保持不变。",
	NoPOC:            "在下方填写 POC 实测数据后即可判断。",
	POCVerdictF:      "POC 结论：%s",
	POCChecksTitle:   "检查项（P1–P5）",
	POCMachineTitle:  "是否同一配置？（P4）",
	ColCheck:         "检查项", ColRule: "规则", ColStatus: "结果", ColMeasured: "实测", ColTarget: "目标", ColWhy: "说明",
	ColPath: "项目", ColPOC: "POC 机器", ColDelivered: "交付机器",
	ConfigDiffs:   "配置差异",
	IdentityDiffs: "不同的物理部件",
	IgnoredF:      "已忽略 %d 个随时变化的读数（时间、温度、利用率、频率）。",

	OpsIntro:        "预算与每月账单、GPU 使用：账单对比预算（O2）、每有效 GPU 小时成本、连续两月低于 60% 的规模建议（O1）、季度评分卡（O3）。",
	BudgetsTitle:    "月度预算",
	BudgetRowF:      "预算 %d",
	AddBudget:       "添加预算",
	AddLine:         "添加一行",
	MonthsTitle:     "月度记录",
	MonthRowF:       "第 %d 条月度记录",
	AddMonth:        "添加月份",
	MonitorTitle:    "来自 gpuverify monitor 的利用率",
	MonitorHelp:     "gpuverify monitor 的 CSV（最大 64 MiB）：按月（UTC）的平均利用率填入第一个预算所属供应商的月度记录。",
	LoadMonitor:     "载入 monitor CSV…",
	MonitorRefusedF: "%s 未载入：%v。其他内容未改变。",
	MonitorReadF:    "%s：%s。",
	MonitorOK:       "平均利用率 %s：不低于 60%%（规则 O1）。",
	MonitorUnder:    "平均利用率 %s：低于 60%%，若长期如此说明配置过剩或调度有问题（规则 O1）。",
	NoOps:           "在下方填写预算和至少一个月的记录后即可复核。",
	RightSizeTitle:  "规模调整（O1）",
	RightSizeF:      "%s：%d 张卡可减为 %d 张，每月约省 %s。",
	TheVendor:       "该供应商",
	OpsMonthsTitle:  "每月对比预算（O2）",
	QuartersTitle:   "季度评分卡（O3）",
	ColMonth:        "月份", ColUtil: "利用率",
	ColVendor: "供应商", ColActual: "账单", ColBudget: "预算", ColVariance: "超预算",
	ColUseful: "每有效 GPU 小时", ColFlags: "提示", ColQuarter: "季度", ColMonths: "月数",
	ColCost: "账单 / 预算", ColScore: "供应商评分",

	RenewalIntro: "根据合同日期：续租决定（E1）、数据导出、删除证明（K2）与最后账单（E2），并生成日历提醒。",
	DaysHelp:     "节假日与调休影响工作日期限：每行一个日期，如 2026-10-01。",
	Holidays:     "法定节假日",
	Workdays:     "调休上班的周末",
	NoExit:       "填写合同到期日，或开始日期与租期，即可生成时间线。",
	SpanF:        "%s 至 %s",
	EndF:         "合同于 %s 到期。",
	DownloadICS:  "下载提醒（.ics）",
	ICSHelp:      "与 gpuverify plan --ics 写出的日历相同。",

	ChecklistsIntro: "文章的检查清单按阶段分组；状态随方案保存与导出（L1）。",
	ProgressF:       "已完成 %d / %d 项，不适用 %d 项，未完成 %d 项。",
	StageProgressF:  "已完成 %d / %d 项，不适用 %d 项",
	NotePlaceholder: "备注（可选）",
}

// journeyLabels are the labels of the fields and choices of these pages:
// "<section>:<field path without row indexes>" for a field, since the
// same path means different things in different sections ("cards"), and
// "<kind>:<value>" for a choice or a result's state.
var journeyLabels = map[string][2]string{
	// POC.
	"poc:cards":                           {"Cards in the multi-card run", "多卡测试的卡数"},
	"poc:throughput.unit":                 {"Throughput unit", "吞吐单位"},
	"poc:throughput.single":               {"Throughput on one card", "单卡吞吐"},
	"poc:throughput.multi":                {"Throughput on all the cards", "多卡总吞吐"},
	"poc:throughput.expected":             {"Expected throughput of the run", "预期吞吐"},
	"poc:utilisation_pct.measured":        {"GPU utilisation, %", "GPU 利用率（%）"},
	"poc:utilisation_pct.target":          {"Required utilisation, %", "要求的利用率（%）"},
	"poc:network_gbps.measured":           {"Network throughput, Gbit/s", "网络吞吐（Gbit/s）"},
	"poc:network_gbps.target":             {"Promised network, Gbit/s", "承诺的网络（Gbit/s）"},
	"poc:storage_iops.measured":           {"Storage IOPS", "存储 IOPS"},
	"poc:storage_iops.target":             {"Promised IOPS", "承诺的 IOPS"},
	"poc:container_start_s.measured":      {"Container start, s", "容器启动时间（秒）"},
	"poc:container_start_s.target":        {"Longest acceptable start, s", "可接受的最长启动时间（秒）"},
	"poc:ticket_response_min.measured":    {"Off-hours ticket answered in, min", "非工作时间工单响应（分钟）"},
	"poc:ticket_response_min.target":      {"Promised response, min", "承诺的响应时间（分钟）"},
	"poc:ease_of_use":                     {"Ease of use, 1–5", "易用性（1–5）"},
	"poc:trial_days":                      {"Trial length, days", "试用天数"},
	"poc:annual_spend":                    {"Expected annual spend", "预计年采购额"},
	"poc:poc_facts":                       {"POC machine's report", "POC 机器报告"},
	"poc:delivered_facts":                 {"Delivered machine's report", "交付机器报告"},
	"poccheck:scaling":                    {"Multi-card scaling", "多卡扩展效率"},
	"poccheck:performance":                {"Performance against expected", "性能达标率"},
	"poccheck:utilisation":                {"GPU utilisation", "GPU 利用率"},
	"poccheck:network":                    {"Network throughput", "网络吞吐"},
	"poccheck:storage_iops":               {"Storage IOPS", "存储 IOPS"},
	"poccheck:container_start":            {"Container start", "容器启动"},
	"poccheck:ease_of_use":                {"Ease of use", "易用性"},
	"poccheck:ticket_response":            {"Off-hours ticket", "非工作时间工单"},
	"poccheck:trial_days":                 {"Trial length", "试用时长"},
	"poccheck:same_machine":               {"Delivered = tested", "交付与测试一致"},
	"pocstatus:pass":                      {"pass", "通过"},
	"pocstatus:fail":                      {"fail", "不通过"},
	"pocstatus:not_judged":                {"no target", "无目标值"},
	"pocstatus:not_measured":              {"incomplete", "未完成"},
	"operations:alert_pct":                {"Flag lines over budget by more than, %", "超预算提醒阈值（%）"},
	"operations:target_utilisation_pct":   {"Right-size to utilisation, %", "调整规模的目标利用率（%）"},
	"operations:budgets":                  {"Budgets", "预算"},
	"operations:budgets[].vendor":         {"Vendor (empty for the only one)", "供应商（只有一家时留空）"},
	"operations:budgets[].lines[].item":   {"Item", "项目"},
	"operations:budgets[].lines[].amount": {"Budget a month", "月预算"},
	"operations:months":                   {"Months", "月度记录"},
	"operations:months[].month":           {"Month (2026-09)", "月份（2026-09）"},
	"operations:months[].vendor":          {"Vendor", "供应商"},
	"operations:months[].cards":           {"Cards", "卡数"},
	"operations:months[].hours":           {"Hours rented per card (730 if empty)", "每卡租用小时（留空为 730）"},
	"operations:months[].utilisation_pct": {"Mean utilisation, %", "平均利用率（%）"},
	"operations:months[].vendor_score":    {"Vendor mark, 1–5", "供应商评分（1–5）"},
	"operations:months[].lines[].item":    {"Item", "项目"},
	"operations:months[].lines[].amount":  {"Billed", "账单金额"},
	"choice:item:gpu_rent":                {"GPU rent", "GPU 租金"},
	"choice:item:egress":                  {"Egress", "出网流量"},
	"choice:item:storage":                 {"Storage", "存储"},
	"choice:item:extra_ips":               {"Public IPs", "公网 IP"},
	"choice:item:support_tier":            {"Support tier", "技术支持"},
	"choice:item:after_hours_support":     {"After-hours support", "非工作时间支持"},
	"choice:item:data_migration":          {"Data migration", "数据迁移"},
	"choice:item:other":                   {"Other", "其他"},
	"exit:vendor":                         {"Vendor", "供应商"},
	"exit:contract_end":                   {"Last day of service (2026-12-31)", "服务最后一天（2026-12-31）"},
	"exit:contract_start":                 {"Or: first day of service", "或：服务开始日期"},
	"exit:term_months":                    {"and the term, months", "及租期（月）"},
	"exit:deletion_working_days":          {"Data deleted within, working days (7 if empty)", "数据删除期限，工作日（留空为 7）"},
	"exit:holidays":                       {"Public holidays", "法定节假日"},
	"exit:holidays[]":                     {"Public holiday", "法定节假日"},
	"exit:workdays":                       {"Weekend days worked", "调休上班的周末"},
	"exit:workdays[]":                     {"Weekend day worked", "调休上班日"},
	"stage:requirements":                  {"Requirements and plan", "需求与方案"},
	"stage:quotes":                        {"Quotes", "报价"},
	"stage:vendors":                       {"Vendors", "供应商"},
	"stage:contract":                      {"Contract", "合同"},
	"stage:poc":                           {"POC", "POC 测试"},
	"stage:acceptance":                    {"Acceptance on delivery", "交付验收"},
	"stage:operations":                    {"Operations", "运营"},
	"stage:renewal":                       {"Renewal and exit", "续租与退租"},
	"check:open":                          {"open", "未完成"},
	"check:done":                          {"done", "已完成"},
	"check:na":                            {"not applicable", "不适用"},
}

// FieldLabel is the label of field key (row indexes left out) of section
// sec: this file's label for the section, else procLabels'.
func (l Lang) FieldLabel(sec, key string) string {
	if pair, ok := journeyLabels[sec+":"+key]; ok {
		if l == Zh {
			return pair[1]
		}
		return pair[0]
	}
	return l.Label(key)
}

// journeyLabel is a label of journeyLabels; ok is false when there is
// none. ProcText's label falls back to it.
func (l Lang) journeyLabel(key string) (string, bool) {
	pair, ok := journeyLabels[key]
	if !ok {
		return "", false
	}
	if l == Zh {
		return pair[1], true
	}
	return pair[0], true
}

// HasJourneyLabel reports whether key has a label of the POC, operations,
// renewal or checklists pages.
func HasJourneyLabel(key string) bool {
	_, ok := journeyLabels[key]
	return ok
}
