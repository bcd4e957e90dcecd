package text

// Texts of the procurement journey (nav, quotes, vendors, contract, embeds,
// share link), one struct per language like Messages: a missing field is a
// build error and TestProcTextComplete catches an empty one. Fields ending
// in "F" are fmt formats. Field labels and choice labels are in procLabels.
type ProcText struct {
	_ [0]func() // incomparable: no equality function in app.wasm

	// Journey navigation.
	NavQuotes, NavVendors, NavContract, NavPOC     string
	NavOperations, NavRenewal, NavChecklists       string
	JourneyLabel, MoreLabel                        string
	StageEmpty, StageInProgress, StageDone         string
	StubPOC, StubOperations, StubRenewal, StubList string

	// Shared by the section forms.
	NotStated, Yes, No, AddRow, RemoveRow, FieldErrF, WantGotF string
	LastValidNote, SectionEmpty, ClearSection                  string
	ShareSections, ShareTooLongF, LinkBadF                     string
	FromPlan, ResultTitle, InputsTitle                         string

	// Quotes.
	QuotesTitle, QuotesIntro, NeedTitle, QuoteRowF, AddQuote     string
	QRank, QVendor, QAsQuoted, QExVAT, QExtras, QComplete, QWait string
	SpreadF, CheapestF, QuotesChart, FlagsTitle, Incomplete      string
	SegGPU, SegExtras, NoQuotes                                  string

	// Vendors.
	VendorsTitle, VendorsIntro, WeightsTitle, VendorRowF, AddVendor string
	VRank, VName, VStatus, VBase, VScore, VReasons, SplitTitle      string
	SplitF, SplitImpossibleF, NotesTitle, NoVendors, TopF           string
	PrimaryWord, BackupWord                                         string

	// Contract.
	ContractTitle, ContractIntro, SLATitle, TiersTitle, DataTitle   string
	ExitTitle, TermsTitle, NamesTitle, TierRowF, AddTier            string
	LevelF, DowntimeTitle, DowntimeBasis, DowntimeMinutes           string
	OutageF, ExitChart, ExitMonth, ExitContract, ExitRecommended    string
	ExitRemaining, ClausesTitle, NoContract, ClauseLevel, ClauseWhy string
	ExitOverF, PresetCustom                                         string

	// Embeds.
	EmbedOpen, EmbedNoData string
}

// P returns the procurement texts for l; an unknown Lang gets English.
func (l Lang) P() *ProcText {
	if l == Zh {
		return &zhProc
	}
	return &enProc
}

