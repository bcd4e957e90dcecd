package text

// procLabels are the labels of section fields (by the path without row
// indexes, e.g. "quotes[].gpu_per_card") and of choices ("choice:value"),
// in English and Chinese. A path without a label shows its last segment.
var procLabels = map[string][2]string{
	// Quotes.
	"need.cards":                 {"Cards", "卡数"},
	"need.egress_tb":             {"Egress, TB a month", "出网流量（TB/月）"},
	"need.storage_gb":            {"Storage, GB", "存储（GB）"},
	"need.ips":                   {"Public IPs", "公网 IP 数"},
	"need.term_months":           {"Term, months", "租期（月）"},
	"quotes[].vendor":            {"Vendor", "供应商"},
	"quotes[].gpu_per_card":      {"GPU rent per card a month", "每卡月租"},
	"quotes[].bundled":           {"Or one bundled monthly figure", "或：打包月价"},
	"quotes[].egress.included":   {"Egress included, TB", "含出网流量（TB）"},
	"quotes[].egress.unit_price": {"Egress per TB", "超出流量单价（每 TB）"},
	"quotes[].storage.included":  {"Storage included, GB", "含存储（GB）"},
	"quotes[].storage.unit_price": {"Storage per GB a month",
		"超出存储单价（每 GB 每月）"},
	"quotes[].ips.included":   {"IPs included", "含 IP 数"},
	"quotes[].ips.unit_price": {"Per extra IP a month", "每个额外 IP 月价"},
	"quotes[].support_monthly": {"Support a month (0 if included)",
		"技术支持月费（含在内填 0）"},
	"quotes[].migration":     {"Data migration, one-off", "数据迁移（一次性）"},
	"quotes[].vat.included":  {"Prices include VAT", "价格是否含税"},
	"quotes[].vat.rate_pct":  {"VAT rate, %", "税率（%）"},
	"quotes[].billing_start": {"Billing starts", "计费起点"},
	"quotes[].delivery_days": {"Delivery, days", "交付天数"},

	"quotes":        {"Quotes", "报价"},
	"vendors":       {"Vendors", "供应商"},
	"credits":       {"Credit table", "赔偿表"},
	"credits.tiers": {"Credit tiers", "赔偿档位"},
	"item:bundled":  {"Bundled price (GPUs, egress, storage, IPs)", "打包价（GPU、流量、存储、IP）"},

	// Vendors.
	"cards":                          {"Cards to split", "需分配的卡数"},
	"weights.gpu_coverage":           {"GPU coverage", "GPU 覆盖"},
	"weights.sla":                    {"SLA", "SLA"},
	"weights.data_security":          {"Data security", "数据安全"},
	"weights.price_transparency":     {"Price transparency", "价格透明"},
	"weights.network":                {"Network", "网络"},
	"vendors[].name":                 {"Vendor", "供应商"},
	"vendors[].b11_licence":          {"B11 licence (IDC / cloud)", "B11 增值电信许可证"},
	"vendors[].business_licence":     {"Business licence", "营业执照"},
	"vendors[].vat_special_invoice":  {"VAT special invoice", "增值税专票"},
	"vendors[].sla_pays":             {"SLA pays in", "SLA 赔付方式"},
	"vendors[].scores.gpu_coverage":  {"GPU coverage (1–5)", "GPU 覆盖（1–5）"},
	"vendors[].scores.sla":           {"SLA (1–5)", "SLA（1–5）"},
	"vendors[].scores.data_security": {"Data security (1–5)", "数据安全（1–5）"},
	"vendors[].scores.price_transparency": {"Price transparency (1–5)",
		"价格透明（1–5）"},
	"vendors[].scores.network":      {"Network (1–5)", "网络（1–5）"},
	"vendors[].tier3_gpu_room":      {"Tier 3+ GPU room", "T3+ 专用 GPU 机房"},
	"vendors[].same_card_cases":     {"Cases on the same card", "同型号卡客户案例"},
	"vendors[].poc":                 {"POC", "POC 测试"},
	"vendors[].preemptible":         {"Preemptible capacity", "可抢占资源"},
	"choice:sla_pays:money":         {"money", "现金"},
	"choice:sla_pays:voucher":       {"vouchers", "代金券"},
	"choice:sla_pays:hours":         {"extra hours", "补时长"},
	"choice:sla_pays:none":          {"nothing", "无赔付"},
	"choice:poc:offered":            {"offered", "提供"},
	"choice:poc:refused":            {"refused", "拒绝"},
	"choice:bool:true":              {"yes", "是"},
	"choice:bool:false":             {"no", "否"},
	"choice:billing:on_order":       {"on order", "下单即计费"},
	"choice:billing:on_ready":       {"when ready", "交付可用后计费"},
	"choice:vat:true":               {"VAT included", "含税"},
	"choice:vat:false":              {"VAT excluded", "不含税"},
	"choice:status:eligible":        {"eligible", "入围"},
	"choice:status:unverified":      {"not yet verified", "待核实"},
	"choice:status:excluded":        {"excluded", "淘汰"},
	"choice:level:red":              {"red", "红"},
	"choice:level:amber":            {"amber", "黄"},
	"choice:level:green":            {"green", "绿"},
	"choice:level:info":             {"note", "提示"},
	"choice:preset:articles":        {"the articles' minimum (10/20/50% below 99.9/99/98%)", "文章底线（低于 99.9/99/98% 赔 10/20/50%）"},
	"choice:preset:aws_ec2":         {"AWS EC2", "AWS EC2"},
	"choice:preset:alibaba_ecs":     {"Alibaba ECS", "阿里云 ECS"},
	"choice:preset:alibaba_datahub": {"Alibaba DataHub", "阿里云 DataHub"},
	"choice:preset:custom":          {"custom tiers", "自定义档位"},
	"choice:basis:28d":              {"28 days", "28 天"},
	"choice:basis:29d":              {"29 days", "29 天"},
	"choice:basis:30d":              {"30 days", "30 天"},
	"choice:basis:31d":              {"31 days", "31 天"},
	"choice:basis:730h":             {"730 hours", "730 小时"},
	"choice:period:monthly":         {"monthly", "按月"},
	"choice:period:quarterly":       {"quarterly", "按季"},
	"choice:period:annual":          {"annual", "按年"},
	"choice:comp:money":             {"money", "现金"},
	"choice:comp:voucher":           {"vouchers", "代金券"},
	"choice:comp:hours":             {"extra hours", "补时长"},
	"choice:owner:customer":         {"the customer", "客户"},
	"choice:owner:vendor":           {"the vendor", "供应商"},
	"choice:document:service_contract": {"a signed service contract",
		"正式服务合同"},
	"choice:document:user_agreement": {"a click-through user agreement",
		"网页用户协议"},

	// Contract.
	"availability_pct":           {"Availability, %", "可用性（%）"},
	"monthly_fee":                {"Monthly fee", "月费"},
	"month_basis":                {"Month basis", "月份口径"},
	"credits.preset":             {"Credit table", "赔偿表"},
	"credits.tiers[].below_pct":  {"Uptime below, %", "可用性低于（%）"},
	"credits.tiers[].inclusive":  {"Or equal", "含等于"},
	"credits.tiers[].credit_pct": {"Credit, % of the fee", "赔偿（月费的 %）"},
	"credits.cap_pct":            {"Credit cap, % of the fee", "赔偿上限（月费的 %）"},
	"compensation":               {"Compensation paid in", "赔偿形式"},
	"outage_hours":               {"Outage to price, hours", "测算停机时长（小时）"},
	"survives_outage":            {"The business survives it", "业务能否承受"},
	"data.owner":                 {"Data owner", "数据归属"},
	"data.no_vendor_access":      {"Vendor may not access the data", "供应商不得访问数据"},
	"data.deletion_working_days": {"Deleted within, working days", "删除期限（工作日）"},
	"data.certificate":           {"Written deletion certificate", "书面删除证明"},
	"termination.remaining_pct":  {"Penalty, % of the remaining rent", "违约金（剩余租金的 %）"},
	"termination.cap_months":     {"Penalty cap, months of fees", "违约金上限（月费倍数）"},
	"term_months":                {"Term, months", "合同期限（月）"},
	"payment_period":             {"Payment", "付款周期"},
	"first_contract":             {"First contract with this vendor", "首次与该供应商签约"},
	"billing_start":              {"Billing starts", "计费起点"},
	"document":                   {"Terms are in", "条款载体"},
	"names.model":                {"Exact GPU model", "具体 GPU 型号"},
	"names.memory":               {"Memory per card", "单卡显存"},
	"names.card_count":           {"Number of cards", "卡数"},
	"names.virtualisation":       {"Bare metal or virtualised", "裸金属或虚拟化"},
	"names.delivery_time":        {"Delivery time", "交付时间"},
	"names.ready_condition":      {"A verifiable ready condition", "可验证的就绪条件"},
	"names.billing_period":       {"Billing period", "计费周期"},
	"names.separate_items":       {"Bandwidth and storage billed apart", "带宽存储是否单独计费"},
	"names.fault_response":       {"Fault response time", "故障响应时间"},
	"names.exit_process":         {"Exit and data destruction", "退出流程与数据销毁"},
	"names.invoice_tax":          {"Invoice type and tax rate", "发票类型与税率"},
}

// SentenceGap separates consecutive sentences: a space in English, none
// in Chinese.
func SentenceGap(l Lang) string {
	if l == Zh {
		return ""
	}
	return " "
}

// Label returns the label of a section field or choice in language l.
func (l Lang) Label(key string) string {
	pair, ok := procLabels[key]
	if !ok {
		if s, ok := l.journeyLabel(key); ok {
			return s
		}
		return key
	}
	if l == Zh {
		return pair[1]
	}
	return pair[0]
}

// HasProcLabel reports whether key has a label of the procurement pages in
// both languages (the form tests check every field against it).
func HasProcLabel(key string) bool { return procLabels[key] != [2]string{} }
