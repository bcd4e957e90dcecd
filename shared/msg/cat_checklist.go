package msg

// The checklists' report (shared/checklist, rule L1): headings and the
// progress lines; the items carry their own Chinese and English.
func init() {
	add([]Entry{
		{ID: "checklist.title", En: "Checklists (rule L1)", Zh: "检查清单（规则 L1）"},
		{ID: "checklist.md.section", En: "{0} {1} / {2} ({3} of {4} done, {5} n/a)", Zh: "{0} {1} / {2}（已完成 {3} / {4}，不适用 {5}）"},
		{ID: "checklist.text.section", En: "{0} {1} ({2}/{3} done, {4} n/a)", Zh: "{0} {1}（已完成 {2}/{3}，不适用 {4}）"},
		{ID: "checklist.na", En: "n/a:", Zh: "不适用："},
		{ID: "checklist.note", En: "note: {0}", Zh: "备注：{0}"},
		{ID: "checklist.all", En: "All: {0} of {1} done, {2} n/a, {3} open", Zh: "全部：已完成 {0} / {1}，不适用 {2}，未完成 {3}"},
	})
}
