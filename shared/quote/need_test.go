package quote

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestNeedFor: the plan's figures as the need the quotes are priced for
// (rules C1, C5): cards at least one, TB of storage as GB, the term held to
// [1, 120] months.
func TestNeedFor(t *testing.T) {
	d := decimal.RequireFromString
	tests := []struct {
		name                  string
		cards, ips, months    int
		egress, storage       string
		wantCards, wantTerm   int
		wantEgress, wantStore string
	}{
		{"8 cards for a year", 8, 2, 12, "5", "2", 8, 12, "5", "2000"},
		{"no plan yet: one card", 0, 0, 6, "0", "0.5", 1, 6, "0", "500"},
		{"no project length: one month", 4, 0, 0, "1.5", "10", 4, 1, "1.5", "10000"},
		{"ten years and more: 120 months", 16, 8, 240, "0", "0", 16, 120, "0", "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := NeedFor(tt.cards, d(tt.egress), d(tt.storage), tt.ips, tt.months)
			if n.Cards != tt.wantCards || n.TermMonths != tt.wantTerm || n.IPs != tt.ips ||
				n.EgressTB.String() != tt.wantEgress || n.StorageGB.String() != tt.wantStore {
				t.Errorf("NeedFor = %+v, want cards %d, term %d, ips %d, egress %s TB, storage %s GB",
					n, tt.wantCards, tt.wantTerm, tt.ips, tt.wantEgress, tt.wantStore)
			}
		})
	}
}
