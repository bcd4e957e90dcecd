// Package checklist holds the three source articles' checklists (rule L1)
// as data, and the buyer's progress through them as a small JSON document
// that is kept and exported with the plan.
//
// The lists are 000 §6 "采购决策核对清单" (8 items), 001 Q8 "八问决策速查表"
// (eight questions) and 002 "采购 CheckList" (7 items). Each item keeps
// the article's Chinese text, an English translation and the rules of
// docs/rules.md it stands for. An item is open, done or not applicable, with an
// optional note.
package checklist
