package main

import "strings"

// Lang is a user-interface language. The site speaks Simplified Chinese and
// English; the value is what ?lang= carries in the URL.
type Lang string

// The two supported languages.
const (
	Zh Lang = "zh"
	En Lang = "en"
)

// ParseLang accepts exactly "zh" or "en" and reports whether s was one of them.
func ParseLang(s string) (Lang, bool) {
	switch Lang(s) {
	case Zh, En:
		return Lang(s), true
	}
	return "", false
}

// LangFromBrowser maps a navigator.language tag ("zh-CN", "en-US", ...) to a
// site language: any zh* tag gives Zh, everything else En.
func LangFromBrowser(tag string) Lang {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(tag)), "zh") {
		return Zh
	}
	return En
}

// HTMLLang is the value for <html lang>.
func (l Lang) HTMLLang() string {
	if l == Zh {
		return "zh-CN"
	}
	return "en"
}

// Other is the language the switch offers.
func (l Lang) Other() Lang {
	if l == Zh {
		return En
	}
	return Zh
}

// M returns the message table for l; an unknown Lang gets English.
func (l Lang) M() *Messages {
	if l == Zh {
		return &zhMessages
	}
	return &enMessages
}

// Messages holds every user-visible string. One struct per language keeps the
// table checked by the compiler: a missing field is a build error, and
// TestMessagesComplete catches an empty one. Fields ending in "F" are
// fmt formats.
type Messages struct {
	SiteName, Tagline, LangName, SwitchTo                string
	NavPlanner, NavCost, NavRentBuild, NavAcceptance     string
	NavAbout                                             string
	PlannerTitle, PlannerIntro                           string
	CostTitle, CostIntro                                 string
	RentBuildTitle, RentBuildIntro                       string
	AcceptanceTitle, AcceptanceIntro                     string
	AboutTitle, AboutIntro, AboutOffline, AboutPrivacy   string
	HoursLabel, HoursUnit, HoursHelp                     string
	BillingLabel, Hourly, Monthly, BillingWhyHourlyF     string
	BillingWhyMonthlyF, ResultPending, ShareLink         string
	ErrNotNumberF, ErrRangeF, Rule                       string
	NoticeStorageCorrupt, NoticeFieldResetF              string
	NoticeSourceURL, NoticeSourceStorage, Dismiss        string
	FailedF, FailedHint, OpenFull, PrintNote, ComingSoon string
	TableInput, TableValue, ChartTitle, EmbedAttribution string
}

var enMessages = Messages{
	SiteName:             "gpuplan",
	Tagline:              "Plan, price and verify rented GPU servers",
	LangName:             "English",
	SwitchTo:             "中文",
	NavPlanner:           "Planner",
	NavCost:              "Full cost",
	NavRentBuild:         "Rent or build",
	NavAcceptance:        "Acceptance",
	NavAbout:             "About",
	PlannerTitle:         "GPU rental planner",
	PlannerIntro:         "Describe the workload; the plan updates as you type. The whole input lives in this page's address, so the link reproduces it.",
	CostTitle:            "Full cost (TCO)",
	CostIntro:            "Every cost line of a rental, not just the card price.",
	RentBuildTitle:       "Rent or build",
	RentBuildIntro:       "When owning the servers starts to beat renting them.",
	AcceptanceTitle:      "Acceptance checks",
	AcceptanceIntro:      "What gpuverify checks on the delivered machines, and the report it writes.",
	AboutTitle:           "About gpuplan",
	AboutIntro:           "gpuplan runs entirely in your browser: nothing you type leaves this page.",
	AboutOffline:         "After the first visit the site works offline.",
	AboutPrivacy:         "Your input is kept in the address bar and in this browser's local storage only.",
	HoursLabel:           "Hours of use per day",
	HoursUnit:            "h/day",
	HoursHelp:            "Average over a month, 0 to 24.",
	BillingLabel:         "Billing mode",
	Hourly:               "hourly",
	Monthly:              "monthly",
	BillingWhyHourlyF:    "%s h/day is under 10 hours a day: pay by the hour (rule %s).",
	BillingWhyMonthlyF:   "%s h/day is 10 hours a day or more: pay by the month (rule %s).",
	ResultPending:        "—",
	ShareLink:            "Link to this plan",
	ErrNotNumberF:        "%s: %q is not a number; enter %s to %s (rule %s).",
	ErrRangeF:            "%s: %s is outside %s to %s (rule %s).",
	Rule:                 "rule",
	NoticeStorageCorrupt: "The plan saved in this browser could not be read, so the defaults were restored.",
	NoticeFieldResetF:    "%s from %s was %q, which is not valid; the default %s is used instead.",
	NoticeSourceURL:      "the link",
	NoticeSourceStorage:  "this browser's saved plan",
	Dismiss:              "Dismiss",
	FailedF:              "This part of the page failed: %s: %v",
	FailedHint:           "The rest of the site still works. Reload to try again.",
	OpenFull:             "Open in gpuplan",
	PrintNote:            "Printed from gpuplan",
	ComingSoon:           "This page is being built.",
	TableInput:           "Input",
	TableValue:           "Value",
	ChartTitle:           "Hours per day against the 10-hour threshold",
	EmbedAttribution:     "gpuplan planner",
}

