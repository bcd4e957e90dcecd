// Package quote puts vendor quotes for the same need on one footing and
// flags what a buyer should ask about.
//
// Every quote is split into GPU rent, egress, storage, extra IP addresses,
// support and data migration, each with its free quota (rule C1). Compare
// prices each quote for the plan's need (cards, egress TB, storage GB, IPs)
// and normalises it to a monthly cost without VAT. Where a quote does not
// say whether its prices include VAT, or at what rate, the cost becomes a
// range: the rate is 6% for IT and value-added telecom services or 13% for
// leasing tangible movable property such as bare metal, and which one
// applies to GPU rental is unconfirmed.
//
// It implements these rules from docs/rules.md:
//
//   - C5: quotes more than 30% apart: ask what each includes; a low GPU
//     price with high extras usually means cost moved into network and
//     storage; a bundled quote must be split before it is compared.
//   - C3: extras above 25% of the total are flagged.
//   - V4: at least 3 all-in quotes (001 Q3); the 002 checklist asks for at
//     least 2. Both figures are cited.
//   - K4 and A5: billing that starts on order bills the delivery wait;
//     delivery time and the VAT rate must be stated.
package quote
