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
//     share one unit ("0.96万–1.44万元"). Amounts of 100
//     and more are rounded to whole yuan (a range as its larger end);
//     smaller ones keep their fen unless they are zero.
//   - MoneyColumn and MoneyRangeColumn: the amounts of one table column,
//     all in the largest one's unit and rounding (万 only from 100,000).
//   - Price(d): a unit price, as Money but with its fen below 1,000
//     ("¥150.50") and in full past two decimals ("¥0.834988").
//   - Percent(frac): 0.155 → "15.5%", trailing zeros dropped.
//   - Dec(d): a plain decimal quantity (hours, days, TB): "7.5".
//   - Date(s): "2026", "2026-06" or "2026-06-01", written "June 2026" or
//     "2026年6月"; anything else is written as given.
//   - Text(s): written as given (names, ids, units, rule ids).
//   - Label(id): another catalogue entry without arguments, in the same
//     language (billing modes, item names).
//   - Sub(m): a nested message, in the same language.
//
// Verbatim(s) writes s as given in both languages (a driver's error, a
// sentence read back from a file that has only its English). No message is
// ever found by its English text: code names the id.
//
// # Messages in files
//
// A result holds its sentences as messages only. Where a file format also
// carries a sentence's English for scripts, the encoder writes it from the
// message: English{M} is a message a file writes as its English text
// alone (a catalogue card's caveat, a fleet file's rejection); Said is a
// sentence a result's JSON writes as "text" and "message" (SaidJSON); the
// other results write "x" and "x_message" the same way in their
// MarshalJSON. Decoding, a file that has the English alone gives that text
// as written (FromFile, ListFromFile), since it names no message.
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
// arguments; the parser refuses an entry otherwise, and one that lacks
// either language.
//
// # The catalogue files
//
// The entries are data, not code: one UTF-8 text file per area in
// catalogue/, catalogue/<area>.txt, compiled in with go:embed and read once
// at start-up. An entry is three lines: its id, "en " and the English
// format, "zh " and the Chinese format, in that order. Blank lines separate
// entries; a line starting "#" is a comment, above an entry or between
// entries:
//
//	# The contract check (shared/contract, rules K1–K6).
//
//	contract.k1.ok
//	en Availability {0} allows {1} minutes of downtime a month ({2}).
//	zh 可用性 {0} 每月允许停机 {1} 分钟（{2}）。
//
// The format is everything after "en " or "zh ", a leading space included
// (" s", a unit written after a number). There is no quoting and no escape:
// a line is one format, and a format is one line. An id is ASCII letters,
// digits and . _ - + /, "<area>.<what>" by custom, and may be defined once
// across all the files.
//
// The parser is strict: an unknown line, a missing or second en or zh
// line, a duplicate id, an empty format, a broken placeholder, formats
// whose placeholder sets differ, a tab, a carriage return, a trailing space
// or invalid UTF-8 is an error naming the file, the line and the problem;
// so is a file over 256 KiB, a line over 2,048 bytes or more than 2,000
// entries in a file. TestCatalogueFilesParse runs it on every file, so a
// bad file fails the tests and never reaches a binary; the binaries read
// the files without the checks (TestFastLoad: the same entries).
//
// # Adding messages
//
// Add the entry to its area's file (a new area gets a new file); the tests
// of shared/msg check it. Tests of a package that makes messages should
// call Check on what it makes: it fails for an unknown id or a wrong
// argument count.
//
// A message decoded from a file is hostile: rendering never panics, an
// unknown id renders as the id, and a missing argument as "?".
package msg
