package contract

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// Rule K1's floors.
var (
	minAvailability = decimal.RequireFromString("99.9")
	minCapPct       = decimal.NewFromInt(50)
)

// pct writes a percentage for a reason: 99.9 → "99.9%", 93.3333… → "93.33%".
func pct(p decimal.Decimal) string {
	if p.Exponent() >= -3 {
		return p.String() + "%"
	}
	return p.StringFixed(2) + "%"
}

// slaClause grades rule K1: availability, form of compensation and cap.
func slaClause(in Input, r Result) Clause {
	c := Clause{Rule: "K1", Title: "SLA and compensation", Level: Green}
	if in.AvailabilityPct.LessThan(minAvailability) {
		c.add(Red, "Availability %s is below the 99.9%% floor: it allows %s minutes of downtime a month (%s), against 43.2 at 99.9%%.",
			pct(in.AvailabilityPct), r.AllowedMinutes.String(), r.Basis)
	} else {
		c.add(Green, "Availability %s allows %s minutes of downtime a month (%s).",
			pct(in.AvailabilityPct), r.AllowedMinutes.String(), r.Basis)
	}
	switch in.Compensation {
	case CompMoney:
		c.add(Green, "Compensation is paid in money.")
	case CompVoucher:
		c.add(Amber, "Compensation is vouchers only: no cash, no invoice, usable only on the same product (as Tencent and Alibaba pay); ask for money.")
	case CompHours:
		c.add(Red, "Compensation is extra service hours (补时长), not money: the articles require money (rules K1, V2).")
	default:
		c.add(Red, "The contract does not say how it compensates: an SLA without a clear payout is grounds to exclude the vendor (rule V2).")
	}
	maxPct := r.Table.MaxPct()
	if maxPct.LessThan(minCapPct) {
		c.add(Red, "The most the SLA pays is %s of the monthly fee; rule K1 asks for a cap of at least 50%%.", pct(maxPct))
	} else {
		c.add(Green, "The SLA pays up to %s of the monthly fee (rule K1: at least 50%%).", pct(maxPct))
	}
	if len(r.Table.Tiers) > 0 && r.Table.Tiers[0].BelowPct.LessThan(in.AvailabilityPct) {
		c.add(Amber, "The contract commits to %s but pays nothing until uptime falls below %s.",
			pct(in.AvailabilityPct), pct(r.Table.Tiers[0].BelowPct))
	}
	return c
}

// dataClause grades rule K2.
func dataClause(d Data) Clause {
	c := Clause{Rule: "K2", Title: "Data ownership and deletion", Level: Green}
	switch d.Owner {
	case OwnerCustomer:
		c.add(Green, "The data belong to the customer.")
	case OwnerVendor:
		c.add(Red, "The contract gives the vendor ownership of the data: it must belong to the customer.")
	default:
		c.add(Red, "The contract does not say who owns the data: it must say the customer does.")
	}
	if d.NoVendorAccess {
		c.add(Green, "The vendor may not access, copy or keep the data.")
	} else {
		c.add(Red, "The contract does not forbid the vendor to access, copy or keep the data.")
	}
	switch {
	case d.DeletionWorkingDays == 0:
		c.add(Red, "No deletion deadline: ask for deletion within 7 working days of termination.")
	case d.DeletionWorkingDays > 7:
		c.add(Amber, "Deletion within %d working days is later than the 7 the articles ask for.", d.DeletionWorkingDays)
	default:
		c.add(Green, "Deletion within %d working days of termination (rule K2: at most 7).", d.DeletionWorkingDays)
	}
	if d.Certificate {
		c.add(Green, "The vendor gives a written deletion certificate.")
	} else {
		c.add(Red, "No written deletion certificate: without it the deletion cannot be proven.")
	}
	return c
}

// exitClause grades rule K3 from the exit schedule.
func exitClause(in Input, rows []ExitRow) Clause {
	c := Clause{Rule: "K3", Title: "Early termination", Level: Green}
	if in.FirstContract && (in.PaymentPeriod == Annual || in.TermMonths > 3) {
		c.add(Amber, "First contract with this vendor: start monthly or quarterly and move to annual once it has proven stable (rule B3).")
	}
	if in.Termination == nil {
		c.add(Amber, "The contract has no early-termination clause: ask what leaving early costs and put a cap in writing.")
		return c
	}
	var worst *ExitRow
	for i := range rows {
		if rows[i].Over() && (worst == nil || excess(rows[i]).GreaterThan(excess(*worst))) {
			worst = &rows[i]
		}
	}
	if worst == nil {
		c.add(Green, "Leaving early never costs more than the recommended cap, min(20%% of the remaining rent, 3 monthly fees)%s.", monthlyNote(in.PaymentPeriod))
		return c
	}
	c.add(Red, "Leaving after month %d of %d costs %s (%s of %d months' rent %s); the recommended cap is %s%s.",
		worst.Month, in.TermMonths, money.Format(*worst.Contract), pct(in.Termination.RemainingPct),
		worst.RemainingMonths, money.Format(worst.Remaining), money.Format(worst.Recommended), monthlyNote(in.PaymentPeriod))
	return c
}

