package rentbuild

import (
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Helpers the tests use that neither binary reaches.

// CostPerUsefulHour is what one busy GPU-hour costs when a monthly cost is
// spread over cards × 730 h × utilisation (computetape's example: 30,000
// over 36 months at 70% → 1.6308 an hour). Utilisation must be in (0, 1].
func CostPerUsefulHour(monthly decimal.Decimal, cards int, utilisation decimal.Decimal) (decimal.Decimal, error) {
	if cards < 1 {
		return decimal.Zero, intErr("cards", cards, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	}
	if !utilisation.IsPositive() || utilisation.GreaterThan(decimal.NewFromInt(1)) {
		return decimal.Zero, decErr("utilisation", utilisation, msg.New("want.in", msg.Label("want.noun.fraction"), msg.Text("(0, 1]")))
	}
	hours := money.HoursPerMonth.Mul(decimal.NewFromInt(int64(cards))).Mul(utilisation)
	return monthly.DivRound(hours, money.DivPrecision), nil
}