var zhMessages = Messages{
	SiteName:             "gpuplan",
	Tagline:              "租用 GPU 服务器：规划、算账、验收",
	LangName:             "中文",
	SwitchTo:             "English",
	NavPlanner:           "规划",
	NavCost:              "全口径成本",
	NavRentBuild:         "租还是建",
	NavAcceptance:        "验收",
	NavAbout:             "关于",
	PlannerTitle:         "GPU 租用规划",
	PlannerIntro:         "描述您的负载，结果随输入实时更新。全部输入都保存在本页地址中，分享链接即可复现。",
	CostTitle:            "全口径成本（TCO）",
	CostIntro:            "租用的每一项成本，而不只是显卡单价。",
	RentBuildTitle:       "租还是建",
	RentBuildIntro:       "自建服务器从什么时候开始比租用划算。",
	AcceptanceTitle:      "验收检查",
	AcceptanceIntro:      "gpuverify 在交付的机器上检查什么，以及它生成的报告。",
	AboutTitle:           "关于 gpuplan",
	AboutIntro:           "gpuplan 完全在您的浏览器中运行：您输入的内容不会离开本页。",
	AboutOffline:         "首次访问之后，本站可离线使用。",
	AboutPrivacy:         "您的输入只保存在地址栏和本浏览器的本地存储中。",
	HoursLabel:           "每天使用小时数",
	HoursUnit:            "小时/天",
	HoursHelp:            "按月平均，0 到 24。",
	BillingLabel:         "计费方式",
	Hourly:               "按小时",
	Monthly:              "按月",
	BillingWhyHourlyF:    "每天 %s 小时，不足 10 小时：按小时付费（规则 %s）。",
	BillingWhyMonthlyF:   "每天 %s 小时，达到或超过 10 小时：按月付费（规则 %s）。",
	ResultPending:        "—",
	ShareLink:            "本方案的链接",
	ErrNotNumberF:        "%s：%q 不是数字；请输入 %s 到 %s（规则 %s）。",
	ErrRangeF:            "%s：%s 超出 %s 到 %s 的范围（规则 %s）。",
	Rule:                 "规则",
	NoticeStorageCorrupt: "本浏览器中保存的方案无法读取，已恢复默认值。",
	NoticeFieldResetF:    "%s（来自%s）为 %q，无效；已改用默认值 %s。",
	NoticeSourceURL:      "链接",
	NoticeSourceStorage:  "本浏览器保存的方案",
	Dismiss:              "关闭",
	FailedF:              "页面的这一部分出错了：%s：%v",
	FailedHint:           "网站其余部分仍可使用。重新加载可再试一次。",
	OpenFull:             "在 gpuplan 中打开",
	PrintNote:            "打印自 gpuplan",
	ComingSoon:           "本页正在建设中。",
	TableInput:           "输入项",
	TableValue:           "数值",
	ChartTitle:           "每天使用小时数与 10 小时阈值",
	EmbedAttribution:     "gpuplan 规划器",
}
