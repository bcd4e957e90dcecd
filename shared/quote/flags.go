package quote

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// The two VAT rates that may apply (tco.md §4, unconfirmed): 6% for IT and
// value-added telecom services, 13% for leasing tangible movable property.
var (
	vatService = decimal.NewFromInt(6)
	vatLeasing = decimal.NewFromInt(13)
)

const rateNote = "6% (IT / value-added telecom service) or 13% (leasing of tangible property, e.g. bare metal); " +
	"which applies to GPU rental is unconfirmed"

// exVAT removes VAT from an amount as the quote's VAT terms allow: a point
// when they are known, a range when they are not.
func exVAT(amount decimal.Decimal, v VAT) (money.Range, []Flag) {
	lo, hi := vatService, vatLeasing
	var flags []Flag
	if v.RatePct != nil {
		lo, hi = *v.RatePct, *v.RatePct
	} else {
		flags = append(flags, Flag{"K4", Amber, "VAT rate not stated: " + rateNote + "; ask for the invoice type and rate."})
	}
	strip := func(rate decimal.Decimal) decimal.Decimal {
		return amount.Mul(hundred).DivRound(hundred.Add(rate), money.DivPrecision)
	}
	switch {
	case v.Included == nil:
		flags = append(flags, Flag{"K4", Amber, fmt.Sprintf("The quote does not say whether prices include VAT: compared as %s to %s without VAT.",
			money.Format(strip(hi)), money.Format(amount))})
		return money.Range{Low: strip(hi), High: amount}, flags
	case *v.Included:
		return money.Range{Low: strip(hi), High: strip(lo)}, flags
	}
	return money.Point(amount), flags
}

var hundred = decimal.NewFromInt(100)

// delivery prices the wait for delivery when billing starts on order
// (rule K4) and flags an unstated or long delivery (rule A5).
func delivery(q Quote, rent decimal.Decimal, flags []Flag) (decimal.Decimal, []Flag) {
	wait := decimal.Zero
	switch {
	case q.BillingStart == "":
		flags = append(flags, Flag{"K4", Amber, "The quote does not say when billing starts: ask whether on order or when the machine is ready."})
	case q.BillingStart == OnOrder && q.DeliveryDays != nil && *q.DeliveryDays > 0:
		hours := decimal.NewFromInt(int64(*q.DeliveryDays) * 24)
		wait = rent.Mul(hours).DivRound(money.HoursPerMonth, money.DivPrecision)
		flags = append(flags, Flag{"K4", Amber, fmt.Sprintf("Billing starts on order: the %d-day delivery wait costs about %s of rent; ask to bill from a verifiable ready condition.",
			*q.DeliveryDays, money.Format(wait))})
	case q.BillingStart == OnOrder:
		flags = append(flags, Flag{"K4", Amber, "Billing starts on order: any wait for delivery is billed; ask to bill from a verifiable ready condition."})
	}
	switch {
	case q.DeliveryDays == nil:
		flags = append(flags, Flag{"A5", Amber, "No delivery time: ask for one and put it in the contract (mature platforms deliver the same day to 1 working day)."})
	case *q.DeliveryDays > 3:
		flags = append(flags, Flag{"A5", Info, fmt.Sprintf("Delivery in %d days is longer than the 1–3 days custom bare metal usually takes.", *q.DeliveryDays)})
	}
	return wait, flags
}

// countFlag applies rule V4 to the number of quotes.
func countFlag(n int) []Flag {
	switch {
	case n >= 3:
		return nil
	case n == 2:
		return []Flag{{"V4", Amber, "2 quotes: enough for the 002 checklist (at least 2) but not for 001 Q3 (at least 3 all-in quotes with the SLA text)."}}
	}
	return []Flag{{"V4", Red, "1 quote: collect at least 3 all-in quotes with the SLA text (001 Q3); the 002 checklist asks for at least 2."}}
}

// spread applies rule C5's 30% to the cheapest and dearest quotes, on the
// high ends of their VAT-exclusive totals. Exactly 30% is not "more than".
func spread(qs []Priced, flags []Flag) (*decimal.Decimal, []Flag) {
	if len(qs) < 2 {
		return nil, flags
	}
	lo, hi := qs[0], qs[len(qs)-1]
	if !lo.ExVAT.High.IsPositive() {
		return nil, flags
	}
	s := hi.ExVAT.High.Sub(lo.ExVAT.High).DivRound(lo.ExVAT.High, money.DivPrecision)
	if s.GreaterThan(spreadLimit) {
		flags = append(flags, Flag{"C5", Amber, fmt.Sprintf("%s is %s above %s (more than 30%%): ask each what the price includes and leaves out.",
			hi.Vendor, money.FormatPercent(s), lo.Vendor)})
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
	minGPU.Flags = append(minGPU.Flags, Flag{"C5", Amber, fmt.Sprintf("Lowest GPU rent (%s) but the highest extras (%s): cost has likely moved into network or storage.",
		money.Format(minGPU.gpu), money.Format(minGPU.extras))})
}
