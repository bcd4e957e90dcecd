// Package billing chooses how to pay for rented GPUs: by the hour, by the
// month, or on an annual contract.
//
// It implements these rules from docs/rules.md:
//
//   - B1: under 10 hours a day pay by the hour, over 10 by the month. The
//     package shows B1 beside the break-even computed from the user's two
//     prices (M ÷ h hours a month) and says whether they agree;
//     B1 decides only when a price is missing.
//   - B2: temporary (volatile) work by the hour, steady services by the
//     month, long projects on a monthly package or an annual contract.
//   - B3: a first contract with a vendor is monthly or quarterly; annual only
//     once stability is confirmed. Annual is never recommended for a first
//     contract.
//
// The annual price is 12·M·(1−d) a year, shown per month (Alibaba Cloud's
// "买满1年 8.5折", help.aliyun.com 343410: 4,368 at 15% off = 3,712.80).
package billing
