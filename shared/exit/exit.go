package exit

import (
	"cmp"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Input is the contract end and the calendar to count working days on.
type Input struct {
	// ContractEnd is the last day of service, "2026-12-31", between 2000
	// and 2099. Empty means ContractStart plus TermMonths.
	ContractEnd string `json:"contract_end"`
	// ContractStart is the first day of service, "2026-01-01"; with
	// TermMonths it gives the end when ContractEnd is empty: the day before
	// the same date TermMonths later (or before the end of that month when
	// it is shorter).
	ContractStart string `json:"contract_start,omitempty"`
	// TermMonths is the contract term in months, in [1, 120] when given.
	TermMonths int `json:"term_months,omitempty"`
	// Vendor names the vendor, at most 200 bytes; it appears in the
	// calendar entries.
	Vendor string `json:"vendor,omitempty"`
	// DeletionWorkingDays is the contract's deletion deadline in working
	// days after the end, in [0, 60]; 0 means rule K2's 7.
	DeletionWorkingDays int `json:"deletion_working_days,omitempty"`
	// Holidays are dates that are not working days, at most 100.
	Holidays []string `json:"holidays,omitempty"`
	// Workdays are Saturdays and Sundays that are working days (调休), at
	// most 100.
	Workdays []string `json:"workdays,omitempty"`
}

// DefaultDeletionDays is rule K2's deletion deadline in working days.
const DefaultDeletionDays = 7

// dateLayout is how dates are written in the input and the schedule.
const dateLayout = "2006-01-02"

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	if _, err := in.end(); err != nil {
		return err
	}
	if len(in.Vendor) > 200 {
		return &fielderr.Error{Field: "vendor", Value: strings.ToValidUTF8(in.Vendor[:40], "") + "…", Want: msg.New("want.name_200")}
	}
	if err := valid.IntRange("deletion_working_days", in.DeletionWorkingDays, 0, 60); err != nil {
		return err
	}
	if err := dateList("holidays", in.Holidays, false); err != nil {
		return err
	}
	return dateList("workdays", in.Workdays, true)
}

// end returns the last day of service: ContractEnd, or ContractStart
// plus TermMonths less a day.
func (in Input) end() (time.Time, error) {
	if in.ContractStart != "" || in.TermMonths != 0 {
		if err := valid.IntRange("term_months", in.TermMonths, 1, 120); err != nil {
			return time.Time{}, err
		}
		if _, err := inRange("contract_start", in.ContractStart); err != nil {
			return time.Time{}, err
		}
	}
	if in.ContractEnd == "" && in.ContractStart != "" {
		start, _ := parseDate("contract_start", in.ContractStart)
		return inRange("contract_start", addMonths(start, in.TermMonths).AddDate(0, 0, -1).Format(dateLayout))
	}
	return inRange("contract_end", in.ContractEnd)
}

// addMonths is the same day n months later, or the last day of that
// month when it is shorter: 31 January plus one month is 28 February.
func addMonths(t time.Time, n int) time.Time {
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, n, 0)
	last := first.AddDate(0, 1, -1).Day()
	return first.AddDate(0, 0, min(t.Day(), last)-1)
}

// inRange parses a date of this century's contracts.
func inRange(field, s string) (time.Time, error) {
	t, err := parseDate(field, s)
	if err != nil {
		return t, err
	}
	if t.Year() < 2000 || t.Year() > 2099 {
		return t, &fielderr.Error{Field: field, Value: s, Want: msg.New("want.date_range")}
	}
	return t, nil
}

func parseDate(field, s string) (time.Time, error) {
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		return time.Time{}, &fielderr.Error{Field: field, Value: s, Want: msg.New("want.date_written")}
	}
	return t, nil
}

func dateList(field string, ds []string, weekend bool) error {
	if len(ds) > 100 {
		return &fielderr.Error{Field: field, Value: fmt.Sprintf("%d dates", len(ds)), Want: msg.New("want.max_dates", msg.Int(100))}
	}
	for i, s := range ds {
		f := fmt.Sprintf("%s[%d]", field, i)
		t, err := parseDate(f, s)
		if err != nil {
			return err
		}
		if weekend && !isWeekend(t) {
			return &fielderr.Error{Field: f, Value: s, Want: msg.New("want.workday")}
		}
	}
	return nil
}

func isWeekend(t time.Time) bool { return t.Weekday() == time.Saturday || t.Weekday() == time.Sunday }

// Step is one task of the exit, with the window to do it in.
type Step struct {
	// ID names the step: "decide", "export", "end", "deletion",
	// "reconcile".
	ID string `json:"id"`
	// Rule is the rule it applies.
	Rule string `json:"rule"`
	// Title says what to do, in a few words; the JSON writes it as
	// "title" (English) and "title_message".
	Title msg.M
	// Start and Due bound the window, "2026-12-26"; Start == Due for a
	// single day.
	Start string
	Due   string
	// Detail says how, and why by then; the JSON writes it as "detail"
	// (English) and "detail_message".
	Detail msg.M
}