var enProc = ProcText{
	NavQuotes: "Quotes", NavVendors: "Vendors", NavContract: "Contract", NavPOC: "POC",
	NavOperations: "Operations", NavRenewal: "Renewal and exit", NavChecklists: "Checklists",
	JourneyLabel: "Procurement journey", MoreLabel: "More",
	StageEmpty: "not started", StageInProgress: "in progress", StageDone: "done",
	StubPOC:        "Test the machines before you sign: the measured figures against rules P1–P5.",
	StubOperations: "Monthly bills and GPU use against the plan, with the quarterly scorecard.",
	StubRenewal:    "The renewal and exit timeline from the contract dates, with calendar reminders.",
	StubList:       "The articles' checklists for every stage, ticked as you go.",

	NotStated: "not stated", Yes: "yes", No: "no", AddRow: "Add", RemoveRow: "Remove",
	WantGotF:      "want %s, got %s",
	FieldErrF:     "%s: %s. The rest is kept; the figures below use the last valid entries.",
	LastValidNote: "Figures from the last valid entries.",
	SectionEmpty:  "Nothing entered yet.",
	ClearSection:  "Clear this section",
	ShareSections: "Share link with these figures",
	ShareTooLongF: "The link would be %d characters, too long to share; export the plan file instead.",
	LinkBadF:      "The link's procurement figures could not be read and were left out: %s.",
	FromPlan:      "Take from the plan",
	ResultTitle:   "Verdict", InputsTitle: "Inputs",

	QuotesTitle: "Compare quotes",
	QuotesIntro: "Enter each vendor's quote split into its items. Every quote is priced for the same monthly need, all in and without VAT, so they can be compared (rules C1, C5).",
	NeedTitle:   "The need (from the plan)",
	QuoteRowF:   "Quote %d",
	AddQuote:    "Add a quote",
	QRank:       "#", QVendor: "Vendor", QAsQuoted: "As quoted / month", QExVAT: "All-in / month, ex VAT",
	QExtras: "Extras share", QComplete: "Complete", QWait: "Rent while waiting",
	SpreadF:     "Spread between the cheapest and the dearest: %s.",
	CheapestF:   "Cheapest all-in: %s at %s a month without VAT.",
	QuotesChart: "Monthly cost per quote, by item (as quoted)",
	FlagsTitle:  "What to ask",
	Incomplete:  "lower bound: items not priced",
	SegGPU:      "GPU rent", SegExtras: "Extras",
	NoQuotes: "Add at least one quote to compare; three or more make a fair comparison (rule C5).",

	VendorsTitle: "Score the vendors",
	VendorsIntro: "The hard filters first (licences, VAT special invoice, SLA paid in money), then five weighted scores; the best two share the cards as primary and backup (rules V1–V5).",
	WeightsTitle: "Weights",
	VendorRowF:   "Vendor %d",
	AddVendor:    "Add a vendor",
	VRank:        "#", VName: "Vendor", VStatus: "Status", VBase: "Weighted score", VScore: "Final score", VReasons: "Why",
	SplitTitle:       "Primary / backup split",
	SplitF:           "%d cards: %d with %s, %d with %s (%s primary).",
	SplitImpossibleF: "%d cards cannot be split within 60–70%% primary and 30–40%% backup: %s",
	NotesTitle:       "Notes",
	PrimaryWord:      "the primary vendor",
	BackupWord:       "the backup vendor",
	NoVendors:        "Add at least one vendor to rank.",
	TopF:             "Ranked first: %s.",

	ContractTitle: "Review the contract",
	ContractIntro: "Enter what the contract says, clause by clause; each clause is marked red, amber or green with the reason (rules K1–K6, B3).",
	SLATitle:      "Availability and credits", TiersTitle: "Credit tiers", DataTitle: "Data",
	ExitTitle: "Early termination", TermsTitle: "Term, billing and payment", NamesTitle: "What the contract names (K4)",
	TierRowF: "Tier %d", AddTier: "Add a tier",
	LevelF:        "Overall: %s.",
	DowntimeTitle: "Allowed downtime per month", DowntimeBasis: "Month basis", DowntimeMinutes: "Minutes",
	OutageF:   "A %s-hour outage: uptime %s, credit %s of the fee = %s%s.",
	ExitChart: "Early-exit cost by month: the contract against min(20% of the remaining rent, 3 months)",
	ExitMonth: "Leave after month", ExitContract: "Contract", ExitRecommended: "Recommended cap", ExitRemaining: "Remaining rent",
	ClausesTitle: "Clauses", NoContract: "Enter the availability, the monthly fee and the term to review the contract.",
	ClauseLevel: "Level", ClauseWhy: "Why",
	ExitOverF:    "The penalty exceeds the recommended cap in %d of %d months.",
	PresetCustom: "Custom tiers",

	EmbedOpen:   "Open in the planner",
	EmbedNoData: "No figures in this link yet: open the planner to enter them.",
}

