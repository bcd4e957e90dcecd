package pricebook

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/internal/csvrec"
	"github.com/gpuplan/gpuplan/shared/internal/digits"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Bounds on a buyer's price list.
const (
	// MaxCSVBytes is the largest list read: far above any real list.
	MaxCSVBytes = 256 << 10
	// MaxRows is the most offers one list may hold.
	MaxRows = 2000
	// MaxField is the longest cell, in bytes (a source URL with a note).
	MaxField = 1000
	// MaxErrors is how many row errors one read reports before it stops.
	MaxErrors = 50
)

// Required are the columns every list has, in the documented order.
var Required = []string{"provider", "card", "unit", "term", "price", "date", "source"}

// Optional are the further columns a list may have.
var Optional = []string{"includes", "tax", "note", "kind", "website"}

// RowError is one refused cell of a price list.
type RowError struct {
	// Line is the 1-based line of the file (the header is line 1).
	Line int
	// Column is the column's header name; empty for a whole-file problem.
	Column string
	// Value is the refused cell as given.
	Value string
	// Want says what the column allows.
	Want msg.M
}

// Error reads `line 3, column "price": got "abc": want …`.
func (e *RowError) Error() string { return e.Message().String() }

// Message is the error as a message, in either language.
func (e *RowError) Message() msg.M {
	if e.Column == "" {
		return msg.New("prices.csv.file_error", msg.Int(e.Line), msg.Sub(e.Want))
	}
	return msg.New("prices.csv.error", msg.Int(e.Line), msg.Text(e.Column), msg.Text(clip(e.Value)), msg.Sub(e.Want))
}

// Errors are every refused cell of one list, in file order.
type Errors []*RowError

// Error is the first error and how many more there are.
func (es Errors) Error() string {
	if len(es) == 1 {
		return es[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", es[0].Error(), len(es)-1)
}

// List is a buyer's price list as read: its providers and offers, and the
// file line of each offer.
type List struct {
	Book
	// Lines are the file lines of Offers, one each.
	Lines []int `json:"-"`
}

// ParseCSV reads a buyer's price list. It reads every row and returns
// either the whole list or, when any cell is refused, the rows it could
// read and Errors naming each refused cell: a caller applies the list only
// when err is nil, so nothing is half-applied.
func ParseCSV(r io.Reader) (List, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxCSVBytes+1))
	if err != nil {
		return List{}, Errors{{Line: 0, Want: msg.New("prices.want.readable", msg.Text(err.Error()))}}
	}
	if len(data) > MaxCSVBytes {
		return List{}, Errors{{Line: 0, Want: msg.New("prices.want.size", msg.Int(MaxCSVBytes>>10))}}
	}
	if !utf8.Valid(data) {
		return List{}, Errors{{Line: 0, Want: msg.New("prices.want.utf8")}}
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	cr := csvrec.NewReader(data)
	cr.Fields = -1
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if err != nil {
		return List{}, Errors{{Line: 1, Want: msg.New("prices.want.header", msg.Text(strings.Join(Required, ",")))}}
	}
	cols, herr := columns(header)
	if herr != nil {
		return List{}, Errors{herr}
	}
	return readRows(cr, cols)
}

// columns maps each header name to its index, refusing unknown, repeated
// and missing columns.
func columns(header []string) (map[string]int, *RowError) {
	cols := map[string]int{}
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		if _, seen := cols[name]; seen {
			return nil, &RowError{Line: 1, Column: h, Value: h, Want: msg.New("prices.want.once")}
		}
		if !slices.Contains(Required, name) && !slices.Contains(Optional, name) {
			return nil, &RowError{Line: 1, Column: h, Value: h, Want: msg.New("prices.want.column", msg.Text(strings.Join(append(slices.Clone(Required), Optional...), ", ")))}
		}
		cols[name] = i
	}
	for _, name := range Required {
		if _, ok := cols[name]; !ok {
			return nil, &RowError{Line: 1, Column: name, Want: msg.New("prices.want.missing_column", msg.Text(strings.Join(Required, ",")))}
		}
	}
	return cols, nil
}