func excess(r ExitRow) decimal.Decimal { return r.Contract.Sub(r.Recommended) }

func monthlyNote(p Period) string {
	if p == Monthly {
		return " and, on a monthly contract, one month's fee"
	}
	return ""
}

// k4Names lists rule K4's items with their labels.
func k4Names(n Names) []struct {
	ok    bool
	label string
	core  bool
} {
	return []struct {
		ok    bool
		label string
		core  bool
	}{
		{n.Model, "exact GPU model", true},
		{n.Memory, "memory per card", true},
		{n.CardCount, "card count", true},
		{n.Virtualisation, "bare metal or virtualised", true},
		{n.DeliveryTime, "delivery time", false},
		{n.ReadyCondition, "a verifiable ready condition", false},
		{n.BillingPeriod, "billing period", false},
		{n.SeparateItems, "whether bandwidth and storage are billed separately", false},
		{n.FaultResponse, "fault response time", false},
		{n.ExitProcess, "exit process and data destruction", false},
		{n.InvoiceTax, "invoice type and tax rate", false},
	}
}

// namesClause grades rule K4: what the contract names.
func namesClause(in Input) Clause {
	c := Clause{Rule: "K4", Title: "What the contract names", Level: Green}
	var core, other []string
	for _, it := range k4Names(in.Names) {
		switch {
		case it.ok:
		case it.core:
			core = append(core, it.label)
		default:
			other = append(other, it.label)
		}
	}
	if len(core)+len(other) == 0 {
		c.add(Green, "Every K4 item is named.")
	}
	if len(core) > 0 {
		c.add(Red, "Not named: %s. Acceptance checks the delivered machine against these (rule A1).", strings.Join(core, ", "))
	}
	if len(other) > 0 {
		c.add(Amber, "Not named: %s.", strings.Join(other, ", "))
	}
	switch in.BillingStart {
	case OnReady:
		c.add(Green, "Billing starts when the machine is ready.")
	case OnOrder:
		c.add(Amber, "Billing starts on order: the wait for delivery is billed; ask for billing from a verifiable ready condition.")
	default:
		c.add(Red, "The contract does not say when billing starts (on order or on ready).")
	}
	if in.PaymentPeriod == "" {
		c.add(Amber, "The payment period is not stated.")
	}
	return c
}

// documentClause grades rule K5.
func documentClause(d Document) Clause {
	c := Clause{Rule: "K5", Title: "Form of the contract", Level: Green}
	switch d {
	case ServiceContract:
		c.add(Green, "The terms are a signed service contract.")
	case UserAgreement:
		c.add(Red, "An online user agreement is not a service contract: it is one-sided and the platform can change it.")
	default:
		c.add(Amber, "Not known whether the terms are a signed service contract or an online user agreement.")
	}
	return c
}

// outageClause grades rule K6 from the outage credit and K1–K3.
func outageClause(in Input, o Outage, k1, k2, k3 Clause) Clause {
	c := Clause{Rule: "K6", Title: "The 48-hour test", Level: Green}
	cr := o.Credit
	c.Reasons = append(c.Reasons, "An outage of "+o.Hours.String()+" hours leaves "+pct(cr.UptimePct)+
		" uptime in a "+string(in.basis())+" month and earns "+money.Format(cr.Amount)+" ("+pct(cr.Pct)+
		" of the monthly fee"+cappedNote(cr)+").")
	switch {
	case in.SurvivesOutage == nil:
		c.add(Amber, "Answer the question: can the business survive a %s-hour GPU outage? If not, K1–K3 are not negotiable.", o.Hours.String())
	case *in.SurvivesOutage:
		c.add(Green, "The business can survive the outage, so K1–K3 leave room to negotiate.")
	default:
		weak := weakClauses(k1, k2, k3)
		if len(weak) > 0 {
			c.add(Red, "The business cannot survive the outage, so K1–K3 are not negotiable, and %s fall short.", strings.Join(weak, ", "))
		} else {
			c.add(Green, "The business cannot survive the outage, and K1–K3 all meet the rules.")
		}
	}
	return c
}

func cappedNote(cr Credit) string {
	if cr.Capped {
		return ", capped from " + pct(cr.TierPct)
	}
	return ""
}

func weakClauses(cs ...Clause) []string {
	var out []string
	for _, c := range cs {
		if c.Level != Green {
			out = append(out, c.Rule)
		}
	}
	return out
}
