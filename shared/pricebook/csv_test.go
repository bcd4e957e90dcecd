package pricebook_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/pricebook"
)

const header = "provider,card,unit,term,price,date,source\n"

func TestParseCSV(t *testing.T) {
	in := "\ufeff" + "Provider, Card,unit,term,price,date,source,includes,tax,note,kind,website\n" +
		"星河算力,rtx-4090,card,包月,\"1,200\",2026-11-20,quote SH-118,\"GPU, 16 vCPU\",6% VAT included,,reseller,https://example.com\n" +
		"\n" +
		"ctyun,L20-48G,node:8,year,50000-60000,2026-11,contract draft 7,,,,,\n" +
		"天翼云 (China Telecom Cloud),l20-48g,card,小时,15.72,2026-06-05,https://www.ctyun.cn,,,,,\n"
	l, err := pricebook.ParseCSV(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Offers) != 3 || l.Lines[0] != 2 || l.Lines[1] != 4 || l.Lines[2] != 5 {
		t.Fatalf("offers %d at lines %v, want 3 at 2, 4, 5", len(l.Offers), l.Lines)
	}
	o := l.Offers[0]
	if o.Provider != "星河算力" || o.Term != pricebook.Month || !o.Price.Low.Equal(d("1200")) || o.Includes != "GPU, 16 vCPU; tax: 6% VAT included" {
		t.Errorf("row 2 read as %+v", o)
	}
	if p, _ := l.Provider("星河算力"); p.Kind != pricebook.Reseller || p.Website != "https://example.com" {
		t.Errorf("provider %+v", p)
	}
	if o := l.Offers[1]; o.Provider != "ctyun" || o.Card != "l20-48g" || o.Unit.Cards() != 8 || !o.Price.High.Equal(d("60000")) {
		t.Errorf("row 4 read as %+v", o)
	}
	if l.Offers[2].Provider != "ctyun" {
		t.Errorf("a built-in provider named by its name should take its id, got %q", l.Offers[2].Provider)
	}
}

// TestParseCSVRefuses names the line, the column and what it allows for
// each kind of bad cell, in both languages, and applies nothing.
func TestParseCSVRefuses(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		column   string
		want     string // in the English message
	}{
		{"no header", "", 1, "", "first line naming the columns"},
		{"unknown column", "provider,card,unit,term,price,date,source,discount\n", 1, "discount", "one of the columns"},
		{"repeated column", "provider,card,unit,term,price,date,source,card\n", 1, "card", "each column named once"},
		{"missing column", "provider,card,unit,term,price,date\n", 1, "source", "every column"},
		{"unknown card", header + "x,h100,card,hour,1,2026-11-01,q\n", 2, "card", "a card id of the catalogue"},
		{"bad unit", header + "x,rtx-4090,node:0,hour,1,2026-11-01,q\n", 2, "unit", "node:N"},
		{"bad term", header + "x,rtx-4090,card,quarter,1,2026-11-01,q\n", 2, "term", "hour, day, week, month or year"},
		{"zero price", header + "x,rtx-4090,card,hour,0,2026-11-01,q\n", 2, "price", "above 0"},
		{"negative price", header + "x,rtx-4090,card,hour,-1,2026-11-01,q\n", 2, "price", "above 0"},
		{"exponent", header + "x,rtx-4090,card,hour,1e9,2026-11-01,q\n", 2, "price", "above 0"},
		{"huge", header + "x,rtx-4090,card,hour,99999999999999999999,2026-11-01,q\n", 2, "price", "above 0"},
		{"many decimals", header + "x,rtx-4090,card,hour,1.123456789012,2026-11-01,q\n", 2, "price", "above 0"},
		{"range reversed", header + "x,rtx-4090,card,hour,2-1,2026-11-01,q\n", 2, "price", "range"},
		{"bad date", header + "x,rtx-4090,card,hour,1,2026-02-30,q\n", 2, "date", "YYYY-MM-DD"},
		{"no source", header + "x,rtx-4090,card,hour,1,2026-11-01,\n", 2, "source", "where the price can be checked"},
		{"no provider", header + ",rtx-4090,card,hour,1,2026-11-01,q\n", 2, "provider", "provider's name"},
		{"bad kind", "provider,card,unit,term,price,date,source,kind\nx,rtx-4090,card,hour,1,2026-11-01,q,broker\n", 2, "kind", "cloud, marketplace"},
		{"long cell", header + "x,rtx-4090,card,hour,1,2026-11-01," + strings.Repeat("s", 1001) + "\n", 2, "source", "at most 1,000"},
		{"bad quote", header + "x,rtx-4090,card,hour,1,2026-11-01,\"q\n", 2, "", "well-formed CSV"},
		{"not UTF-8", header + "x,rtx-4090,card,hour,1,2026-11-01,\xff\n", 0, "", "UTF-8"},
		{"second row", header + "x,rtx-4090,card,hour,1,2026-11-01,q\nx,rtx-4090,card,hour,one,2026-11-01,q\n", 3, "price", "above 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := pricebook.ParseCSV(strings.NewReader(tt.in))
			var errs pricebook.Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("err = %v, want Errors", err)
			}
			e := errs[0]
			if e.Line != tt.line || e.Column != tt.column {
				t.Errorf("line %d column %q, want %d %q (%v)", e.Line, e.Column, tt.line, tt.column, e)
			}
			if en := e.Message().In(msg.En); !strings.Contains(en, tt.want) {
				t.Errorf("en %q lacks %q", en, tt.want)
			}
			if zh := e.Message().In(msg.Zh); !strings.Contains(zh, "行") {
				t.Errorf("zh %q does not name the line", zh)
			}
		})
	}
}

func TestParseCSVBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString(header)
	for range pricebook.MaxRows + 1 {
		b.WriteString("x,rtx-4090,card,hour,1,2026-11-01,q\n")
	}
	if _, err := pricebook.ParseCSV(strings.NewReader(b.String())); err == nil || !strings.Contains(err.Error(), "at most 2,000 offers") {
		t.Errorf("%d rows: %v", pricebook.MaxRows+1, err)
	}
	big := header + strings.Repeat("#", pricebook.MaxCSVBytes)
	if _, err := pricebook.ParseCSV(strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "KiB") {
		t.Errorf("a file over the size bound: %v", err)
	}
	var many strings.Builder
	many.WriteString(header)
	for range 200 {
		many.WriteString("x,nope,card,hour,1,2026-11-01,q\n")
	}
	_, err := pricebook.ParseCSV(strings.NewReader(many.String()))
	if errs, ok := err.(pricebook.Errors); !ok || len(errs) != pricebook.MaxErrors {
		t.Errorf("200 bad rows gave %d errors, want the first %d", len(errs), pricebook.MaxErrors)
	}
}

// TestCSVRoundTrip writes the built-in book as CSV (the form gpuverify
// prices --format csv prints) and reads it back unchanged.
func TestCSVRoundTrip(t *testing.T) {
	b := pricebook.Builtin()
	var buf bytes.Buffer
	if err := pricebook.WriteCSV(&buf, b); err != nil {
		t.Fatal(err)
	}
	l, err := pricebook.ParseCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Offers) != len(b.Offers) {
		t.Fatalf("%d offers back, want %d", len(l.Offers), len(b.Offers))
	}
	for i, o := range l.Offers {
		w := b.Offers[i]
		if o.Provider != w.Provider || o.Card != w.Card || o.Unit != w.Unit || o.Term != w.Term || !o.Price.Low.Equal(w.Price.Low) ||
			!o.Price.High.Equal(w.Price.High) || o.Date != w.Date || o.Source != w.Source || o.Includes != w.Includes || o.Note != w.Note {
			t.Errorf("offer %d: %+v, want %+v", i, o, w)
		}
	}
}

// FuzzParseCSV: any input is read or refused with row errors, quickly and
// without a panic; what is read is bounded and complete.
func FuzzParseCSV(f *testing.F) {
	for _, seed := range []string{
		header + "x,rtx-4090,card,hour,1.98,2026-11-01,q\n",
		header + "ctyun,l20-48g,node:8,年,1-2,2026-11,q\n",
		"\ufeffprovider,card,unit,term,price,date,source,note\n\"a,b\",h20-96g,card,week,\"1,000\",2026-01-31,\"x\"\"y\",z\n",
		header + "x,rtx-4090,card,hour,1e99999,2026-11-01,q\n",
		"",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := pricebook.ParseCSV(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(pricebook.Errors); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if len(l.Offers) > pricebook.MaxRows || len(l.Offers) != len(l.Lines) {
			t.Fatalf("%d offers, %d lines", len(l.Offers), len(l.Lines))
		}
		for _, o := range l.Offers {
			if !o.Price.Low.IsPositive() || o.Price.High.LessThan(o.Price.Low) || !o.Term.Valid() || o.Source == "" || !pricebook.ValidDate(o.Date) {
				t.Fatalf("incomplete offer read: %+v", o)
			}
			if _, ok := l.Provider(o.Provider); !ok {
				t.Fatalf("offer of an unlisted provider %q", o.Provider)
			}
		}
	})
}

// TestParseTerm: every term reads from its English and Chinese words
// (catalogue prices.term_words.<term>), case and spaces ignored, and
// nothing else reads as a term.
func TestParseTerm(t *testing.T) {
	cases := map[string]pricebook.Term{
		"hour": pricebook.Hour, " Hourly ": pricebook.Hour, "h": pricebook.Hour, "小时": pricebook.Hour, "按小时": pricebook.Hour, "按量": pricebook.Hour,
		"day": pricebook.Day, "daily": pricebook.Day, "d": pricebook.Day, "天": pricebook.Day, "日": pricebook.Day, "包天": pricebook.Day,
		"week": pricebook.Week, "weekly": pricebook.Week, "W": pricebook.Week, "周": pricebook.Week, "包周": pricebook.Week,
		"month": pricebook.Month, "monthly": pricebook.Month, "m": pricebook.Month, "月": pricebook.Month, "包月": pricebook.Month,
		"year": pricebook.Year, "yearly": pricebook.Year, "annual": pricebook.Year, "y": pricebook.Year, "年": pricebook.Year, "包年": pricebook.Year,
	}
	for in, want := range cases {
		if got, ok := pricebook.ParseTerm(in); !ok || got != want {
			t.Errorf("ParseTerm(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "fortnight", "包", "hours", "month year"} {
		if got, ok := pricebook.ParseTerm(in); ok {
			t.Errorf("ParseTerm(%q) = %q, want refused", in, got)
		}
	}
	for _, term := range pricebook.Terms {
		if err := msg.Check(msg.New("prices.term_words." + string(term))); err != nil {
			t.Error(err)
		}
	}
}