// readRows reads the data rows after the header.
func readRows(cr *csvrec.Reader, cols map[string]int) (List, error) {
	var l List
	var errs Errors
	for rows := 0; ; {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			line := 0
			var pe *csvrec.Error
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			errs = append(errs, &RowError{Line: line, Want: msg.New("prices.want.csv", msg.Text(err.Error()))})
			break
		}
		line := cr.StartLine()
		if blank(rec) {
			continue
		}
		if rows++; rows > MaxRows {
			errs = append(errs, &RowError{Line: line, Want: msg.New("prices.want.rows", msg.Int(MaxRows))})
			break
		}
		o, p, rerrs := readRow(rec, cols, line)
		if len(rerrs) > 0 {
			errs = append(errs, rerrs...)
			if len(errs) >= MaxErrors {
				break
			}
			continue
		}
		l.addProvider(p)
		l.Offers = append(l.Offers, o)
		l.Lines = append(l.Lines, line)
	}
	if len(errs) > 0 {
		return l, errs[:min(len(errs), MaxErrors)]
	}
	return l, nil
}

func blank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// cell returns a row's cell by column name, trimmed; "" when the row is
// short or the column absent.
func cell(rec []string, cols map[string]int, name string) string {
	i, ok := cols[name]
	if !ok || i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

// readRow reads one offer and its provider, every refused cell an error.
func readRow(rec []string, cols map[string]int, line int) (Offer, Provider, Errors) {
	var errs Errors
	bad := func(col, v string, want msg.M) {
		errs = append(errs, &RowError{Line: line, Column: col, Value: v, Want: want})
	}
	for name, i := range cols {
		if i < len(rec) && len(rec[i]) > MaxField {
			bad(name, rec[i], msg.New("prices.want.long", msg.Int(MaxField)))
		}
	}
	if len(errs) > 0 {
		return Offer{}, Provider{}, errs
	}
	p := provider(cell(rec, cols, "provider"), cell(rec, cols, "kind"), cell(rec, cols, "website"))
	if p.ID == "" {
		bad("provider", "", msg.New("prices.want.provider"))
	}
	if k := cell(rec, cols, "kind"); k != "" && !slices.Contains(Kinds, Kind(strings.ToLower(k))) {
		bad("kind", k, msg.New("prices.want.kind"))
	}
	o := Offer{Provider: p.ID, Includes: cell(rec, cols, "includes"), Note: cell(rec, cols, "note"), Source: cell(rec, cols, "source")}
	if tax := cell(rec, cols, "tax"); tax != "" {
		o.Includes = strings.TrimSpace(strings.TrimPrefix(o.Includes+"; tax: "+tax, "; "))
	}
	var ok bool
	if o.Card, ok = cardID(cell(rec, cols, "card")); !ok {
		bad("card", cell(rec, cols, "card"), msg.New("prices.want.card", msg.Text(strings.Join(catalog.IDs(), ", "))))
	}
	u, err := ParseUnit(cell(rec, cols, "unit"))
	if err != nil {
		bad("unit", cell(rec, cols, "unit"), msg.New("prices.want.unit", msg.Int(MaxNodeCards)))
	}
	o.Unit = u
	if o.Term, ok = ParseTerm(cell(rec, cols, "term")); !ok {
		bad("term", cell(rec, cols, "term"), msg.New("prices.want.term"))
	}
	if o.Price, ok = parsePrice(cell(rec, cols, "price")); !ok {
		bad("price", cell(rec, cols, "price"), msg.New("prices.want.price"))
	}
	if o.Date = cell(rec, cols, "date"); !ValidDate(o.Date) {
		bad("date", o.Date, msg.New("prices.want.date"))
	}
	if o.Source == "" {
		bad("source", "", msg.New("prices.want.source"))
	}
	return o, p, errs
}

// provider names a list's provider: a built-in one when the cell is its id
// or name (case ignored), else a buyer's provider of that name.
func provider(name, kind, website string) Provider {
	if name == "" {
		return Provider{}
	}
	for _, p := range providers {
		if strings.EqualFold(p.ID, name) || strings.EqualFold(p.Name, name) {
			return p
		}
	}
	k := Buyer
	if kind != "" {
		k = Kind(strings.ToLower(kind))
	}
	return Provider{ID: name, Name: name, Kind: k, Website: website}
}

func (l *List) addProvider(p Provider) {
	if _, ok := l.Provider(p.ID); !ok {
		l.Providers = append(l.Providers, p)
	}
}

// cardID reads a catalogue id, case ignored.
func cardID(s string) (string, bool) {
	for _, id := range catalog.IDs() {
		if strings.EqualFold(id, s) {
			return id, true
		}
	}
	return "", false
}

// termWords are the words a list may use for each term, in English and in
// Chinese ("包月"): the words of the catalogue's prices.term_words.<term>
// in both languages, read once.
var termWords = sync.OnceValue(func() map[string]Term {
	m := map[string]Term{}
	for _, t := range Terms {
		e, _ := msg.Lookup("prices.term_words." + string(t))
		for _, w := range strings.Fields(e.En + " " + e.Zh) {
			m[strings.ToLower(w)] = t
		}
	}
	return m
})

// ParseTerm reads a term: hour, day, week, month or year (or a Chinese
// word for one, e.g. 包月).
func ParseTerm(s string) (Term, bool) {
	t, ok := termWords()[strings.ToLower(strings.TrimSpace(s))]
	return t, ok
}

// parsePrice reads "1.98" or a range "1.88-1.98" (also with – or ~): each
// end an amount money.Parse accepts, above zero, low ≤ high.
func parsePrice(s string) (money.Range, bool) {
	lo, hi, isRange := s, s, false
	for _, sep := range []string{"–", "~", "-"} {
		if a, b, ok := strings.Cut(s, sep); ok {
			lo, hi, isRange = a, b, true
			break
		}
	}
	l, err := money.Parse("price", strings.TrimSpace(lo))
	if err != nil || !l.IsPositive() {
		return money.Range{}, false
	}
	h := l
	if isRange {
		if h, err = money.Parse("price", strings.TrimSpace(hi)); err != nil || h.LessThan(l) {
			return money.Range{}, false
		}
	}
	return money.Range{Low: l, High: h}, true
}

// ValidDate reports whether s is YYYY-MM-DD or YYYY-MM, a real month and
// day, year 2000 to 2099.
func ValidDate(s string) bool {
	_, ok := dayNumber(s)
	return ok
}

// dayNumber is a date's days since 2000-01-01 (the month's first for
// YYYY-MM), by a 30.44-day month: good for ages in months, not calendars.
func dayNumber(s string) (int, bool) {
	if (len(s) != 7 && len(s) != 10) || s[4] != '-' || (len(s) == 10 && s[7] != '-') {
		return 0, false
	}
	day := "01"
	if len(s) == 10 {
		day = s[8:10]
	}
	if !digits.Only(s[0:4]) || !digits.Only(s[5:7]) || !digits.Only(day) {
		return 0, false
	}
	y, _ := strconv.Atoi(s[0:4]) // four or two ASCII digits: Atoi cannot fail
	m, _ := strconv.Atoi(s[5:7])
	d, _ := strconv.Atoi(day)
	if y < 2000 || y > 2099 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return 0, false
	}
	return (y-2000)*365 + (y-1997)/4 + cumDays[m-1] + leap(y, m) + d - 1, true
}

