// Package vendors screens, scores and ranks GPU rental vendors and splits a
// card count between a primary and a backup vendor.
//
// It implements these rules from docs/rules.md:
//
//   - V1: score 3–5 candidates on five dimensions: GPU model coverage, SLA
//     quality, data security, price transparency, network interconnect;
//     each 1–5, weighted by the user (equal weights by default).
//   - V2: hard filters. A vendor without a B11 value-added telecom licence
//     or a business licence, without corporate bank transfer and VAT
//     special invoices, or whose SLA pays in extra hours rather than money,
//     is excluded, with the reason. A filter not yet checked leaves the
//     vendor unverified: ranked after the verified ones, never silently
//     passed.
//   - V3: soft signals adjust the score, each with its reason: a Tier 3+
//     data centre with a dedicated GPU room, customer cases on the same
//     card, a refused POC (a red flag), capacity that is preemptible and may
//     run out at peak. The articles give no weights for these; the
//     adjustments are this package's assumptions, named in Adjust*.
//   - V5: two vendors, a primary with 60–70% of the cards and a backup with
//     30–40%, split in whole cards (see SplitCards).
package vendors
