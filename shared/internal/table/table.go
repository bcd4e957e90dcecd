// Package table is the document model of the project's reports: a title
// and titled sections, each a table or a list of lines (a line may be one
// text or key-value cells), written by one writer per format: WriteText,
// aligned plain text for a terminal, and WriteMarkdown, with the one
// Markdown escaper (Escape, Cell).
package table

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Section is one block of a report: a titled table, list or list of
// checks.
type Section struct {
	// Title heads the section. An untitled section follows the block
	// before it with no heading and no blank line: the lines under a
	// report's title.
	Title string
	// Header names the columns of a table; a nil Header makes the section
	// a list.
	Header []string
	// Rows are the table's rows. In a list each row is one line: its
	// cells (one text, or a key and its value) are aligned in columns as
	// text and joined with ": " in Markdown, empty cells left out; a line
	// whose first cell starts with two spaces sits under the line before it.
	Rows [][]string
	// Checks, when not nil, make the section a list of checks after its
	// rows: one line a check with its expected and measured values under
	// it as text (WriteChecksText's layout), a table in Markdown.
	Checks []Check
	// Words name the parts of Checks in the reader's language; nil is
	// English.
	Words *CheckWords
}

// Columns renders the column titles of a table in l: the catalogue
// entries prefix+id, e.g. Columns(l, "ops.col.", "month", "vendor").
func Columns(l msg.Lang, prefix string, ids ...string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = l.Text(prefix + id)
	}
	return out
}

// Amount writes money in a table cell: two places in English
// ("58,200.00"), the 万 form in Chinese.
func Amount(d decimal.Decimal, l msg.Lang) string {
	if l == msg.En {
		return money.Format(d)
	}
	return l.Money(d)
}

// AmountColumn writes the amounts of one table column: as Amount in
// English; in Chinese every cell in the unit of the largest and rounded
// as it is (msg.MoneyColumn), so a column never mixes 万 and yuan.
func AmountColumn(ds []decimal.Decimal, l msg.Lang) []string {
	if l == msg.En {
		out := make([]string, len(ds))
		for i, d := range ds {
			out[i] = money.Format(d)
		}
		return out
	}
	return l.MoneyColumn(ds)
}

// CheckWords are the words a list of checks is written with: the labels
// of the expected and measured lines with their colon (text) and the table's columns
// (Markdown): status, check, rule, expected, measured, why.
type CheckWords struct {
	Expected, Measured string
	Columns            [6]string
}

// english are the words of a list of checks when a section gives none.
var english = CheckWords{Expected: "expected:", Measured: "measured:",
	Columns: [6]string{"Status", "Check", "Rule", "Expected", "Measured", "Why"}}

// words are s's check words, English when it gives none.
func (s Section) words() CheckWords {
	if s.Words == nil {
		return english
	}
	return *s.Words
}

// WriteText writes title, then each section after a blank line: its title,
// then its header and rows indented by two spaces, the columns of a table
// or a list aligned two spaces apart, then its checks. An empty title is
// left out, with the blank line after it. Lines carry no trailing spaces.
func WriteText(w io.Writer, title string, sections []Section) error {
	var b strings.Builder
	if title != "" {
		fmt.Fprintf(&b, "%s\n", title)
	}
	for i, s := range sections {
		if s.Title != "" {
			if title != "" || i > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "%s\n", s.Title)
		}
		writeRowsText(&b, s)
		writeChecksText(&b, s.words(), s.Checks)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteRowsText writes header (when not nil) and rows as writeRowsText
// does for a section: indented by two spaces and aligned in terminal
// columns. It is the one text layout for callers that have a table but no
// sections.
func WriteRowsText(b *strings.Builder, header []string, rows [][]string) {
	writeRowsText(b, Section{Header: header, Rows: rows})
}

// writeRowsText writes a section's header and rows indented by two
// spaces, aligned as text/tabwriter aligns cells (see aligner) but in
// terminal columns: a Chinese character takes two (displayWidth), so
// Chinese and mixed tables line up in a terminal. Lines carry no trailing
// spaces.
func writeRowsText(b *strings.Builder, s Section) {
	rows := s.Rows
	if s.Header != nil {
		rows = append([][]string{s.Header}, rows...)
	}
	a := aligner{rows: rows, lines: make([]string, len(rows)), width: displayWidth}
	a.format(0, len(rows))
	for _, l := range a.lines {
		b.WriteString(strings.TrimRight("  "+l, " ") + "\n")
	}
}

// aligner pads the cells of rows as text/tabwriter does with padding 2: a
// column's width is the widest of its cells plus two, over each block of
// adjacent lines that have a cell in that column and one after it (a
// line's last cell is never padded).
type aligner struct {
	rows   [][]string
	lines  []string         // the padded lines
	widths []int            // the widths of the columns of the block being laid out
	width  func(string) int // a cell's width
}

// format lays out lines line0 to line1 from column len(a.widths) on.
func (a *aligner) format(line0, line1 int) {
	column := len(a.widths)
	for this := line0; this < line1; this++ {
		if column >= len(a.rows[this])-1 {
			continue
		}
		a.write(line0, this)
		line0 = this
		width := 0
		for ; this < line1 && column < len(a.rows[this])-1; this++ {
			width = max(width, a.width(a.rows[this][column])+2)
		}
		a.widths = append(a.widths, width)
		a.format(line0, this)
		a.widths = a.widths[:len(a.widths)-1]
		line0 = this
	}
	a.write(line0, line1)
}

// write lays out lines line0 to line1 with the widths known so far.
func (a *aligner) write(line0, line1 int) {
	for i := line0; i < line1; i++ {
		var l strings.Builder
		for j, cell := range a.rows[i] {
			l.WriteString(cell)
			if j < len(a.widths) && j < len(a.rows[i])-1 {
				l.WriteString(strings.Repeat(" ", max(a.widths[j]-a.width(cell), 0)))
			}
		}
		a.lines[i] = l.String()
	}
}

// displayWidth is how many terminal columns s takes: two for each wide
// (East Asian) character, one for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wide(r) {
			n++
		}
	}
	return n
}

