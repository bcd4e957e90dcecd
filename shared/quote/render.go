package quote

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/gpuplan/gpuplan/shared/money"
)

// section is one titled block of the rendering: a table when header is
// set, otherwise a list of lines.
type section struct {
	title  string
	header []string
	rows   [][]string
}

func (r Result) sections() []section {
	items := []string{ItemGPU, ItemEgress, ItemStorage, ItemIPs, ItemSupport, ItemMigration}
	t := section{title: fmt.Sprintf("Quotes for %d cards, %s TB egress, %s GB storage, %d IPs (CNY a month)",
		r.Need.Cards, r.Need.EgressTB, r.Need.StorageGB, r.Need.IPs),
		header: []string{"rank", "vendor", "gpu", "egress", "storage", "ips", "support", "migration", "as quoted", "without VAT"}}
	for _, q := range r.Quotes {
		row := []string{strconv.Itoa(q.Rank), q.Vendor}
		for _, it := range items {
			row = append(row, cell(q, it))
		}
		total := money.Format(q.AsQuoted)
		if !q.Complete {
			total = "≥ " + total
		}
		row = append(row, total, q.ExVAT.String())
		t.rows = append(t.rows, row)
	}
	flags := section{title: "Findings"}
	if r.Spread != nil {
		flags.rows = append(flags.rows, []string{"Spread between the cheapest and the dearest: " + money.FormatPercent(*r.Spread) + "."})
	}
	for _, f := range r.Flags {
		flags.rows = append(flags.rows, []string{flagText(f)})
	}
	for _, q := range r.Quotes {
		if len(q.Flags) == 0 {
			continue
		}
		flags.rows = append(flags.rows, []string{q.Vendor})
		for _, f := range q.Flags {
			flags.rows = append(flags.rows, []string{"  " + flagText(f)})
		}
	}
	return []section{t, flags}
}

func flagText(f Flag) string { return fmt.Sprintf("[%s %s] %s", f.Level, f.Rule, f.Text) }

// cell writes one item of a quote: its amount, "bundled" or "?" when not
// stated.
func cell(q Priced, item string) string {
	for _, l := range q.Lines {
		switch {
		case l.Item == item && !l.Stated:
			return "?"
		case l.Item == item:
			return money.Format(l.Amount)
		case l.Item == ItemBundled && item == ItemGPU:
			return "bundled " + money.Format(l.Amount)
		}
	}
	return "in bundle"
}

// WriteText renders the result for a terminal.
func (r Result) WriteText(w io.Writer) error {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "Quote comparison\n")
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
	b.WriteString("# Quote comparison\n")
	for _, s := range r.sections() {
		fmt.Fprintf(&b, "\n## %s\n\n", mdEscape(s.title))
		if s.header == nil {
			for _, row := range s.rows {
				indent, text := "", row[0]
				if t, ok := strings.CutPrefix(text, "  "); ok {
					indent, text = "  ", t
				}
				fmt.Fprintf(&b, "%s- %s\n", indent, mdEscape(text))
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
