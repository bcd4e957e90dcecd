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
	"text/tabwriter"
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
		if err := writeRowsText(&b, s); err != nil {
			return err
		}
		writeChecksText(&b, s.Checks)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeRowsText writes a section's header and rows, aligned.
func writeRowsText(b *strings.Builder, s Section) error {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	if s.Header != nil {
		fmt.Fprintf(tw, "  %s\n", strings.Join(s.Header, "\t"))
	}
	for _, row := range s.Rows {
		fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	b.WriteString(trimLines(buf.String()))
	return nil
}

// trimLines drops the spaces tabwriter leaves after an empty last cell.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
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
			writeChecksMarkdown(&b, s.Checks)
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
