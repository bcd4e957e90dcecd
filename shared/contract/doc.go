// Package contract checks the clauses of a GPU rental contract against the
// rulebook's contract rules and computes what they are worth in money.
//
// It implements these rules from docs/rules.md:
//
//   - K1: availability of at least 99.9%, compensation in money as a share
//     of the monthly fee, capped at no less than 50% of it. Credit tables
//     come as presets (the articles' minimum, AWS EC2, Alibaba ECS, Alibaba
//     DataHub) or as the contract's own tiers. A tier is
//     a half-open interval: "below 99.99%" does not include 99.99, and a
//     tier marked inclusive ("at or below 99.9%") does.
//   - K2: the data belong to the customer, the vendor may not access them,
//     and they are deleted within 7 working days with a written certificate.
//   - K3: early termination costs no more than the current month's fee on
//     a monthly contract, and no more than min(20% of the remaining rent,
//     3 monthly fees) on a longer one. The cost is worked out
//     for every month of the term.
//   - K4: what the contract must name (model, memory, count, virtualisation,
//     delivery, billing start, invoice type and tax rate, ...).
//   - K5: an online user agreement is not a service contract.
//   - K6: the credit a 48-hour outage earns, and whether the business can
//     survive one; if not, K1–K3 are not negotiable.
//
// Allowed downtime is (1 − availability) × the minutes of the month, on the
// contract's own month basis: 28, 29, 30 or 31 days, or the 730-hour
// month.
package contract
