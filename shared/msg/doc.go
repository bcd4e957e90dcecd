// Package msg holds the planner's messages: every reason, warning, note and
// assumption the planning core produces is a message (an id with typed
// arguments), and one catalogue renders each id in Simplified Chinese and in
// English. The site renders a message in the page's language, gpuverify in
// the one --lang or LANG names, and the plan file keeps the English text for
// scripts next to the id and its arguments.
//
// # Using it
//
//	m := msg.New("plan.warn.nodes", msg.Int(2))
//	m.In(msg.Zh) // "2 个节点：合同必须写明 InfiniBand/RoCE 网络及其带宽（规则 A3、K4）"
//	m.String()   // the English text
//
// Arguments are typed so each language formats them its own way:
//
//   - Int(n): a count, written "1,234"; it also chooses plurals.
//   - Fig(v): a figure in the fewest digits that give it back (16, 2.5).
//   - Num(v, digits) and NumRange(lo, hi, digits): a measured figure with
//     that many decimals; a range whose ends print alike prints once
//     ("33.6", never "33.6–33.6").
//   - Money(d) and MoneyRange(lo, hi): CNY. English writes "¥58,200";
//     Chinese writes amounts of 10,000 yuan and more in 万 ("5.82万元"),
//     of 100,000,000 and more in 亿 ("2.76亿元"), smaller ones in yuan
//     ("2,500元"); a range takes the form of its larger end, so both ends
//     share one unit ("0.96万–1.44万元"). Amounts of 1,000
//     and more are rounded to whole yuan; smaller ones keep their fen unless
//     they are zero.
//   - Price(d): a unit price, as Money but in full past two decimals
//     ("¥0.834988").
//   - Percent(frac): 0.155 → "15.5%", trailing zeros dropped.
//   - Dec(d): a plain decimal quantity (hours, days, TB): "7.5".
//   - Date(s): "2026", "2026-06" or "2026-06-01", written "June 2026" or
//     "2026年6月"; anything else is written as given.
//   - Text(s): written as given (names, ids, units, rule ids).
//   - Label(id): another catalogue entry without arguments, in the same
//     language (billing modes, item names).
//   - Sub(m): a nested message, in the same language.
//
// Caveat(english) is the message of a catalogue card's caveat, found by
// its English text.
//
// Seq(a, b, …) joins messages as consecutive sentences (a space between
// them in English, none in Chinese); List(a, b, …) joins them as "a; b"
// ("a；b"); Strings renders a slice of messages.
//
// # Formats
//
// A catalogue entry has an English and a Chinese format. "{0}" writes
// argument 0; "{0|node|nodes}" writes "node" when argument 0 is 1 and
// "nodes" otherwise (Chinese formats rarely need it). A "{" not followed by
// a digit is written as is. Both formats of an entry must use the same
// arguments; TestCatalogueComplete fails otherwise, and when either
// language is missing.
//
// # Adding messages
//
// Each area keeps its entries in its own file here, cat_<area>.go, with an
// init that calls add([]Entry{{ID: "<area>.<what>", En: "…", Zh: "…"}, …})
// (addMap takes the milestone's map keyed by id); an id may be defined once
// (a duplicate panics, so a clash shows on the first test run).
// Tests of a package that makes messages should call Check on what it
// makes: it fails for an unknown id or a wrong argument count.
//
// A message decoded from a file is hostile: rendering never panics, an
// unknown id renders as the id, and a missing argument as "?".
package msg
