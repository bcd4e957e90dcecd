// Package csvrec reads comma-separated records (RFC 4180): the subset of
// encoding/csv that the price lists, nvidia-smi's CSV output and the
// monitor logs need, in a fraction of the code (encoding/csv costs
// app.wasm about 16 KB compressed).
//
// Fields are separated by commas and records by "\n" or "\r\n"; a field
// may be quoted, with "" standing for one quote, and a quoted field may
// span lines. Empty lines are skipped. The input is a byte slice the
// caller has already bounded.
package csvrec

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Reader reads records from data, one Read at a time.
type Reader struct {
	// TrimLeadingSpace drops the white space at the start of every field,
	// before any opening quote.
	TrimLeadingSpace bool
	// LazyQuotes accepts a quote inside an unquoted field and a quote not
	// followed by a comma or the end of the line inside a quoted field,
	// keeping it as text.
	LazyQuotes bool
	// Fields is the number of fields every record must have: 0 takes the
	// first record's, a negative number accepts any.
	Fields int

	data  string
	pos   int // the offset of the next byte to read
	line  int // the line of the next byte to read, from 1
	start int // the line the last record read starts on
}

// NewReader returns a reader of data.
func NewReader(data []byte) *Reader { return &Reader{data: string(data), line: 1} }

// Error is a record that cannot be read: the line it starts on, the line
// and 1-based column of the problem, and what is wrong.
type Error struct {
	StartLine, Line, Column int
	Err                     error
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// The problems an Error holds.
var (
	ErrBareQuote  = errors.New(`a " inside a field that does not start with one (quote the whole field and double the ")`)
	ErrQuote      = errors.New(`a quoted field must end with " followed by a comma or the end of the line`)
	ErrFieldCount = errors.New("wrong number of fields")
)

// StartLine is the line the record Read last returned starts on.
func (r *Reader) StartLine() int { return r.start }

// Read returns the next record, or io.EOF after the last one.
func (r *Reader) Read() ([]string, error) {
	r.skipEmptyLines()
	if r.pos >= len(r.data) {
		return nil, io.EOF
	}
	r.start = r.line
	var rec []string
	for {
		field, more, err := r.field()
		if err != nil {
			return nil, err
		}
		rec = append(rec, field)
		if !more {
			break
		}
	}
	switch {
	case r.Fields == 0:
		r.Fields = len(rec)
	case r.Fields > 0 && len(rec) != r.Fields:
		return rec, &Error{StartLine: r.start, Line: r.start, Column: 1, Err: ErrFieldCount}
	}
	return rec, nil
}

// skipEmptyLines moves past lines that hold nothing ("\n" or "\r\n").
func (r *Reader) skipEmptyLines() {
	for r.pos < len(r.data) {
		switch {
		case r.data[r.pos] == '\n':
			r.pos++
			r.line++
		case strings.HasPrefix(r.data[r.pos:], "\r\n"):
			r.pos += 2
			r.line++
		default:
			return
		}
	}
}

// field reads one field and says whether another follows on the record.
func (r *Reader) field() (string, bool, error) {
	if r.TrimLeadingSpace {
		r.skipSpace()
	}
	if r.pos < len(r.data) && r.data[r.pos] == '"' {
		return r.quoted()
	}
	return r.plain()
}

// skipSpace moves past white space (unicode.IsSpace, as encoding/csv
// trims) up to the end of the line.
func (r *Reader) skipSpace() {
	for r.pos < len(r.data) {
		c, n := utf8.DecodeRuneInString(r.data[r.pos:])
		if !unicode.IsSpace(c) || c == '\n' || strings.HasPrefix(r.data[r.pos:], "\r\n") {
			return
		}
		r.pos += n
	}
}

// plain reads an unquoted field up to a comma or the end of the line.
func (r *Reader) plain() (string, bool, error) {
	begin := r.pos
	for r.pos < len(r.data) {
		switch c := r.data[r.pos]; {
		case c == ',':
			r.pos++
			return r.data[begin : r.pos-1], true, nil
		case c == '\n' || strings.HasPrefix(r.data[r.pos:], "\r\n"):
			text := r.data[begin:r.pos]
			r.endLine()
			return text, false, nil
		case c == '"' && !r.LazyQuotes:
			return "", false, r.fail(ErrBareQuote)
		}
		r.pos++
	}
	return r.data[begin:], false, nil
}

// quoted reads a field that starts with a quote.
func (r *Reader) quoted() (string, bool, error) {
	r.pos++ // the opening quote
	var b strings.Builder
	for {
		i := strings.IndexByte(r.data[r.pos:], '"')
		if i < 0 {
			if !r.LazyQuotes {
				r.pos = len(r.data)
				return "", false, r.fail(ErrQuote)
			}
			b.WriteString(r.text(r.data[r.pos:]))
			r.pos = len(r.data)
			return b.String(), false, nil
		}
		b.WriteString(r.text(r.data[r.pos : r.pos+i]))
		r.pos += i + 1 // past the quote
		rest := r.data[r.pos:]
		switch {
		case strings.HasPrefix(rest, `"`): // "" is one quote
			b.WriteByte('"')
			r.pos++
		case strings.HasPrefix(rest, ","):
			r.pos++
			return b.String(), true, nil
		case rest == "" || rest[0] == '\n' || strings.HasPrefix(rest, "\r\n"):
			if rest != "" {
				r.endLine()
			}
			return b.String(), false, nil
		case r.LazyQuotes:
			b.WriteByte('"')
		default:
			return "", false, r.fail(ErrQuote)
		}
	}
}

// text is a run of a quoted field: its line breaks counted and "\r\n"
// read as "\n", as encoding/csv does.
func (r *Reader) text(s string) string {
	r.line += strings.Count(s, "\n")
	return strings.ReplaceAll(s, "\r\n", "\n")
}

// endLine moves past the "\n" or "\r\n" at pos.
func (r *Reader) endLine() {
	if r.data[r.pos] == '\r' {
		r.pos++
	}
	r.pos++
	r.line++
}

// fail is an Error at pos.
func (r *Reader) fail(err error) *Error {
	col := r.pos - strings.LastIndexByte(r.data[:r.pos], '\n')
	return &Error{StartLine: r.start, Line: r.line, Column: col, Err: err}
}

// Append appends rec to b as one record ending in "\n", quoting a field
// that holds a comma, a quote or a line break, or starts with a space or
// a tab (which TrimLeadingSpace would drop).
func Append(b []byte, rec []string) []byte {
	for i, f := range rec {
		if i > 0 {
			b = append(b, ',')
		}
		if !needsQuotes(f) {
			b = append(b, f...)
			continue
		}
		b = append(b, '"')
		b = append(b, strings.ReplaceAll(f, `"`, `""`)...)
		b = append(b, '"')
	}
	return append(b, '\n')
}

func needsQuotes(f string) bool {
	return strings.ContainsAny(f, ",\"\r\n") || strings.HasPrefix(f, " ") || strings.HasPrefix(f, "\t")
}