var cumDays = [12]int{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func leap(y, m int) int {
	if m > 2 && isLeap(y) {
		return 1
	}
	return 0
}

func daysIn(y, m int) int {
	if m == 12 {
		return 31
	}
	return cumDays[m] - cumDays[m-1] + leap(y, m+1) - leap(y, m)
}

// AgeMonths is how many whole months old a date is on asOf (both
// YYYY-MM-DD or YYYY-MM); false when either does not parse.
func AgeMonths(date, asOf string) (int, bool) {
	a, ok1 := dayNumber(date)
	b, ok2 := dayNumber(asOf)
	if !ok1 || !ok2 {
		return 0, false
	}
	return (b - a) * 100 / 3044, true // 30.44 days a month, in whole days
}

// StaleMonths is the age at which an offer's price is flagged as old.
const StaleMonths = 6

func clip(s string) string {
	const n = 80
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// WriteCSV writes b's offers as a price list ParseCSV reads back: the
// required columns, then includes, note, kind and website.
func WriteCSV(w io.Writer, b Book) error {
	out := csvrec.Append(nil, append(slices.Clone(Required), "includes", "note", "kind", "website"))
	for _, o := range b.Offers {
		p, _ := b.Provider(o.Provider)
		price := o.Price.Low.String()
		if !o.Price.IsPoint() {
			price += "-" + o.Price.High.String()
		}
		out = csvrec.Append(out, []string{o.Provider, o.Card, o.Unit.String(), string(o.Term), price, o.Date, o.Source,
			o.Includes, o.Note, string(p.Kind), p.Website})
	}
	_, err := w.Write(out)
	return err
}
