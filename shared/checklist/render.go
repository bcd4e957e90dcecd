package checklist

import (
	"fmt"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"io"
	"strings"
)

// box writes an item's state as a Markdown task box.
func box(st Status) string {
	switch st {
	case Done:
		return "[x]"
	case NA:
		return "[x] n/a:"
	}
	return "[ ]"
}

// WriteMarkdown renders the three lists with the state as Markdown task
// lists, Chinese text first, then the translation, rules and note.
func (s State) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Checklists (rule L1)\n")
	progress := s.Progress()
	for i, l := range lists {
		p := progress[i]
		fmt.Fprintf(&b, "\n## %s %s / %s (%d of %d done, %d n/a)\n\n", l.Article, l.SectionZH, l.SectionEN, p.Done, p.Total, p.NA)
		for _, it := range l.Items {
			e := s.Get(it.ID)
			fmt.Fprintf(&b, "- %s %s %s  \n  %s (%s)\n", box(e.Status), it.ID, it.ZH, it.EN, strings.Join(it.Rules, ", "))
			if e.Note != "" {
				fmt.Fprintf(&b, "  > %s\n", table.Escape(e.Note))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteText renders the lists for a terminal, one line per item.
func (s State) WriteText(w io.Writer) error {
	var b strings.Builder
	progress := s.Progress()
	for i, l := range lists {
		p := progress[i]
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s %s (%d/%d done, %d n/a)\n", l.Article, l.SectionEN, p.Done, p.Total, p.NA)
		for _, it := range l.Items {
			e := s.Get(it.ID)
			mark := map[Status]string{Done: "x", NA: "-", Open: " "}[e.Status]
			fmt.Fprintf(&b, "  [%s] %s %s\n", mark, it.ID, it.EN)
			if e.Note != "" {
				fmt.Fprintf(&b, "        note: %s\n", strings.ReplaceAll(e.Note, "\n", " "))
			}
		}
	}
	all := progress[len(progress)-1]
	fmt.Fprintf(&b, "\nAll: %d of %d done, %d n/a, %d open\n", all.Done, all.Total, all.NA, all.Open)
	_, err := io.WriteString(w, b.String())
	return err
}
