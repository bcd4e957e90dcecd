// Package ops follows a rental month by month once it is running: the bill
// against the budget, what a useful GPU-hour really costs, idle capacity,
// and a quarterly vendor scorecard.
//
// It implements these rules from docs/rules.md:
//
//   - O1: utilisation (the monthly mean from gpuverify monitor) under 60%
//     for two months running means over-provisioning or a scheduling
//     problem; Review suggests fewer cards, or hourly billing when the
//     cards are busy under 10 hours a day (rule B1).
//   - O2: every month, each bill line against its budget line.
//   - O3: every quarter, a scorecard of utilisation, cost and the vendor's
//     review mark.
//   - O4: the articles' cautionary case, three months in at 45% utilisation
//     and network 30% over budget, is a test.
//
// The cost of a useful GPU-hour is cost ÷ (cards × hours × utilisation):
// an idle card still costs its rent.
package ops
