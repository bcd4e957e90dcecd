package main

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestBillingFor checks rule B1: under 10 hours a day pay by the hour, from
// 10 hours a day pay by the month.
func TestBillingFor(t *testing.T) {
	tests := []struct {
		hours string
		want  Billing
	}{
		{"0", Hourly},
		{"4", Hourly},
		{"9.99", Hourly},
		{"10", Monthly}, // rule B1 says "over 10"; exactly 10 goes monthly (task brief: hours<10 → hourly)
		{"12", Monthly},
		{"24", Monthly},
	}
	for _, tt := range tests {
		if got := BillingFor(decimal.RequireFromString(tt.hours)); got != tt.want {
			t.Errorf("rule B1: BillingFor(%s) = %s, want %s", tt.hours, got, tt.want)
		}
	}
}

func TestCompute(t *testing.T) {
	r := Compute(Input{HoursPerDay: "12"})
	if r.Billing != Monthly || r.Hours.String() != "12" || len(r.Errors) != 0 {
		t.Errorf("Compute(12) = %+v", r)
	}
	r = Compute(Input{HoursPerDay: "x"})
	if r.Billing != "" || len(r.Errors) != 1 || r.ErrorFor("hours") == nil {
		t.Errorf("Compute(x) = %+v, want one hours error and no billing", r)
	}
	if got := r.Billing.Label(En.M()); got != "—" {
		t.Errorf("label of no billing = %q", got)
	}
}
