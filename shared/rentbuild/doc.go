// Package rentbuild compares renting GPUs with building (buying and running)
// them, and a hybrid of the two.
//
// It implements these rules from docs/rules.md:
//
//   - D1: the rent-or-build table (daily use, project length, operations
//     team, demand, data), evaluated row by row on the user's inputs and
//     shown next to the break-even formula.
//   - D2: the hybrid, about 40% owned and 60% rented. Its saving against
//     building everything is 0.6 × (1 − rent/self-build), computed honestly:
//     D2's "30–50% cheaper" holds only when rent is at most half the
//     self-build cost, and renting everything beats the hybrid whenever rent
//     is below self-build, so the hybrid is a data or capacity decision.
//
// Formulas: straight-line depreciation (capex − residual) ÷ months,
// electricity TDP × cards × PUE × hours × tariff, cost per useful GPU-hour,
// and break-even months capex ÷ (rent − running cost) (as in
// chanthaphan/gpu-tco's src/model/tco.js), which is "never" when rent is not
// above the running cost.
package rentbuild
