package contract

import (
	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/msg"
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
	c := newClause("K1")
	if in.AvailabilityPct.LessThan(minAvailability) {
		c.add(finding.Red, "contract.k1.below", pctArg(in.AvailabilityPct), msg.Text(r.AllowedMinutes.String()), basisArg(r.Basis))
	} else {
		c.add(finding.Green, "contract.k1.ok", pctArg(in.AvailabilityPct), msg.Text(r.AllowedMinutes.String()), basisArg(r.Basis))
	}
	switch in.Compensation {
	case CompMoney:
		c.add(finding.Green, "contract.k1.money")
	case CompVoucher:
		c.add(finding.Amber, "contract.k1.voucher")
	case CompHours:
		c.add(finding.Red, "contract.k1.hours")
	default:
		c.add(finding.Red, "contract.k1.none")
	}
	maxPct := r.Table.MaxPct()
	if maxPct.LessThan(minCapPct) {
		c.add(finding.Red, "contract.k1.cap_low", pctArg(maxPct))
	} else {
		c.add(finding.Green, "contract.k1.cap_ok", pctArg(maxPct))
	}
	if len(r.Table.Tiers) > 0 && r.Table.Tiers[0].BelowPct.LessThan(in.AvailabilityPct) {
		c.add(finding.Amber, "contract.k1.gap", pctArg(in.AvailabilityPct), pctArg(r.Table.Tiers[0].BelowPct))
	}
	return c
}

// dataClause grades rule K2.
func dataClause(d Data) Clause {
	c := newClause("K2")
	switch d.Owner {
	case OwnerCustomer:
		c.add(finding.Green, "contract.k2.customer")
	case OwnerVendor:
		c.add(finding.Red, "contract.k2.vendor")
	default:
		c.add(finding.Red, "contract.k2.no_owner")
	}
	if d.NoVendorAccess {
		c.add(finding.Green, "contract.k2.no_access")
	} else {
		c.add(finding.Red, "contract.k2.access")
	}
	switch {
	case d.DeletionWorkingDays == 0:
		c.add(finding.Red, "contract.k2.no_deadline")
	case d.DeletionWorkingDays > 7:
		c.add(finding.Amber, "contract.k2.late", msg.Int(d.DeletionWorkingDays))
	default:
		c.add(finding.Green, "contract.k2.deadline", msg.Int(d.DeletionWorkingDays))
	}
	if d.Certificate {
		c.add(finding.Green, "contract.k2.certificate")
	} else {
		c.add(finding.Red, "contract.k2.no_certificate")
	}
	return c
}

// exitClause grades rule K3 from the exit schedule.
func exitClause(in Input, rows []ExitRow) Clause {
	c := newClause("K3")
	if in.FirstContract && (in.PaymentPeriod == Annual || in.TermMonths > 3) {
		c.add(finding.Amber, "contract.k3.first")
	}
	if in.Termination == nil {
		c.add(finding.Amber, "contract.k3.no_clause")
		return c
	}
	var worst *ExitRow
	for i := range rows {
		if rows[i].Over() && (worst == nil || excess(rows[i]).GreaterThan(excess(*worst))) {
			worst = &rows[i]
		}
	}
	if worst == nil {
		c.add(finding.Green, "contract.k3.within"+monthlyNote(in.PaymentPeriod))
		return c
	}
	c.add(finding.Red, "contract.k3.over"+monthlyNote(in.PaymentPeriod),
		msg.Int(worst.Month), msg.Int(in.TermMonths), msg.Money(*worst.Contract), pctArg(in.Termination.RemainingPct),
		msg.Int(worst.RemainingMonths), msg.Money(worst.Remaining), msg.Money(worst.Recommended))
	return c
}

func excess(r ExitRow) decimal.Decimal { return r.Contract.Sub(r.Recommended) }

// monthlyNote is the suffix of the message ids whose cap adds one month's
// fee on a monthly contract.
func monthlyNote(p Period) string {
	if p == Monthly {
		return "_monthly"
	}
	return ""
}

// pctArg is a percentage as pct writes it, the same in both languages.
func pctArg(p decimal.Decimal) msg.Arg { return msg.Text(pct(p)) }

