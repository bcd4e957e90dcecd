package main

import "github.com/shopspring/decimal"

// This file holds the one real computation the page shows until the planner
// is wired to shared/plan: the billing mode of rule B1.

// Billing is how a rental is paid for.
type Billing string

// The billing modes of rule B1.
const (
	Hourly  Billing = "hourly"
	Monthly Billing = "monthly"
)

// hourlyBelow is the threshold of rule B1: under 10 hours a day on average,
// pay by the hour; from 10 hours up, pay by the month.
var hourlyBelow = decimal.NewFromInt(10)

// BillingFor applies rule B1 to the average hours of use per day.
func BillingFor(hoursPerDay decimal.Decimal) Billing {
	if hoursPerDay.LessThan(hourlyBelow) {
		return Hourly
	}
	return Monthly
}

// Result is what the planner shows for one Input.
type Result struct {
	Hours   decimal.Decimal
	Billing Billing       // empty when Errors is not
	Errors  []*FieldError // one per refused field, in field order
}

// Compute turns the input into a result. It never panics on bad input: every
// refused field is reported in Errors.
func Compute(in Input) Result {
	r := Result{Errors: in.Errors()}
	if len(r.Errors) > 0 {
		return r
	}
	f, _ := fieldByKey("hours")
	r.Hours, _ = f.Parse(in.HoursPerDay)
	r.Billing = BillingFor(r.Hours)
	return r
}

// ErrorFor returns the error of one field, or nil.
func (r Result) ErrorFor(key string) *FieldError {
	for _, e := range r.Errors {
		if e.Key == key {
			return e
		}
	}
	return nil
}

// Label returns the billing mode in the language of m.
func (b Billing) Label(m *Messages) string {
	switch b {
	case Hourly:
		return m.Hourly
	case Monthly:
		return m.Monthly
	}
	return m.ResultPending
}