var zhProc = ProcText{
	NavQuotes: "报价", NavVendors: "供应商", NavContract: "合同", NavPOC: "POC 测试",
	NavOperations: "运营", NavRenewal: "续约与退租", NavChecklists: "检查清单",
	JourneyLabel: "采购流程", MoreLabel: "更多",
	StageEmpty: "未开始", StageInProgress: "进行中", StageDone: "已完成",
	StubPOC:        "签约前先测机器：实测数据对照规则 P1–P5。",
	StubOperations: "每月账单与 GPU 利用率对照规划，附季度评分卡。",
	StubRenewal:    "按合同日期排出续约与退租时间线，并提供日历提醒。",
	StubList:       "文章中每个阶段的检查清单，边做边勾。",

	NotStated: "未写明", Yes: "是", No: "否", AddRow: "添加", RemoveRow: "删除",
	WantGotF:      "应为 %s，填写的是 %s",
	FieldErrF:     "%s：%s。其余内容已保留；下方数字按最近一次有效输入计算。",
	LastValidNote: "数字按最近一次有效输入计算。",
	SectionEmpty:  "尚未填写。",
	ClearSection:  "清空本节",
	ShareSections: "分享带这些数字的链接",
	ShareTooLongF: "链接将有 %d 个字符，太长无法分享；请改为导出规划文件。",
	LinkBadF:      "链接中的采购数据无法读取，已略过：%s。",
	FromPlan:      "从规划带入",
	ResultTitle:   "结论", InputsTitle: "输入",

	QuotesTitle: "比较报价",
	QuotesIntro: "把每家供应商的报价按项目拆开填写。每份报价都按同一月度需求折算成不含税的全包月成本，便于比较（规则 C1、C5）。",
	NeedTitle:   "需求（来自规划）",
	QuoteRowF:   "报价 %d",
	AddQuote:    "添加报价",
	QRank:       "#", QVendor: "供应商", QAsQuoted: "报价月费", QExVAT: "全包月成本（不含税）",
	QExtras: "附加费占比", QComplete: "是否完整", QWait: "等待交付期间的租金",
	SpreadF:     "最低与最高报价相差 %s。",
	CheapestF:   "全包最低：%s，每月 %s（不含税）。",
	QuotesChart: "各报价月成本（按项目，按报价口径）",
	FlagsTitle:  "需要追问的",
	Incomplete:  "下限：有项目未报价",
	SegGPU:      "GPU 租金", SegExtras: "附加费用",
	NoQuotes: "至少添加一份报价才能比较；三份以上才算公平比较（规则 C5）。",

	VendorsTitle: "供应商评分",
	VendorsIntro: "先过硬性门槛（资质、增值税专票、SLA 以现金赔付），再按五项加权评分；前两名按主备分配卡数（规则 V1–V5）。",
	WeightsTitle: "权重",
	VendorRowF:   "供应商 %d",
	AddVendor:    "添加供应商",
	VRank:        "#", VName: "供应商", VStatus: "状态", VBase: "加权分", VScore: "最终得分", VReasons: "原因",
	SplitTitle:       "主备分配",
	SplitF:           "%d 张卡：%d 张给 %s，%d 张给 %s（主供应商占 %s）。",
	SplitImpossibleF: "%d 张卡无法按主 60–70%%、备 30–40%% 拆分：%s",
	NotesTitle:       "说明",
	PrimaryWord:      "主供应商",
	BackupWord:       "备用供应商",
	NoVendors:        "至少添加一家供应商才能排名。",
	TopF:             "排名第一：%s。",

	ContractTitle: "审合同",
	ContractIntro: "逐条填写合同内容；每一条标为红、黄或绿，并说明原因（规则 K1–K6、B3）。",
	SLATitle:      "可用性与赔偿", TiersTitle: "赔偿档位", DataTitle: "数据",
	ExitTitle: "提前解约", TermsTitle: "期限、计费与付款", NamesTitle: "合同写明的事项（K4）",
	TierRowF: "档位 %d", AddTier: "添加档位",
	LevelF:        "总体：%s。",
	DowntimeTitle: "每月允许的停机时间", DowntimeBasis: "月份口径", DowntimeMinutes: "分钟",
	OutageF:   "停机 %s 小时：可用性 %s，赔偿月费的 %s = %s%s。",
	ExitChart: "各月提前解约费用：合同条款对比 min(剩余租金的 20%, 3 个月)",
	ExitMonth: "第几个月后解约", ExitContract: "合同", ExitRecommended: "建议上限", ExitRemaining: "剩余租金",
	ClausesTitle: "条款", NoContract: "填写可用性、月费和期限后即可审查合同。",
	ClauseLevel: "等级", ClauseWhy: "原因",
	ExitOverF:    "%[2]d 个月中有 %[1]d 个月违约金超过建议上限。",
	PresetCustom: "自定义档位",

	EmbedOpen:   "在规划器中打开",
	EmbedNoData: "此链接中还没有数据：请打开规划器填写。",
}

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