// basisArg is a month basis, "30d" in English and "30 天" in Chinese.
func basisArg(b Basis) msg.Arg {
	if !msg.Known("contract.basis." + string(b)) {
		return msg.Text(string(b))
	}
	return msg.Label("contract.basis." + string(b))
}

// k4Names lists rule K4's items with their labels' catalogue ids.
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
		{n.Model, "contract.name.model", true},
		{n.Memory, "contract.name.memory", true},
		{n.CardCount, "contract.name.card_count", true},
		{n.Virtualisation, "contract.name.virtualisation", true},
		{n.DeliveryTime, "contract.name.delivery_time", false},
		{n.ReadyCondition, "contract.name.ready_condition", false},
		{n.BillingPeriod, "contract.name.billing_period", false},
		{n.SeparateItems, "contract.name.separate_items", false},
		{n.FaultResponse, "contract.name.fault_response", false},
		{n.ExitProcess, "contract.name.exit_process", false},
		{n.InvoiceTax, "contract.name.invoice_tax", false},
	}
}

// joined lists catalogue labels, "a, b" in English and "a、b" in Chinese.
func joined(ids []string) msg.Arg {
	m := msg.New(ids[0])
	for _, id := range ids[1:] {
		m = msg.New("contract.join", msg.Sub(m), msg.Label(id))
	}
	return msg.Sub(m)
}

// joinedRules lists rule ids, "K1, K3" in English and "K1、K3" in Chinese.
func joinedRules(ids []string) msg.Arg {
	m := msg.New("common.verbatim", msg.Text(ids[0]))
	for _, id := range ids[1:] {
		m = msg.New("contract.join", msg.Sub(m), msg.Text(id))
	}
	return msg.Sub(m)
}

// namesClause grades rule K4: what the contract names.
func namesClause(in Input) Clause {
	c := newClause("K4")
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
		c.add(finding.Green, "contract.k4.all")
	}
	if len(core) > 0 {
		c.add(finding.Red, "contract.k4.core", joined(core))
	}
	if len(other) > 0 {
		c.add(finding.Amber, "contract.k4.other", joined(other))
	}
	switch in.BillingStart {
	case OnReady:
		c.add(finding.Green, "contract.k4.on_ready")
	case OnOrder:
		c.add(finding.Amber, "contract.k4.on_order")
	default:
		c.add(finding.Red, "contract.k4.no_start")
	}
	if in.PaymentPeriod == "" {
		c.add(finding.Amber, "contract.k4.no_payment")
	}
	return c
}

// documentClause grades rule K5.
func documentClause(d Document) Clause {
	c := newClause("K5")
	switch d {
	case ServiceContract:
		c.add(finding.Green, "contract.k5.service")
	case UserAgreement:
		c.add(finding.Red, "contract.k5.agreement")
	default:
		c.add(finding.Amber, "contract.k5.unknown")
	}
	return c
}

// outageClause grades rule K6 from the outage credit and K1–K3.
func outageClause(in Input, o Outage, k1, k2, k3 Clause) Clause {
	c := newClause("K6")
	cr := o.Credit
	hours := msg.Text(o.Hours.String())
	args := []msg.Arg{hours, pctArg(cr.UptimePct), basisArg(in.basis()), msg.Money(cr.Amount), pctArg(cr.Pct)}
	if cr.Capped {
		c.note("contract.k6.outage_capped", append(args, pctArg(cr.TierPct))...)
	} else {
		c.note("contract.k6.outage", args...)
	}
	switch {
	case in.SurvivesOutage == nil:
		c.add(finding.Amber, "contract.k6.ask", hours)
	case *in.SurvivesOutage:
		c.add(finding.Green, "contract.k6.survives")
	default:
		weak := weakClauses(k1, k2, k3)
		if len(weak) > 0 {
			c.add(finding.Red, "contract.k6.weak", joinedRules(weak))
		} else {
			c.add(finding.Green, "contract.k6.strong")
		}
	}
	return c
}

func weakClauses(cs ...Clause) []string {
	var out []string
	for _, c := range cs {
		if c.Level != finding.Green {
			out = append(out, c.Rule)
		}
	}
	return out
}
