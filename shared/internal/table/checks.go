package table

import (
	"fmt"
	"strings"
)

// Check is one check as a report lists it.
type Check struct {
	// Status is "pass", "warn", "skip" or "fail".
	Status                                string
	ID, Rule, Message, Expected, Measured string
	// ShowExpected and ShowMeasured say whether the text lists Expected
	// and Measured under the check; the Markdown table always shows both.
	ShowExpected, ShowMeasured bool
}

// CheckGroup is the checks that ended in one status, under its title.
type CheckGroup struct {
	Title  string
	Checks []Check
	// Heading, when set, replaces "Title (n)" above the checks: the title
	// and the count in the reader's language.
	Heading string
	// Words name the parts of Checks in the reader's language; nil is
	// English.
	Words *CheckWords
}

// heading is g's Heading, or "Title (n)".
func (g CheckGroup) heading() string {
	if g.Heading != "" {
		return g.Heading
	}
	return fmt.Sprintf("%s (%d)", g.Title, len(g.Checks))
}

// words are g's check words, English when it gives none.
func (g CheckGroup) words() CheckWords {
	if g.Words == nil {
		return english
	}
	return *g.Words
}

// WriteChecksText writes each group after a blank line as "Title (n)", then
// one line a check, "  FAIL id [rule] message", with its expected and
// measured values under it where the check shows them.
func WriteChecksText(b *strings.Builder, groups []CheckGroup) {
	for _, g := range groups {
		fmt.Fprintf(b, "\n%s\n", g.heading())
		writeChecksText(b, g.words(), g.Checks)
	}
}

// writeChecksText writes one line a check with its values under it,
// labelled with w's words.
func writeChecksText(b *strings.Builder, w CheckWords, checks []Check) {
	for _, c := range checks {
		fmt.Fprintf(b, "  %-4s %s [%s] %s\n", strings.ToUpper(c.Status), c.ID, c.Rule, c.Message)
		if c.ShowExpected {
			fmt.Fprintf(b, "         %s %s\n", w.Expected, c.Expected)
		}
		if c.ShowMeasured {
			fmt.Fprintf(b, "         %s %s\n", w.Measured, c.Measured)
		}
	}
}

// WriteChecksMarkdown writes each group as a level-2 heading and a table of
// its checks, every cell escaped (Cell).
func WriteChecksMarkdown(b *strings.Builder, groups []CheckGroup) {
	for _, g := range groups {
		fmt.Fprintf(b, "\n## %s\n\n", g.heading())
		w := g.words()
		writeRow(b, escapeCells(w.Columns[1:]))
		b.WriteString("|---|---|---|---|---|\n")
		for _, c := range g.Checks {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", Cell(c.ID), Cell(c.Rule), Cell(c.Expected), Cell(c.Measured), Cell(c.Message))
		}
	}
}

// writeChecksMarkdown writes checks of mixed status as a table with a
// status column, w's words its header, every cell escaped (Cell).
func writeChecksMarkdown(b *strings.Builder, w CheckWords, checks []Check) {
	writeRow(b, escapeCells(w.Columns[:]))
	b.WriteString("|---|---|---|---|---|---|\n")
	for _, c := range checks {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", Cell(strings.ToUpper(c.Status)), Cell(c.ID), Cell(c.Rule), Cell(c.Expected), Cell(c.Measured), Cell(c.Message))
	}
}

// WriteKeyValuesText writes one line a row, "  key value", the keys padded
// to width terminal columns (a Chinese character takes two).
func WriteKeyValuesText(b *strings.Builder, width int, rows [][2]string) {
	for _, kv := range rows {
		pad := max(width-displayWidth(kv[0]), 0)
		fmt.Fprintf(b, "  %s%s %s\n", kv[0], strings.Repeat(" ", pad), kv[1])
	}
}

// WriteKeyValuesMarkdown writes rows as a two-column Markdown table under
// header (two empty names for none), every cell escaped (Cell).
func WriteKeyValuesMarkdown(b *strings.Builder, header [2]string, rows [][2]string) {
	fmt.Fprintf(b, "|%s|%s|\n|---|---|\n", padded(header[0]), padded(header[1]))
	for _, kv := range rows {
		fmt.Fprintf(b, "| %s | %s |\n", Cell(kv[0]), Cell(kv[1]))
	}
}

// padded is a header cell between its "|": " name ", or " " for none.
func padded(name string) string {
	if name == "" {
		return " "
	}
	return " " + name + " "
}
