package quote

import "github.com/shopspring/decimal"

// Bounds of Need.TermMonths (Validate checks the same range).
const (
	minTermMonths = 1
	maxTermMonths = 120
)

// NeedFor is the need a plan's figures give the quote comparison (rules
// C1, C5): the plan's card count, at least one; its monthly egress; its
// storage in TB as GB, 1 TB = 1000 GB as vendors price disk; its extra
// public IPs; and the project's months as the term that spreads one-off
// fees, held to [1, 120]. The site's quotes page fills a draft from it.
func NeedFor(cards int, egressTB, storageTB decimal.Decimal, ips, projectMonths int) Need {
	return Need{
		Cards:      max(cards, 1),
		EgressTB:   egressTB,
		StorageGB:  storageTB.Mul(decimal.NewFromInt(1000)),
		IPs:        ips,
		TermMonths: min(max(projectMonths, minTermMonths), maxTermMonths),
	}
}
