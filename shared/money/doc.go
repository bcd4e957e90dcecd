// Package money holds the planner's money primitives: parsing user input into
// decimal.Decimal, a low–high Range, display rounding and formatting (plain,
// ¥ and the Chinese 万 form), and the 730-hour month that converts hourly and
// monthly prices. What a reader sees on the site or in
// gpuverify's text goes through shared/msg, whose Lang.Money and
// Lang.MoneyRange are the one display rule in both languages.
//
// Rules for every package that handles money:
//
//   - Money is always decimal.Decimal, never float64, never
//     decimal.NewFromFloat.
//   - Divide with DivRound(x, DivPrecision); never rely on the package global
//     decimal.DivisionPrecision and never change it.
//   - Decimals serialise to JSON as quoted strings (shopspring's default), so
//     JavaScript numbers never touch money. Never set
//     decimal.MarshalJSONWithoutQuotes.
//   - Round only for display, with Round2: two places, half away from zero.
//     For the non-negative amounts the planner shows this is half-up, the
//     usual practice for CNY amounts.
package money