// wide reports whether r takes two terminal columns: CJK ideographs,
// kana, Hangul and the full-width forms (Unicode East Asian Width W/F).
func wide(r rune) bool {
	switch {
	case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0x303E, r >= 0x3041 && r <= 0xA4CF,
		r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F,
		r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6, r >= 0x20000 && r <= 0x3FFFD:
		return true
	}
	return false
}

// WriteMarkdown writes title as a level-1 heading, then each section as a
// level-2 heading (none for an untitled one) followed by a table or a
// bulleted list, then its checks as a table. The title is written as given,
// so it may hold Markdown; section titles, cells and list lines are escaped
// (see Escape) and "|" in them too.
func WriteMarkdown(w io.Writer, title string, sections []Section) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", title)
	for _, s := range sections {
		if s.Title != "" {
			fmt.Fprintf(&b, "\n## %s\n", escapeAll(s.Title))
		}
		if s.Header != nil || len(s.Rows) > 0 {
			b.WriteString("\n")
		}
		if s.Header == nil {
			writeList(&b, s.Rows)
		} else {
			rows := make([][]string, len(s.Rows))
			for i, row := range s.Rows {
				rows[i] = escapeCells(row)
			}
			MarkdownTable(&b, escapeCells(s.Header), rows)
		}
		if s.Checks != nil {
			b.WriteString("\n")
			writeChecksMarkdown(&b, s.words(), s.Checks)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeList writes one bullet a row, its non-empty cells joined with ": ",
// nesting the lines that start with two spaces.
func writeList(b *strings.Builder, rows [][]string) {
	for _, row := range rows {
		indent, text := "", strings.Join(nonEmpty(row), ": ")
		if t, ok := strings.CutPrefix(text, "  "); ok {
			indent, text = "  ", t
		}
		fmt.Fprintf(b, "%s- %s\n", indent, escapeAll(text))
	}
}

// MarkdownTable writes header, the separator line and rows as a Markdown
// table, one line each. It puts a backslash before every "|" in a cell so
// that no cell ends early: GitHub's table extension reads an escaped "|"
// as cell text (GFM spec, "Tables (extension)"). It also turns "<" and ">"
// into entities, so no cell can carry raw HTML (an <img onerror>, or a
// "<!--" that hides the rows after it) whether or not the caller escaped
// it. Other Markdown in the cells is kept: pass them through Escape first
// to show them literally.
func MarkdownTable(b *strings.Builder, header []string, rows [][]string) {
	writeRow(b, header)
	b.WriteString("|" + strings.Repeat("---|", len(header)) + "\n")
	for _, row := range rows {
		writeRow(b, row)
	}
}

func writeRow(b *strings.Builder, cells []string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + pipes.Replace(html.Replace(c)) + " |")
	}
	b.WriteString("\n")
}

var (
	inline = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
		"<", "&lt;", ">", "&gt;", "\r\n", " ", "\n", " ", "\r", " ")
	pipes = strings.NewReplacer("|", `\|`)
	html  = strings.NewReplacer("<", "&lt;", ">", "&gt;")
)

// Escape is the one Markdown escaper of every writer in the project: it
// puts a backslash before each character that would start Markdown
// emphasis, code or a link (* _ ` [ ]) and before each backslash, turns
// "<" and ">" into entities so that raw HTML (<img src=x onerror=…>,
// "<!--") shows as text and never runs or hides what follows, and joins
// lines, so s shows as written on one line. It leaves "|" alone:
// MarkdownTable escapes that; Cell does both.
func Escape(s string) string { return inline.Replace(s) }

// Cell escapes s for a cell of a Markdown table written by hand: Escape,
// then "|", with runs of white space made one space.
func Cell(s string) string { return pipes.Replace(Escape(strings.Join(strings.Fields(s), " "))) }

// escapeAll escapes s for a heading or list line of a report as Cell does,
// "|" included and runs of white space made one space.
func escapeAll(s string) string { return Cell(s) }

// nonEmpty returns the cells that are not empty.
func nonEmpty(cells []string) []string {
	out := cells[:0:0]
	for _, c := range cells {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// escapeCells escapes each cell for MarkdownTable, which adds the "|".
func escapeCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Escape(c)
	}
	return out
}
