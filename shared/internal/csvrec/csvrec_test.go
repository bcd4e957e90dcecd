package csvrec_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/internal/csvrec"
)

// readAll reads every record of data, or the first error.
func readAll(r *csvrec.Reader) ([][]string, error) {
	var out [][]string
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, rec)
	}
}

// TestRead: the records and errors of RFC 4180 input, table by table.
func TestRead(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		lazy  bool
		trim  bool
		want  [][]string
		err   error
		line  int // the line of the error
		start []int
	}{
		{name: "plain", in: "a,b,c\n1,2,3\n", want: [][]string{{"a", "b", "c"}, {"1", "2", "3"}}, start: []int{1, 2}},
		{name: "crlf and no final newline", in: "a,b\r\n1,2", want: [][]string{{"a", "b"}, {"1", "2"}}},
		{name: "empty lines skipped", in: "\n\na\r\n\r\nb\n", want: [][]string{{"a"}, {"b"}}, start: []int{3, 5}},
		{name: "quoted comma, quote, newline", in: "\"x,y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\nnext,1,2\n",
			want: [][]string{{"x,y", `say "hi"`, "two\nlines"}, {"next", "1", "2"}}, start: []int{1, 3}},
		{name: "empty fields", in: ",,\n\"\",x,\n", want: [][]string{{"", "", ""}, {"", "x", ""}}},
		{name: "trim before a quote", in: "a, \"b\",\tc\n", trim: true, want: [][]string{{"a", "b", "c"}}},
		{name: "bare quote", in: "a,b\"c\n", err: csvrec.ErrBareQuote, line: 1},
		{name: "bare quote, lazy", in: "a,b\"c\n", lazy: true, want: [][]string{{"a", `b"c`}}},
		{name: "text after a closing quote", in: "x\n\"a\"b,c\n", err: csvrec.ErrQuote, line: 2},
		{name: "unclosed quote", in: "\"abc\n", err: csvrec.ErrQuote, line: 1},
		{name: "field count", in: "a,b\n1\n", err: csvrec.ErrFieldCount, line: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := csvrec.NewReader([]byte(tt.in))
			r.LazyQuotes, r.TrimLeadingSpace = tt.lazy, tt.trim
			var got [][]string
			var starts []int
			var err error
			for {
				var rec []string
				rec, err = r.Read()
				if err != nil {
					break
				}
				got, starts = append(got, rec), append(starts, r.StartLine())
			}
			if tt.err == nil {
				if !errors.Is(err, io.EOF) || !reflect.DeepEqual(got, tt.want) {
					t.Fatalf("got %q, %v; want %q", got, err, tt.want)
				}
				if tt.start != nil && !reflect.DeepEqual(starts, tt.start) {
					t.Errorf("start lines %v, want %v", starts, tt.start)
				}
				return
			}
			var e *csvrec.Error
			if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Line != tt.line {
				t.Errorf("err = %v, want %v on line %d", err, tt.err, tt.line)
			}
		})
	}
}

// FuzzRead: on any input the reader never panics, and wherever
// encoding/csv reads the input without an error, with the same options,
// csvrec gives the same records.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"a,b\n1,2\n", "\"x,\"\"y\"\"\",z\r\n", "a, \"b\"\n\n", "\"a\nb\",c", "a\"b,c\n", ",\n\r\n,,"} {
		f.Add([]byte(s), false, false)
		f.Add([]byte(s), true, true)
	}
	f.Fuzz(func(t *testing.T, data []byte, lazy, trim bool) {
		r := csvrec.NewReader(data)
		r.LazyQuotes, r.TrimLeadingSpace, r.Fields = lazy, trim, -1
		got, err := readAll(r)

		std := csv.NewReader(bytes.NewReader(data))
		std.LazyQuotes, std.TrimLeadingSpace, std.FieldsPerRecord = lazy, trim, -1
		want, stdErr := std.ReadAll()
		if stdErr != nil || loneCR(data) {
			return // only what encoding/csv reads, without a lone carriage return, is compared
		}
		if err != nil {
			t.Fatalf("csvrec: %v; encoding/csv read %q", err, want)
		}
		if len(got) != len(want) || (len(got) > 0 && !reflect.DeepEqual(got, want)) {
			t.Fatalf("csvrec %q, encoding/csv %q", got, want)
		}
	})
}

// loneCR reports whether data holds a carriage return not followed by a
// line feed, which encoding/csv reads in ways no price list relies on.
func loneCR(data []byte) bool {
	for i, c := range data {
		if c == '\r' && (i+1 == len(data) || data[i+1] != '\n') {
			return true
		}
	}
	return false
}

// FuzzAppend: any record written by Append reads back the same, as
// encoding/csv's writer's output does.
func FuzzAppend(f *testing.F) {
	f.Add("a", " b", "c,\"d\"\r\ne")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		rec := []string{a, b, c}
		data := csvrec.Append(nil, rec)
		r := csvrec.NewReader(data)
		got, err := r.Read()
		if err != nil || !reflect.DeepEqual(got, rec) {
			if strings.Contains(a+b+c, "\r") && err == nil {
				return // "\r\n" in a quoted field reads as "\n", as in encoding/csv
			}
			t.Fatalf("%q wrote %q, read %q, %v", rec, data, got, err)
		}
		var std bytes.Buffer
		w := csv.NewWriter(&std)
		_ = w.Write(rec)
		w.Flush()
		if want, err := csv.NewReader(&std).Read(); err == nil && !reflect.DeepEqual(got, want) && !strings.Contains(a+b+c, "\r") {
			t.Errorf("csvrec reads %q, encoding/csv's own round trip %q", got, want)
		}
	})
}
