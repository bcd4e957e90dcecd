package quote

import (
	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// The two VAT rates that may apply (unconfirmed for GPU rental): 6% for IT and
// value-added telecom services, 13% for leasing tangible movable property.
var (
	vatService = decimal.NewFromInt(6)
	vatLeasing = decimal.NewFromInt(13)
)

// exVAT removes VAT from an amount as the quote's VAT terms allow: a point
// when they are known, a range when they are not.
func exVAT(amount decimal.Decimal, v VAT) (money.Range, []finding.Flag) {
	lo, hi := vatService, vatLeasing
	var flags []finding.Flag
	if v.RatePct != nil {
		lo, hi = *v.RatePct, *v.RatePct
	} else {
		flags = append(flags, finding.New("K4", finding.Amber, "quote.flag.vat_rate"))
	}
	strip := func(rate decimal.Decimal) decimal.Decimal {
		return amount.Mul(hundred).DivRound(hundred.Add(rate), money.DivPrecision)
	}
	switch {
	case v.Included == nil:
		flags = append(flags, finding.New("K4", finding.Amber, "quote.flag.vat_unknown", msg.MoneyRange(strip(hi), amount)))
		return money.Range{Low: strip(hi), High: amount}, flags
	case *v.Included:
		return money.Range{Low: strip(hi), High: strip(lo)}, flags
	}
	return money.Point(amount), flags
}

var hundred = decimal.NewFromInt(100)

// delivery prices the wait for delivery when billing starts on order
// (rule K4) and flags an unstated or long delivery (rule A5).
func delivery(q Quote, rent decimal.Decimal, flags []finding.Flag) (decimal.Decimal, []finding.Flag) {
	wait := decimal.Zero
	switch {
	case q.BillingStart == "":
		flags = append(flags, finding.New("K4", finding.Amber, "quote.flag.no_billing_start"))
	case q.BillingStart == OnOrder && q.DeliveryDays != nil && *q.DeliveryDays > 0:
		hours := decimal.NewFromInt(int64(*q.DeliveryDays) * 24)
		wait = rent.Mul(hours).DivRound(money.HoursPerMonth, money.DivPrecision)
		flags = append(flags, finding.New("K4", finding.Amber, "quote.flag.wait_cost", msg.Int(*q.DeliveryDays), msg.Money(wait)))
	case q.BillingStart == OnOrder:
		flags = append(flags, finding.New("K4", finding.Amber, "quote.flag.on_order"))
	}
	switch {
	case q.DeliveryDays == nil:
		flags = append(flags, finding.New("A5", finding.Amber, "quote.flag.no_delivery"))
	case *q.DeliveryDays > 3:
		flags = append(flags, finding.New("A5", finding.Info, "quote.flag.slow_delivery", msg.Int(*q.DeliveryDays)))
	}
	return wait, flags
}

// countFlag applies rule V4 to the number of quotes.
func countFlag(n int) []finding.Flag {
	switch {
	case n >= 3:
		return nil
	case n == 2:
		return []finding.Flag{finding.New("V4", finding.Amber, "quote.flag.two_quotes")}
	}
	return []finding.Flag{finding.New("V4", finding.Red, "quote.flag.one_quote")}
}

// spread applies rule C5's 30% to the cheapest and dearest quotes, on the
// high ends of their VAT-exclusive totals. Exactly 30% is not "more than".
func spread(qs []Priced, flags []finding.Flag) (*decimal.Decimal, []finding.Flag) {
	if len(qs) < 2 {
		return nil, flags
	}
	lo, hi := qs[0], qs[len(qs)-1]
	if !lo.ExVAT.High.IsPositive() {
		return nil, flags
	}
	s := hi.ExVAT.High.Sub(lo.ExVAT.High).DivRound(lo.ExVAT.High, money.DivPrecision)
	if s.GreaterThan(spreadLimit) {
		flags = append(flags, finding.New("C5", finding.Amber, "quote.flag.spread", msg.Text(hi.Vendor), msg.Percent(s), msg.Text(lo.Vendor)))
	}
	return &s, flags
}

// movedCost applies rule C5's second warning: the split quote with the
// lowest GPU rent that also has the highest extras has likely moved cost
// into network and storage. Ties are not flagged.
func movedCost(qs []Priced) {
	var split []*Priced
	for i := range qs {
		if qs[i].ExtrasShare != nil {
			split = append(split, &qs[i])
		}
	}
	if len(split) < 2 {
		return
	}
	minGPU, maxExtras := split[0], split[0]
	gpuTie, extrasTie := false, false
	for _, p := range split[1:] {
		switch c := p.gpu.Cmp(minGPU.gpu); {
		case c < 0:
			minGPU, gpuTie = p, false
		case c == 0:
			gpuTie = true
		}
		switch c := p.extras.Cmp(maxExtras.extras); {
		case c > 0:
			maxExtras, extrasTie = p, false
		case c == 0:
			extrasTie = true
		}
	}
	if minGPU != maxExtras || gpuTie || extrasTie {
		return
	}
	minGPU.Flags = append(minGPU.Flags, finding.New("C5", finding.Amber, "quote.flag.moved", msg.Money(minGPU.gpu), msg.Money(minGPU.extras)))
}
