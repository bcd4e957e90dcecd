package text

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
