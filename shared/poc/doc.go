// Package poc judges a proof-of-concept run and checks that the machine
// delivered is the machine tested.
//
// It implements these rules from docs/rules.md:
//
//   - P1: the POC records GPU utilisation, training speed, network
//     throughput, storage IOPS, container start time and an ease-of-use
//     score; each is judged against the figure the vendor promised or the
//     buyer requires.
//   - P2: multi-card throughput under 75% of linear scaling (N × one card)
//     means: check the network.
//   - P3: measured performance must reach at least 90% of the expected
//     figure.
//   - P4: the POC machine must be the configuration that is delivered.
//     CompareFacts lists every difference between the two machines'
//     gpuverify facts, ignores what changes from minute to minute
//     (timestamps, temperature, utilisation, current clocks, wear counters)
//     and reports different serial numbers and UUIDs as different physical
//     GPUs rather than ignoring them.
//   - P5: a 1–2 day trial, 3–5 days for buyers spending over 500,000 a
//     year, and an off-hours ticket whose response time is measured.
package poc
