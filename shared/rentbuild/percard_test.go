package rentbuild

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestCapexPerCard: the per-card purchase price behind rule D1's
// self-build figure, back from the whole capex.
func TestCapexPerCard(t *testing.T) {
	tests := []struct {
		capex string
		cards int
		want  string
	}{
		{"1200000", 8, "150000"},  // an 8 × H20 server's 1,200,000 over 8 cards
		{"100000", 3, "33333.33"}, // rounded to the fen
		{"160000", 1, "160000"},
		{"160000", 0, "0"}, // no cards: nothing to divide
	}
	for _, tt := range tests {
		b := SelfBuild{Capex: decimal.RequireFromString(tt.capex), Cards: tt.cards}
		if got := b.CapexPerCard(); got.String() != tt.want {
			t.Errorf("SelfBuild{Capex: %s, Cards: %d}.CapexPerCard() = %s, want %s", tt.capex, tt.cards, got, tt.want)
		}
	}
}
