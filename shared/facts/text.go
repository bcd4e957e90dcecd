package facts

import (
	"fmt"
	"strings"
)

// ParseText reads the output of nvidia-smi -q. Sections are found by
// indentation; labels are matched without case, and the labels that changed
// between drivers ("Clocks Throttle Reasons" before 535, "Clocks Event
// Reasons" since; "Power Readings" and "GPU Power Readings") are all read.
// It returns an error only when no "GPU <bus id>" section is found.
func ParseText(data []byte) (*Facts, error) {
	if err := checkSize("facts.ParseText", data); err != nil {
		return nil, err
	}
	root, err := textTree(data)
	if err != nil {
		return nil, fmt.Errorf("facts.ParseText: %w", err)
	}
	gpus := textGPUs(root)
	if err := checkGPUs(len(gpus)); err != nil {
		return nil, fmt.Errorf("facts.ParseText: %w", err)
	}
	r := reader{missing: textMissing}
	f := newFacts(SourceText)
	readHeader(f, root, r)
	readGPUs(f, gpus, r)
	f.checkCount()
	if len(f.GPUs) == 0 {
		return nil, fmt.Errorf("facts.ParseText: no \"GPU <bus id>\" section (Attached GPUs: %v): %w", f.AttachedGPUs, ErrNoGPUs)
	}
	return f, nil
}

// textTree reads -q text into a tree: each line is a node, and the lines
// indented deeper than it are its children. The labels and values are
// slices of one copy of data; past the node or depth limits it returns an
// error wrapping ErrTooLarge.
func textTree(data []byte) (*node, error) {
	type open struct {
		indent int
		n      *node
	}
	root := &node{}
	stack := []open{{-1, root}}
	var count budget
	for line := range strings.Lines(string(data)) {
		line = strings.TrimRight(line, "\r\n")
		body := strings.TrimLeft(line, " \t")
		if strings.TrimSpace(body) == "" {
			continue
		}
		indent := len(line) - len(body)
		for len(stack) > 1 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		if err := count.add(len(stack)); err != nil {
			return nil, err
		}
		key, val := splitLabel(body)
		n := &node{name: key, text: val}
		parent := stack[len(stack)-1].n
		parent.children = append(parent.children, n)
		stack = append(stack, open{indent, n})
	}
	return root, nil
}

// splitLabel splits "Product Name      : NVIDIA A10" at the " : " that
// follows the label. A line without one ("GPU 00000000:07:00.0", "MIG
// Device") is all label. Values may hold colons ("02:03:08").
func splitLabel(s string) (label, value string) {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != ' ' || s[i+1] != ':' {
			continue
		}
		if i+2 == len(s) || s[i+2] == ' ' {
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+2:])
		}
	}
	return strings.TrimSpace(s), ""
}

// isBusID reports whether s is a PCI bus id as nvidia-smi prints it, e.g.
// "00000000:53:00.0": 4 to 8 hex digits (the domain), ":", 2 hex digits
// (the bus), ":", 2 hex digits (the device), "." and a function 0 to 7.
func isBusID(s string) bool {
	n := len(s) - len(":00:00.0")
	if n < 4 || n > 8 || !allHex(s[:n]) {
		return false
	}
	t := s[n:]
	return t[0] == ':' && allHex(t[1:3]) && t[3] == ':' && allHex(t[4:6]) &&
		t[6] == '.' && '0' <= t[7] && t[7] <= '7'
}

// allHex reports whether every byte of s is an ASCII hex digit.
func allHex(s string) bool {
	for i := range len(s) {
		if c := s[i]; !isDigit(c) && !('a' <= c && c <= 'f') && !('A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isSpace reports whether c is white space as Go's regexp \s means it:
// tab, newline, form feed, carriage return or space (not vertical tab).
func isSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// cutSpan splits s after its longest prefix whose bytes all satisfy in.
func cutSpan(s string, in func(byte) bool) (span, rest string) {
	n := 0
	for n < len(s) && in(s[n]) {
		n++
	}
	return s[:n], s[n:]
}

// notSpace reports whether c is not white space (see isSpace).
func notSpace(c byte) bool { return !isSpace(c) }

// textGPUs returns the top-level "GPU <bus id>" sections.
func textGPUs(root *node) []*node {
	var out []*node
	for _, c := range root.children {
		id, ok := strings.CutPrefix(c.name, "GPU ")
		if ok && c.text == "" && isBusID(id) {
			out = append(out, c)
		}
	}
	return out
}
