package billing

import (
	"slices"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// ruleOfThumbHours is rule B1's threshold: 10 hours a day.
var ruleOfThumbHours = decimal.NewFromInt(10)

// longProjectMonths is the project length at which rule B2's "long project"
// applies: a project that outlasts a full annual contract. docs/rules.md gives no
// figure; twelve months is this package's choice, so an annual contract is
// never proposed for work that ends before the contract does.
const longProjectMonths = 12

// decision is the billing choice with the figures behind it.
type decision struct {
	mode         Mode // the recommendation
	beforeB2     Mode // the mode before rule B2's volatile override
	commit       Mode // monthly, or annual for a long steady repeat contract
	annualWanted bool // a long steady project with an annual discount
	byPrice      Mode // hourly or monthly by the break-even; "" without one
}

// decide applies the cost comparison (B1's break-even, the rule of thumb
// when a price is missing) and rules B2 and B3.
func decide(in Input, c Costs, usage decimal.Decimal) decision {
	d := decision{commit: Monthly}
	d.annualWanted = in.ProjectMonths >= longProjectMonths && in.Demand == Steady && in.AnnualDiscount.IsPositive()
	if d.annualWanted && !in.FirstContract {
		d.commit = Annual
	}
	base := ruleOfThumb(in.HoursPerDay)
	if in.HourlyPrice != nil && in.MonthlyPrice != nil {
		// usage > monthly ÷ hourly, without the division.
		d.byPrice = Hourly
		if usage.Mul(*in.HourlyPrice).GreaterThan(*in.MonthlyPrice) {
			d.byPrice = Monthly
		}
		base = Hourly
		if c.Hourly.GreaterThan(*costOf(c, d.commit)) {
			base = d.commit
		}
	}
	if base == Monthly {
		base = d.commit
	}
	d.beforeB2, d.mode = base, base
	if in.Demand == Volatile && base != Hourly {
		d.mode = Hourly
	}
	return d
}

// Recommend picks a billing mode for in and explains why. Costs decide
// between paying by the hour and committing (B1 when a price is missing);
// rules B2 and B3 then decide whether the commitment is monthly or annual
// and keep volatile work on hourly billing. Ties go to the hourly mode,
// which costs the same and commits to nothing.
func Recommend(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	days := decimal.NewFromInt(int64(in.DaysPerMonth))
	r := Result{
		UsageHoursPerMonth: in.HoursPerDay.Mul(days),
		RuleOfThumbMode:    ruleOfThumb(in.HoursPerDay),
	}
	r.Costs = costs(in, r.UsageHoursPerMonth)
	d := decide(in, r.Costs, r.UsageHoursPerMonth)
	var n notes
	if d.byPrice != "" {
		be := in.MonthlyPrice.DivRound(*in.HourlyPrice, money.DivPrecision)
		perDay := be.DivRound(days, money.DivPrecision)
		r.BreakevenHoursPerMonth, r.BreakevenHoursPerDay = &be, &perDay
		agrees := d.byPrice == r.RuleOfThumbMode
		r.RuleAgrees = &agrees
		reason := breakevenReason(in, perDay, d.byPrice, agrees)
		if d.commit == Annual {
			annual := AnnualPerMonth(*in.MonthlyPrice, in.AnnualDiscount)
			annualDay := annual.DivRound(*in.HourlyPrice, money.DivPrecision).DivRound(days, money.DivPrecision)
			reason = msg.Seq(reason, msg.New("billing.breakeven.annual", msg.Price(annual), msg.Dec(annualDay)))
		}
		n.add("B1", reason)
	} else if in.Provider != "" {
		n.add("B1", msg.New("billing.fallback.provider", msg.Text(in.Provider), mode(r.RuleOfThumbMode), msg.Dec(in.HoursPerDay)))
	} else {
		n.add("B1", fallbackReason(in))
	}
	r.Mode = d.mode
	if in.Taken != "" {
		r.Mode = in.Taken
	}
	if d.mode != d.beforeB2 && r.Mode == Hourly {
		n.add("B2", volatileReason(r.Costs, d.beforeB2))
	}
	if r.Mode == Monthly || r.Mode == Annual {
		n.add("B2", commitReason(in, r.Mode, r.Costs))
		if d.annualWanted && in.FirstContract {
			n.add("B3", firstContractReason(r.Costs))
		}
	}
	r.Reasons, r.Rules = n.reasons, n.rules
	return r, nil
}

// ruleOfThumb applies rule B1 to hours a day alone. B1 says "under 10:
// hourly, over 10: monthly"; exactly 10 goes to hourly (no commitment).
func ruleOfThumb(hoursPerDay decimal.Decimal) Mode {
	if hoursPerDay.GreaterThan(ruleOfThumbHours) {
		return Monthly
	}
	return Hourly
}

// costs prices each mode for all cards at the user's hours.
func costs(in Input, usageHours decimal.Decimal) Costs {
	var c Costs
	cards := decimal.NewFromInt(int64(in.Cards))
	if in.HourlyPrice != nil {
		v := in.HourlyPrice.Mul(usageHours).Mul(cards)
		c.Hourly = &v
	}
	if in.MonthlyPrice != nil {
		m := in.MonthlyPrice.Mul(cards)
		c.Monthly = &m
		c.Annual = ptr(AnnualPerMonth(m, in.AnnualDiscount))
	}
	return c
}

// AnnualPerMonth is an annual contract's cost per month for a monthly price
// m and a discount fraction d: 12·m·(1−d) a year spread over 12 months,
// which is m·(1−d) exactly (Alibaba Cloud's price API sample,
// help.aliyun.com 343410: 4,368 at 0.15 → 3,712.80).
func AnnualPerMonth(m, d decimal.Decimal) decimal.Decimal {
	return m.Mul(decimal.NewFromInt(1).Sub(d))
}

func costOf(c Costs, m Mode) *decimal.Decimal {
	switch m {
	case Hourly:
		return c.Hourly
	case Annual:
		return c.Annual
	}
	return c.Monthly
}

func ptr(d decimal.Decimal) *decimal.Decimal { return &d }

// mode is a billing mode as a label argument.
func mode(m Mode) msg.Arg { return msg.Label("mode." + string(m)) }

func breakevenReason(in Input, perDay decimal.Decimal, byPrice Mode, agrees bool) msg.M {
	whose := msg.Label("billing.whose.yours")
	switch {
	case in.Provider != "":
		whose = msg.Sub(msg.New("billing.whose.provider", msg.Text(in.Provider)))
	case in.Reference:
		whose = msg.Label("billing.whose.reference")
	}
	ms := []msg.M{msg.New("billing.breakeven", whose, msg.Dec(perDay),
		msg.Price(*in.MonthlyPrice), msg.Price(*in.HourlyPrice), msg.Int(in.DaysPerMonth),
		msg.Dec(in.HoursPerDay), mode(byPrice))}
	if perDay.GreaterThan(decimal.NewFromInt(24)) {
		ms = append(ms, msg.New("billing.breakeven.never"))
	}
	if agrees {
		return msg.Seq(append(ms, msg.New("billing.thumb.agrees"))...)
	}
	return msg.Seq(append(ms, msg.New("billing.thumb.disagrees"))...)
}

func fallbackReason(in Input) msg.M {
	missing := "billing.missing.hourly"
	if in.HourlyPrice != nil {
		missing = "billing.missing.monthly"
	} else if in.MonthlyPrice == nil {
		missing = "billing.missing.both"
	}
	return msg.New("billing.fallback", msg.Label(missing), msg.Dec(in.HoursPerDay))
}

func volatileReason(c Costs, would Mode) msg.M {
	m := msg.New("billing.volatile")
	if c.Hourly != nil && costOf(c, would) != nil {
		extra := c.Hourly.Sub(*costOf(c, would))
		m = msg.Seq(m, msg.New("billing.volatile.saving", mode(would), msg.Money(extra)))
	}
	return m
}

// commitReason explains a monthly or annual recommendation; only steady work
// reaches it, since volatile work stays hourly.
func commitReason(in Input, m Mode, c Costs) msg.M {
	months := msg.Int(in.ProjectMonths)
	switch {
	case in.ProjectMonths < longProjectMonths:
		return msg.New("billing.commit.short", months)
	case m == Annual && c.Monthly != nil:
		return msg.New("billing.commit.annual_saving", months, msg.Percent(in.AnnualDiscount),
			msg.Money(*c.Annual), msg.Money(*c.Monthly))
	case m == Annual:
		return msg.New("billing.commit.annual", months)
	case !in.AnnualDiscount.IsPositive():
		return msg.New("billing.commit.no_discount", months)
	}
	return msg.New("billing.commit.either", months)
}

func firstContractReason(c Costs) msg.M {
	m := msg.New("billing.first_contract")
	if c.Monthly != nil && c.Annual != nil {
		m = msg.Seq(m, msg.New("billing.first_contract.saving", msg.Money(c.Monthly.Sub(*c.Annual))))
	}
	return m
}

// notes collects reasons and the distinct rules they cite, in order.
type notes struct {
	reasons []msg.M
	rules   []string
}

func (n *notes) add(rule string, reason msg.M) {
	n.reasons = append(n.reasons, reason)
	if !slices.Contains(n.rules, rule) {
		n.rules = append(n.rules, rule)
	}
}
