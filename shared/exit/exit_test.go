package exit_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

func schedule(t *testing.T, in exit.Input) exit.Calendar {
	t.Helper()
	p, err := exit.Schedule(in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func step(t *testing.T, p exit.Calendar, id string) exit.Step {
	t.Helper()
	for _, s := range p.Steps {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no step %s", id)
	return exit.Step{}
}

// Rules E1, E2 and K2 for a contract ending on Thursday 2026-12-31.
func TestSchedule(t *testing.T) {
	p := schedule(t, exit.Input{ContractEnd: "2026-12-31", Vendor: "平台A"})
	want := []struct{ id, start, due, rule string }{
		{"decide", "2026-12-26", "2026-12-28", "E1"}, // 5 to 3 days before
		{"export", "2026-12-28", "2026-12-30", "E2"},
		{"end", "2026-12-31", "2026-12-31", "E2"},
		// 7 working days after Thu 31 Dec: Fri 1, Mon 4 … Fri 8, Mon 11.
		{"deletion", "2027-01-01", "2027-01-11", "K2"},
		{"reconcile", "2027-01-01", "2027-01-11", "E2"},
	}
	if len(p.Steps) != len(want) {
		t.Fatalf("%d steps", len(p.Steps))
	}
	for i, w := range want {
		s := p.Steps[i]
		if s.ID != w.id || s.Start != w.start || s.Due != w.due || s.Rule != w.rule {
			t.Errorf("step %d = %s %s–%s %s, want %+v", i, s.ID, s.Start, s.Due, s.Rule, w)
		}
	}
	// New Year's Day as a holiday moves the certificate a day later.
	p = schedule(t, exit.Input{ContractEnd: "2026-12-31", Holidays: []string{"2027-01-01"}})
	if s := step(t, p, "deletion"); s.Due != "2027-01-12" {
		t.Errorf("with 1 Jan off: due %s, want 2027-01-12", s.Due)
	}
	// A contract that allows 10 working days.
	p = schedule(t, exit.Input{ContractEnd: "2026-12-31", DeletionWorkingDays: 10})
	if s := step(t, p, "deletion"); s.Due != "2027-01-14" || !strings.Contains(s.DetailIn(msg.En), "10 working days") {
		t.Errorf("10 days: %+v", s)
	}
}

// Working days skip weekends and holidays and count weekend days worked
// in their place. The 2026 National Day dates here are illustrative.
func TestAddWorkingDays(t *testing.T) {
	golden := []string{"2026-10-01", "2026-10-02", "2026-10-03", "2026-10-04", "2026-10-05", "2026-10-06", "2026-10-07"}
	tests := []struct {
		date               string
		n                  int
		holidays, workdays []string
		want               string
	}{
		{"2026-09-30", 7, nil, nil, "2026-10-09"},
		{"2026-09-30", 7, golden, []string{"2026-10-10"}, "2026-10-15"},
		{"2026-09-30", 7, golden, nil, "2026-10-16"},
		{"2026-10-02", 1, nil, nil, "2026-10-05"}, // Friday → Monday
		{"2026-10-03", 1, nil, nil, "2026-10-05"}, // Saturday → Monday
		{"2026-10-02", 0, nil, nil, "2026-10-02"},
	}
	for _, tt := range tests {
		got, err := exit.AddWorkingDays(tt.date, tt.n, tt.holidays, tt.workdays)
		if err != nil || got != tt.want {
			t.Errorf("AddWorkingDays(%s, %d) = %s, %v, want %s", tt.date, tt.n, got, err, tt.want)
		}
	}
	if _, err := exit.AddWorkingDays("2026-02-30", 1, nil, nil); err == nil {
		t.Error("2026-02-30 accepted")
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		in    exit.Input
	}{
		{"contract_end", exit.Input{ContractEnd: "31/12/2026"}},
		{"contract_end", exit.Input{ContractEnd: "1999-12-31"}},
		{"vendor", exit.Input{ContractEnd: "2026-12-31", Vendor: strings.Repeat("x", 201)}},
		{"deletion_working_days", exit.Input{ContractEnd: "2026-12-31", DeletionWorkingDays: 61}},
		{"holidays[1]", exit.Input{ContractEnd: "2026-12-31", Holidays: []string{"2027-01-01", "tomorrow"}}},
		{"workdays[0]", exit.Input{ContractEnd: "2026-12-31", Workdays: []string{"2027-01-04"}}}, // a Monday
	}
	for _, tt := range tests {
		err := tt.in.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tt.field+" = ") {
			t.Errorf("want an error naming %s, got %v", tt.field, err)
		}
	}
}

var stamp = time.Date(2026, 8, 20, 9, 30, 0, 0, time.FixedZone("CST", 8*3600))

// RFC 5545: CRLF line ends, folded lines of at most 75 octets, one UID and
// DTSTAMP per event; unfolding and unescaping gives back the text.
func TestWriteICS(t *testing.T) {
	vendor := `Cloud, Inc.; "GPU" \ 算力平台` + "\n" + strings.Repeat("长名字", 12)
	p := schedule(t, exit.Input{ContractEnd: "2026-12-31", Vendor: vendor})
	var buf bytes.Buffer
	if err := p.WriteICS(&buf, stamp, msg.En); err != nil {
		t.Fatal(err)
	}
	ics := buf.String()
	if strings.Contains(strings.ReplaceAll(ics, "\r\n", ""), "\n") || strings.Contains(strings.ReplaceAll(ics, "\r\n", ""), "\r") {
		t.Fatal("a line ends without CRLF")
	}
	if !strings.HasSuffix(ics, "END:VCALENDAR\r\n") {
		t.Fatal("file does not end with END:VCALENDAR CRLF")
	}
	folded := 0
	for _, l := range strings.Split(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
		if len(l) > 75 {
			t.Errorf("line of %d octets: %q", len(l), l)
		}
		if strings.HasPrefix(l, " ") {
			folded++
		}
	}
	if folded == 0 {
		t.Error("no line was folded; the test should exercise folding")
	}
	events := parse(t, exit.Unfold(ics))
	if len(events) != 5 {
		t.Fatalf("%d events", len(events))
	}
	uids := map[string]bool{}
	for i, e := range events {
		s := p.Steps[i]
		if got := exit.UnescapeText(e["SUMMARY"]); got != exit.NormalizeText(vendor)+": "+s.TitleIn(msg.En) {
			t.Errorf("SUMMARY read back as %q", got)
		}
		if got := exit.UnescapeText(e["DESCRIPTION"]); !strings.HasPrefix(got, s.DetailIn(msg.En)+"\nRule "+s.Rule) {
			t.Errorf("DESCRIPTION read back as %q", got)
		}
		if e["DTSTART;VALUE=DATE"] != strings.ReplaceAll(s.Start, "-", "") || e["DTSTAMP"] != "20260820T013000Z" {
			t.Errorf("event %d: %v", i, e)
		}
		uids[e["UID"]] = true
	}
	if len(uids) != 5 {
		t.Errorf("%d distinct UIDs for 5 events", len(uids))
	}
	// The decision window: DTEND is exclusive, the day after the due date.
	if events[0]["DTEND;VALUE=DATE"] != "20261229" {
		t.Errorf("decide DTEND = %s", events[0]["DTEND;VALUE=DATE"])
	}
}

// parse reads unfolded content lines into one map per VEVENT, keyed by
// the name with its parameters; it checks BEGIN/END nesting.
func parse(t *testing.T, lines []string) []map[string]string {
	t.Helper()
	if lines[0] != "BEGIN:VCALENDAR" || lines[len(lines)-1] != "END:VCALENDAR" {
		t.Fatalf("not a calendar: %q … %q", lines[0], lines[len(lines)-1])
	}
	var events []map[string]string
	var cur map[string]string
	for _, l := range lines[1 : len(lines)-1] {
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("no colon in %q", l)
		}
		switch {
		case name == "BEGIN" && value == "VEVENT":
			if cur != nil {
				t.Fatal("nested VEVENT")
			}
			cur = map[string]string{}
		case name == "END" && value == "VEVENT":
			for _, req := range []string{"UID", "DTSTAMP", "DTSTART;VALUE=DATE", "SUMMARY"} {
				if cur[req] == "" {
					t.Errorf("event without %s", req)
				}
			}
			events, cur = append(events, cur), nil
		case cur != nil:
			if _, dup := cur[name]; dup {
				t.Errorf("%s twice in one event", name)
			}
			cur[name] = value
		}
	}
	return events
}

// The end from the contract's start and term (rule E1 counts back from
// it): the day before the same date term months later.
func TestScheduleFromStart(t *testing.T) {
	tests := []struct {
		start string
		term  int
		end   string
	}{
		{"2026-01-01", 12, "2026-12-31"},
		{"2026-03-15", 1, "2026-04-14"},
		{"2026-01-31", 1, "2026-02-27"}, // 28 February is the same date a month on
		{"2024-01-31", 1, "2024-02-28"}, // a leap year
		{"2026-11-30", 3, "2027-02-27"},
	}
	for _, tt := range tests {
		p := schedule(t, exit.Input{ContractStart: tt.start, TermMonths: tt.term})
		if p.ContractEnd != tt.end || p.ContractStart != tt.start || step(t, p, "end").Due != tt.end {
			t.Errorf("%s + %d months: end %s, want %s", tt.start, tt.term, p.ContractEnd, tt.end)
		}
	}
	// An end date given wins over start and term.
	p := schedule(t, exit.Input{ContractEnd: "2026-06-30", ContractStart: "2026-01-01", TermMonths: 12})
	if p.ContractEnd != "2026-06-30" {
		t.Errorf("end %s", p.ContractEnd)
	}
	for _, bad := range []struct {
		in    exit.Input
		field string
	}{
		{exit.Input{ContractStart: "2026-01-01"}, "term_months"},
		{exit.Input{ContractStart: "2026-01-01", TermMonths: 121}, "term_months"},
		{exit.Input{TermMonths: 12}, "contract_start"},
		{exit.Input{ContractStart: "2099-06-01", TermMonths: 12}, "contract_start"},
		{exit.Input{}, "contract_end"},
	} {
		_, err := exit.Schedule(bad.in)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != bad.field {
			t.Errorf("%+v: %v, want a field error at %s", bad.in, err, bad.field)
		}
	}
}