// stepJSON is a Step's JSON form, the English of its title and detail
// written next to their messages for scripts.
type stepJSON struct {
	ID            string `json:"id"`
	Rule          string `json:"rule"`
	Title         string `json:"title"`
	TitleMessage  msg.M  `json:"title_message,omitzero"`
	Start         string `json:"start"`
	Due           string `json:"due"`
	Detail        string `json:"detail"`
	DetailMessage msg.M  `json:"detail_message,omitzero"`
}

// MarshalJSON writes the step with the English of its title and detail.
func (s Step) MarshalJSON() ([]byte, error) {
	return json.Marshal(stepJSON{ID: s.ID, Rule: s.Rule, Title: s.Title.String(), TitleMessage: s.Title,
		Start: s.Start, Due: s.Due, Detail: s.Detail.String(), DetailMessage: s.Detail})
}

// UnmarshalJSON reads what MarshalJSON writes; a title or detail with only
// its English reads as that text.
func (s *Step) UnmarshalJSON(b []byte) error {
	var j stepJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*s = Step{ID: j.ID, Rule: j.Rule, Title: msg.FromFile(j.Title, j.TitleMessage), Start: j.Start, Due: j.Due,
		Detail: msg.FromFile(j.Detail, j.DetailMessage)}
	return nil
}

// step makes the step id whose title and detail are the catalogue entries
// exit.<id> and exit.<id>.detail.
func step(id, rule, start, due string, detail ...msg.Arg) Step {
	t, d := msg.New("exit."+id), msg.New("exit."+id+".detail", detail...)
	return Step{ID: id, Rule: rule, Title: t, Start: start, Due: due, Detail: d}
}

// TitleIn renders the title in l (the English text when the step carries
// no message).
func (s Step) TitleIn(l msg.Lang) string {
	return s.Title.In(l)
}

// DetailIn renders the detail in l.
func (s Step) DetailIn(l msg.Lang) string {
	return s.Detail.In(l)
}

// Calendar is the exit schedule.
type Calendar struct {
	// ContractStart is the first day of service when given.
	ContractStart string `json:"contract_start,omitempty"`
	// ContractEnd is the last day of service.
	ContractEnd string `json:"contract_end"`
	// Vendor names the vendor.
	Vendor string `json:"vendor,omitempty"`
	// Steps are the steps in date order.
	Steps []Step `json:"steps"`
}

// Schedule validates in and lays out the exit (rules E1, E2, K2).
func Schedule(in Input) (Calendar, error) {
	if err := in.Validate(); err != nil {
		return Calendar{}, err
	}
	end, _ := in.end()
	days := in.DeletionWorkingDays
	if days == 0 {
		days = DefaultDeletionDays
	}
	cal := newCalendar(in.Holidays, in.Workdays)
	deletion := cal.addWorkingDays(end, days)
	day := func(t time.Time) string { return t.Format(dateLayout) }
	p := Calendar{ContractStart: in.ContractStart, ContractEnd: day(end), Vendor: in.Vendor, Steps: []Step{
		step("decide", "E1", day(end.AddDate(0, 0, -5)), day(end.AddDate(0, 0, -3))),
		step("export", "E2", day(end.AddDate(0, 0, -3)), day(end.AddDate(0, 0, -1))),
		step("end", "E2", day(end), day(end)),
		step("deletion", "K2", day(end.AddDate(0, 0, 1)), day(deletion), msg.Int(days)),
		step("reconcile", "E2", day(end.AddDate(0, 0, 1)), day(deletion)),
	}}
	// The sort package, not slices: each element type of a generic sort
	// adds about 12 KB of uncompressed code and data to app.wasm.
	order := func(a, b Step) int {
		return cmp.Or(strings.Compare(a.Due, b.Due), strings.Compare(a.Start, b.Start))
	}
	sort.SliceStable(p.Steps, func(i, j int) bool { return order(p.Steps[i], p.Steps[j]) < 0 })
	return p, nil
}

// calendar knows which days are working days.
type calendar struct{ holidays, workdays map[string]bool }

func newCalendar(holidays, workdays []string) calendar {
	c := calendar{holidays: map[string]bool{}, workdays: map[string]bool{}}
	for _, d := range holidays {
		c.holidays[d] = true
	}
	for _, d := range workdays {
		c.workdays[d] = true
	}
	return c
}

// working reports whether t is a working day: a weekday that is not a
// holiday, or a weekend day listed as worked.
func (c calendar) working(t time.Time) bool {
	d := t.Format(dateLayout)
	if c.holidays[d] {
		return false
	}
	return !isWeekend(t) || c.workdays[d]
}

// addWorkingDays returns the n-th working day after t.
func (c calendar) addWorkingDays(t time.Time, n int) time.Time {
	for n > 0 {
		t = t.AddDate(0, 0, 1)
		if c.working(t) {
			n--
		}
	}
	return t
}
