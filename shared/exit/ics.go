package exit

import (
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// maxOctets is RFC 5545's line length limit, CRLF excluded (§3.1).
const maxOctets = 75

// WriteICS writes the plan as an iCalendar file (RFC 5545) with one
// all-day event per step, spanning its window. stamp is the DTSTAMP, the
// moment the file is made; the caller passes it so the output is a pure
// function of its inputs. UIDs depend only on the step, the contract end
// and the vendor, so importing a regenerated file updates the events
// rather than duplicating them. The events' summaries and
// descriptions are in l (the page's language, or gpuverify plan --ics
// --lang); the UIDs are the same in every language, so a calendar that
// imported one language's file updates its events from the other's.
func (p Calendar) WriteICS(w io.Writer, stamp time.Time, l msg.Lang) error {
	var b strings.Builder
	line := func(name, value string) { b.WriteString(fold(name + ":" + value)) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//gpuplan//exit schedule//EN")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	for _, s := range p.Steps {
		start, _ := time.Parse(dateLayout, s.Start)
		due, _ := time.Parse(dateLayout, s.Due)
		line("BEGIN", "VEVENT")
		line("UID", p.uid(s))
		line("DTSTAMP", stamp.UTC().Format("20060102T150405Z"))
		line("DTSTART;VALUE=DATE", start.Format("20060102"))
		line("DTEND;VALUE=DATE", due.AddDate(0, 0, 1).Format("20060102"))
		line("SUMMARY", EscapeText(p.summary(s, l)))
		line("DESCRIPTION", EscapeText(s.DetailIn(l)+"\n"+l.Text("exit.ics.due", msg.Text(s.Rule), msg.Text(s.Due))))
		line("TRANSP", "TRANSPARENT")
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	_, err := io.WriteString(w, b.String())
	return err
}

// summary is an event's title in l, after the vendor's name.
func (p Calendar) summary(s Step, l msg.Lang) string {
	if p.Vendor == "" {
		return s.TitleIn(l)
	}
	return l.Text("exit.ics.summary", msg.Text(p.Vendor), msg.Text(s.TitleIn(l)))
}

// uid is stable for a step of one contract: the step, the end date and a
// hash of the vendor's name (which may hold any character).
func (p Calendar) uid(s Step) string {
	h := fnv.New32a()
	h.Write([]byte(p.Vendor))
	return fmt.Sprintf("%s-%s-%08x@gpuplan", s.ID, strings.ReplaceAll(p.ContractEnd, "-", ""), h.Sum32())
}

// NormalizeText is what a TEXT value can carry: valid UTF-8, line breaks
// as "\n" (CRLF and lone CR become LF), and no control characters other
// than tab and newline (RFC 5545 §3.3.11 excludes them).
func NormalizeText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || (r >= 0x20 && r != 0x7f) {
			return r
		}
		return -1
	}, s)
}

// EscapeText escapes a TEXT value (RFC 5545 §3.3.11): backslash,
// semicolon and comma get a backslash, and a newline becomes "\n". The
// text is normalised first (NormalizeText).
func EscapeText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\n", `\n`).Replace(NormalizeText(s))
}

// UnescapeText reverses EscapeText; "\N" is read as a newline too.
func UnescapeText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n', 'N':
			b.WriteByte('\n')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// fold splits a content line into lines of at most 75 octets joined by
// CRLF and a space (RFC 5545 §3.1), never inside a UTF-8 character, and
// ends it with CRLF.
func fold(line string) string {
	var b strings.Builder
	limit := maxOctets
	for len(line) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		b.WriteString(line[:cut])
		b.WriteString("\r\n ")
		line = line[cut:]
		limit = maxOctets - 1
	}
	b.WriteString(line)
	b.WriteString("\r\n")
	return b.String()
}

// Unfold joins folded lines (RFC 5545 §3.1): a CRLF followed by a space or
// a tab is removed. It returns the content lines without their CRLF.
func Unfold(ics string) []string {
	ics = strings.ReplaceAll(ics, "\r\n ", "")
	ics = strings.ReplaceAll(ics, "\r\n\t", "")
	lines := strings.Split(ics, "\r\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}
