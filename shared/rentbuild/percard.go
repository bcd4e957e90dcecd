package rentbuild

import "github.com/shopspring/decimal"

// CapexPerCard is the purchase price of one card, Capex ÷ Cards rounded to
// the fen (rule D1's self-build figure, as the sheet's
// cost.self_build.capex_per_card states it); zero when Cards is not
// positive. The site shows it as the value the comparison used.
func (b SelfBuild) CapexPerCard() decimal.Decimal {
	if b.Cards < 1 {
		return decimal.Zero
	}
	return b.Capex.DivRound(decimal.NewFromInt(int64(b.Cards)), 2)
}
