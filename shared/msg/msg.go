package msg

import (
	"strconv"
	"strings"
)

// M is a message: a catalogue id and its arguments. It serialises as
// {"id":"…","args":[…]}.
type M struct {
	ID   string `json:"id"`
	Args []Arg  `json:"args,omitempty"`
}

// New returns the message id with args.
func New(id string, args ...Arg) M {
	return M{ID: id, Args: args}
}

// In renders m in l (English for an unknown language).
func (m M) In(l Lang) string {
	var b strings.Builder
	m.write(&b, l, 0)
	return b.String()
}

// String renders m in English, the text the plan file keeps for scripts.
func (m M) String() string { return m.In(En) }

// IsZero reports whether m is the empty message (no id).
func (m M) IsZero() bool { return m.ID == "" }

// Strings renders each message in l.
func Strings(l Lang, ms []M) []string {
	if ms == nil {
		return nil
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.In(l)
	}
	return out
}

// Seq joins messages as consecutive sentences: a space between them in
// English, none in Chinese. Seq of one message is that message.
func Seq(ms ...M) M {
	if len(ms) == 0 {
		return M{}
	}
	m := ms[len(ms)-1]
	for i := len(ms) - 2; i >= 0; i-- {
		m = New("common.seq", Sub(ms[i]), Sub(m))
	}
	return m
}

// List joins messages as a list: "a; b; c" in English, "a；b；c" in
// Chinese. It nests them as a balanced tree, so a long list stays shallow.
// List of none is the zero message.
func List(ms ...M) M {
	switch len(ms) {
	case 0:
		return M{}
	case 1:
		return ms[0]
	}
	half := len(ms) / 2
	return New("common.list", Sub(List(ms[:half]...)), Sub(List(ms[half:]...)))
}

// Text renders the catalogue entry id with args in l: New(id, args...).In(l).
func (l Lang) Text(id string, args ...Arg) string {
	return New(id, args...).In(l)
}

// maxDepth bounds nested messages (Sub, Label) a decoded file can carry.
const maxDepth = 16

// write renders m into b; depth counts the nesting.
func (m M) write(b *strings.Builder, l Lang, depth int) {
	if m.ID == "" {
		return
	}
	e, ok := catalogue[m.ID]
	if !ok || depth > maxDepth {
		b.WriteString(m.ID)
		return
	}
	f := e.En
	if l == Zh {
		f = e.Zh
	}
	for f != "" {
		i := strings.IndexByte(f, '{')
		if i < 0 {
			b.WriteString(f)
			return
		}
		b.WriteString(f[:i])
		f = f[i:]
		p, n := parsePlaceholder(f)
		if n == 0 {
			b.WriteByte('{')
			f = f[1:]
			continue
		}
		m.writeArg(b, l, p, depth)
		f = f[n:]
	}
}

// writeArg writes the placeholder p: the argument, or the plural form it
// selects; "?" for a missing argument.
func (m M) writeArg(b *strings.Builder, l Lang, p placeholder, depth int) {
	if p.index >= len(m.Args) {
		b.WriteByte('?')
		return
	}
	a := m.Args[p.index]
	if p.plural {
		if a.isOne() {
			b.WriteString(p.one)
		} else {
			b.WriteString(p.other)
		}
		return
	}
	a.write(b, l, depth)
}

// placeholder is a parsed "{i}" or "{i|one|other}".
type placeholder struct {
	index      int
	plural     bool
	one, other string
}

// parsePlaceholder reads a placeholder at the start of f and its length in
// bytes; 0 when f does not start with one.
func parsePlaceholder(f string) (placeholder, int) {
	end := strings.IndexByte(f, '}')
	if end < 2 {
		return placeholder{}, 0
	}
	body := f[1:end]
	num, rest, plural := strings.Cut(body, "|")
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 || i > 99 || num[0] == '+' {
		return placeholder{}, 0
	}
	p := placeholder{index: i}
	if plural {
		one, other, ok := strings.Cut(rest, "|")
		if !ok || strings.Contains(other, "|") {
			return placeholder{}, 0
		}
		p.plural, p.one, p.other = true, one, other
	}
	return p, end + 1
}

// Known reports whether id is in the catalogue.
func Known(id string) bool {
	_, ok := catalogue[id]
	return ok
}

// Check reports a message whose id is not in the catalogue or whose
// arguments do not match its formats (too few, or more than they use), and
// the same for every nested message. Tests call it on what they make.
func Check(m M) error {
	e, ok := catalogue[m.ID]
	if !ok {
		return &Error{ID: m.ID, Problem: "unknown message id"}
	}
	if n := argCount(e.En); n != len(m.Args) {
		return &Error{ID: m.ID, Problem: "takes " + strconv.Itoa(n) + " arguments, got " + strconv.Itoa(len(m.Args))}
	}
	for _, a := range m.Args {
		if err := a.check(); err != nil {
			return err
		}
	}
	return nil
}

// Error is a message that does not match the catalogue.
type Error struct {
	ID      string // the message id
	Problem string // what is wrong
}

func (e *Error) Error() string { return "message " + strconv.Quote(e.ID) + ": " + e.Problem }
