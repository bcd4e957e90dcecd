package poc

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// section is one titled block of the rendering: a table when header is
// set, otherwise a list of lines.
type section struct {
	title  string
	header []string
	rows   [][]string
}

func (r Result) sections() []section {
	checks := section{title: "Checks", header: []string{"check", "rule", "status", "reason"}}
	for _, c := range r.Checks {
		checks.rows = append(checks.rows, []string{c.ID, c.Rule, string(c.Status), c.Reason})
	}
	out := []section{checks}
	if r.Machine == nil {
		return out
	}
	m := *r.Machine
	if len(m.Config) > 0 {
		out = append(out, diffSection("Configuration differences (rule P4)", m.Config))
	}
	if len(m.Identity) > 0 {
		out = append(out, diffSection("Different physical parts", m.Identity))
	}
	if len(m.Ignored) > 0 {
		out = append(out, section{title: "Ignored as volatile", rows: [][]string{{
			fmt.Sprintf("%d values: %s", len(m.Ignored), strings.Join(m.Ignored, ", "))}}})
	}
	return out
}

func diffSection(title string, ds []Difference) section {
	s := section{title: title, header: []string{"path", "POC", "delivered"}}
	for _, d := range ds {
		s.rows = append(s.rows, []string{d.Path, d.POC, d.Delivered})
	}
	return s
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "POC: %s\n", r.Verdict)
	for _, s := range r.sections() {
		fmt.Fprintf(tw, "\n%s\n", s.title)
		if s.header != nil {
			fmt.Fprintf(tw, "  %s\n", strings.Join(s.header, "\t"))
		}
		for _, row := range s.rows {
			fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, trimLines(buf.String()))
	return err
}

// trimLines drops the spaces tabwriter leaves after an empty last cell.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// WriteMarkdown renders the result as Markdown.
func (r Result) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# POC: %s\n", r.Verdict)
	for _, s := range r.sections() {
		fmt.Fprintf(&b, "\n## %s\n\n", mdEscape(s.title))
		if s.header == nil {
			for _, row := range s.rows {
				fmt.Fprintf(&b, "- %s\n", mdEscape(row[0]))
			}
			continue
		}
		writeMDRow(&b, s.header)
		b.WriteString("|" + strings.Repeat("---|", len(s.header)) + "\n")
		for _, row := range s.rows {
			writeMDRow(&b, row)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeMDRow(b *strings.Builder, cells []string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + mdEscape(c) + " |")
	}
	b.WriteString("\n")
}

// mdEscape escapes the characters that would break a Markdown table or
// start emphasis.
func mdEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`).Replace(s)
}
