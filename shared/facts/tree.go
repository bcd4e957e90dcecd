package facts

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// node is one element of nvidia-smi output: an XML element, or one line of
// nvidia-smi -q with the lines indented under it as children. Both parsers
// build a tree of nodes and then read it with the same helpers, so the
// difference between the formats stays in the paths.
type node struct {
	name     string
	id       string // the XML id attribute (a <gpu>'s bus id)
	text     string
	children []*node
}

// child returns the first child named like one of the alternatives in
// step, separated by "|", tried in order; names match without case. It is
// nil-safe.
func (n *node) child(step string) *node {
	if n == nil {
		return nil
	}
	for name := range strings.SplitSeq(step, "|") {
		for _, c := range n.children {
			if strings.EqualFold(c.name, name) {
				return c
			}
		}
	}
	return nil
}

// at follows a "/"-separated path of steps from n; nil when any step is
// missing.
func (n *node) at(path string) *node {
	for step := range strings.SplitSeq(path, "/") {
		n = n.child(step)
	}
	return n
}

// walk follows path as far as it goes. It returns the last node reached
// and whether that is the end of the path.
func (n *node) walk(path string) (*node, bool) {
	cur := n
	for step := range strings.SplitSeq(path, "/") {
		next := cur.child(step)
		if next == nil {
			return cur, false
		}
		cur = next
	}
	return cur, cur != nil
}

// all returns the children named name (without case).
func (n *node) all(name string) []*node {
	if n == nil {
		return nil
	}
	var out []*node
	for _, c := range n.children {
		if strings.EqualFold(c.name, name) {
			out = append(out, c)
		}
	}
	return out
}

// value returns the node's text without surrounding space.
func (n *node) value() string {
	return strings.TrimSpace(n.text)
}

// reader reads typed values out of a tree. Each read names a path for the
// XML tree and one for the -q tree; the reader uses its own.
type reader struct {
	xml bool
	// missing is the reason for a path that is not in the output.
	missing msg.M
}

// raw returns the text at the reader's path, or false when it is missing.
// When a section on the path holds a value instead of children, as in
// "Remapped Rows : N/A" or <remapped_rows>N/A</remapped_rows>, every field
// under it reads that value.
func (r reader) raw(n *node, xmlPath, textPath string) (string, bool) {
	path := textPath
	if r.xml {
		path = xmlPath
	}
	if path == "" || n == nil {
		return "", false
	}
	c, complete := n.walk(path)
	if complete {
		return c.value(), true
	}
	if c != n && len(c.children) == 0 && c.value() != "" {
		return c.value(), true
	}
	return "", false
}

// str reads free text.
func (r reader) str(n *node, xmlPath, textPath string) Value[string] {
	return readWith(r, n, xmlPath, textPath, textValue)
}

// num reads a whole number in unit.
func (r reader) num(n *node, xmlPath, textPath, unit string) Value[int] {
	return readWith(r, n, xmlPath, textPath, func(s string) Value[int] { return intValue(s, unit) })
}

// num64 reads a whole number in unit that may exceed an int32.
func (r reader) num64(n *node, xmlPath, textPath, unit string) Value[int64] {
	return readWith(r, n, xmlPath, textPath, func(s string) Value[int64] { return int64Value(s, unit) })
}

// watts reads a decimal number of watts.
func (r reader) watts(n *node, xmlPath, textPath string) Value[float64] {
	return readWith(r, n, xmlPath, textPath, func(s string) Value[float64] { return floatValue(s, "W") })
}

// yesNo reads "Yes" or "No".
func (r reader) yesNo(n *node, xmlPath, textPath string) Value[bool] {
	return readWith(r, n, xmlPath, textPath, boolValue)
}

// readWith reads the text at the path and converts it with conv, or returns
// the reader's missing reason.
func readWith[T any](r reader, n *node, xmlPath, textPath string, conv func(string) Value[T]) Value[T] {
	s, ok := r.raw(n, xmlPath, textPath)
	if !ok {
		return Unavailable[T](r.missing)
	}
	return conv(s)
}
