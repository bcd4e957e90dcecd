package checklist

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// box writes an item's state as a Markdown task box in l.
func box(st Status, l msg.Lang) string {
	switch st {
	case Done:
		return "[x]"
	case NA:
		return "[x] " + l.Text("checklist.na")
	}
	return "[ ]"
}

// WriteMarkdown renders the three lists with the state as Markdown task
// lists, Chinese text first, then the translation, rules and note; the
// headings in English.
func (s State) WriteMarkdown(w io.Writer) error { return s.WriteMarkdownIn(w, msg.En) }

// WriteMarkdownIn is WriteMarkdown with the headings in l.
func (s State) WriteMarkdownIn(w io.Writer, l msg.Lang) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", l.Text("checklist.title"))
	progress := s.Progress()
	for i, list := range lists {
		p := progress[i]
		fmt.Fprintf(&b, "\n## %s\n\n", l.Text("checklist.md.section", msg.Text(list.Article), msg.Text(list.SectionZH),
			msg.Text(list.SectionEN), msg.Int(p.Done), msg.Int(p.Total), msg.Int(p.NA)))
		for _, it := range list.Items {
			e := s.Get(it.ID)
			fmt.Fprintf(&b, "- %s %s %s  \n  %s (%s)\n", box(e.Status, l), it.ID, it.ZH, it.EN, strings.Join(it.Rules, ", "))
			if e.Note != "" {
				fmt.Fprintf(&b, "  > %s\n", table.Escape(e.Note))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteText renders the lists for a terminal in English, one line per
// item.
func (s State) WriteText(w io.Writer) error { return s.WriteTextIn(w, msg.En) }

// WriteTextIn renders the lists for a terminal in l, one line per item.
func (s State) WriteTextIn(w io.Writer, l msg.Lang) error {
	var b strings.Builder
	progress := s.Progress()
	for i, list := range lists {
		p := progress[i]
		if i > 0 {
			b.WriteString("\n")
		}
		section := list.SectionEN
		if l == msg.Zh {
			section = list.SectionZH
		}
		fmt.Fprintf(&b, "%s\n", l.Text("checklist.text.section", msg.Text(list.Article), msg.Text(section),
			msg.Int(p.Done), msg.Int(p.Total), msg.Int(p.NA)))
		for _, it := range list.Items {
			e := s.Get(it.ID)
			mark := map[Status]string{Done: "x", NA: "-", Open: " "}[e.Status]
			text := it.EN
			if l == msg.Zh {
				text = it.ZH
			}
			fmt.Fprintf(&b, "  [%s] %s %s\n", mark, it.ID, text)
			if e.Note != "" {
				fmt.Fprintf(&b, "        %s\n", l.Text("checklist.note", msg.Text(strings.ReplaceAll(e.Note, "\n", " "))))
			}
		}
	}
	all := progress[len(progress)-1]
	fmt.Fprintf(&b, "\n%s\n", l.Text("checklist.all", msg.Int(all.Done), msg.Int(all.Total), msg.Int(all.NA), msg.Int(all.Open)))
	_, err := io.WriteString(w, b.String())
	return err
}
